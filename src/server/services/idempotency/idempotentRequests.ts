// The claim on an idempotency key and its kept answer (db/schema/idempotency.ts). One INSERT decides
// which request runs: the first claims the key; a second with the same key finds the answer (and
// repeats it), or the first still running (and waits), or a claim whose worker died before answering
// (its lease ran out: this request takes it over and runs).
import { and, eq, lt, sql } from 'drizzle-orm';
import { Limits } from '../../../contract/limits';
import { idempotentRequests } from '../../db/schema/idempotency';
import type { DbOrTx } from '../../types';
import { hashOfKey, openAnswer, sealAnswer } from './answerCipher';

export type Claim =
  | { kind: 'run' }
  | { kind: 'replay'; statusCode: number; contentType: string | null; body: string }
  | { kind: 'inProgress'; retryAfterMs: number }
  | { kind: 'otherRequest' };

const leaseEnd = (now: Date) => new Date(now.getTime() + Limits.idempotency.leaseMs);

export async function claimKey(db: DbOrTx, key: string, fingerprint: string, now: Date): Promise<Claim> {
  const keyHash = hashOfKey(key);
  const inserted = await db
    .insert(idempotentRequests)
    .values({ keyHash, fingerprint, leaseUntil: leaseEnd(now), createdAt: now })
    .onConflictDoNothing()
    .returning({ keyHash: idempotentRequests.keyHash });
  if (inserted.length > 0) return { kind: 'run' };

  const [row] = await db.select().from(idempotentRequests).where(eq(idempotentRequests.keyHash, keyHash));
  // Deleted in between (its request failed and released it): claim it again.
  if (!row) return claimKey(db, key, fingerprint, now);
  if (row.fingerprint !== fingerprint) return { kind: 'otherRequest' };
  if (row.statusCode !== null && row.answer !== null) {
    return {
      kind: 'replay',
      statusCode: row.statusCode,
      contentType: row.contentType,
      body: openAnswer(key, row.answer),
    };
  }
  if (row.leaseUntil > now)
    return { kind: 'inProgress', retryAfterMs: row.leaseUntil.getTime() - now.getTime() };
  // The first request's worker stopped before answering: take the claim over (one taker wins).
  const taken = await db
    .update(idempotentRequests)
    .set({ leaseUntil: leaseEnd(now) })
    .where(
      and(
        eq(idempotentRequests.keyHash, keyHash),
        lt(idempotentRequests.leaseUntil, now),
        sql`${idempotentRequests.answer} IS NULL`,
      ),
    )
    .returning({ keyHash: idempotentRequests.keyHash });
  return taken.length > 0 ? { kind: 'run' } : claimKey(db, key, fingerprint, now);
}

/** The running request is still alive: push its lease on. */
export async function renewClaim(db: DbOrTx, key: string, now: Date): Promise<void> {
  await db
    .update(idempotentRequests)
    .set({ leaseUntil: leaseEnd(now) })
    .where(and(eq(idempotentRequests.keyHash, hashOfKey(key)), sql`${idempotentRequests.answer} IS NULL`));
}

export async function keepAnswer(
  db: DbOrTx,
  key: string,
  answer: { statusCode: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .update(idempotentRequests)
    .set({
      statusCode: answer.statusCode,
      contentType: answer.contentType,
      answer: sealAnswer(key, answer.body),
    })
    .where(eq(idempotentRequests.keyHash, hashOfKey(key)));
}

/** No answer worth repeating (a fault, a stream): the next request with this key runs again. */
export async function releaseClaim(db: DbOrTx, key: string): Promise<void> {
  await db.delete(idempotentRequests).where(eq(idempotentRequests.keyHash, hashOfKey(key)));
}

/** Housekeeping: answers older than Limits.idempotency.keptMs go. */
export async function purgeKeptAnswers(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - Limits.idempotency.keptMs);
  const rows = await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, cutoff))
    .returning({ keyHash: idempotentRequests.keyHash });
  return rows.length;
}
