// Reading and writing session rows. Every change is one transaction: the row (locked, version + 1),
// its event in the append-only log, and a NOTIFY that PostgreSQL delivers on commit to every
// instance holding an event stream for the session.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, max, ne, sql } from 'drizzle-orm';
import type { VerificationSessionState } from '../../../contract/api/verification';
import { companies } from '../../db/schema/accounts';
import {
  verificationEvents,
  verificationFrames,
  verificationSessions,
  type VerificationSessionRow,
} from '../../db/schema/verification';
import type { DbOrTx } from '../../types';
import { streamEvent } from './views';
import type { VerificationStreamEvent } from '../../../contract/api/verification';

export const VERIFICATION_NOTIFY_CHANNEL = 'verification_session';

/** The NOTIFY payload: small; listeners read the events themselves from the log. */
export interface VerificationNotice {
  sessionId: string;
  version: number;
}

/** 32 random bytes, base64url: the scan token and the phone key. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isSessionId(value: string): boolean {
  return UUID.test(value);
}

type Where = ReturnType<typeof eq>;

async function lockOne(tx: DbOrTx, where: Where): Promise<VerificationSessionRow | null> {
  const [row] = await tx.select().from(verificationSessions).where(where).limit(1).for('update');
  return row ?? null;
}

export const lockById = (tx: DbOrTx, id: string) =>
  isSessionId(id) ? lockOne(tx, eq(verificationSessions.id, id)) : Promise.resolve(null);

/** A session of that company only: another company's id is simply not found. */
export const lockOwned = (tx: DbOrTx, id: string, companyId: string) =>
  isSessionId(id)
    ? lockOne(tx, and(eq(verificationSessions.id, id), eq(verificationSessions.companyId, companyId))!)
    : Promise.resolve(null);

export const lockByTokenHash = (tx: DbOrTx, tokenHash: string) =>
  lockOne(tx, eq(verificationSessions.tokenHash, tokenHash));

export const lockByPhoneKeyHash = (tx: DbOrTx, keyHash: string) =>
  lockOne(tx, eq(verificationSessions.phoneKeyHash, keyHash));

export async function findOwned(db: DbOrTx, id: string, companyId: string) {
  if (!isSessionId(id)) return null;
  const [row] = await db
    .select()
    .from(verificationSessions)
    .where(and(eq(verificationSessions.id, id), eq(verificationSessions.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

export async function companyNameOf(db: DbOrTx, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

async function logAndNotify(
  tx: DbOrTx,
  row: VerificationSessionRow,
  event: string,
  now: Date,
): Promise<void> {
  await tx.insert(verificationEvents).values({
    sessionId: row.id,
    version: row.version,
    event,
    state: row.state,
    payload: streamEvent(row, now),
    at: now,
  });
  const notice: VerificationNotice = { sessionId: row.id, version: row.version };
  await tx.execute(sql`select pg_notify(${VERIFICATION_NOTIFY_CHANNEL}, ${JSON.stringify(notice)})`);
}

export interface NewSession {
  id: string;
  companyId: string;
  createdBy: string;
  purpose: string;
  subjectName: string;
  tokenHash: string;
}

/** Inserts a session in 'created' and makes it the one that counts for its company and purpose. */
export async function insertSession(
  tx: DbOrTx,
  init: NewSession,
  now: Date,
): Promise<VerificationSessionRow> {
  const [row] = await tx
    .insert(verificationSessions)
    .values({ ...init, state: 'created', version: 1, tokenCreatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('verification_sessions insert returned no row');
  await tx
    .update(verificationSessions)
    .set({ supersededBy: row.id })
    .where(
      and(
        eq(verificationSessions.companyId, init.companyId),
        eq(verificationSessions.purpose, init.purpose),
        isNull(verificationSessions.supersededBy),
        ne(verificationSessions.id, row.id),
      ),
    );
  await logAndNotify(tx, row, 'session.create', now);
  return row;
}

export type SessionPatch = Partial<
  Pick<
    VerificationSessionRow,
    | 'phoneKeyHash'
    | 'scannedAt'
    | 'consentAt'
    | 'captureFileId'
    | 'provider'
    | 'outcomeReason'
    | 'supersededBy'
    | 'attempts'
    | 'captureSource'
    | 'outcome'
    | 'score'
    | 'liveness'
    | 'attackEvidence'
    | 'engineName'
    | 'engineVersion'
    | 'referenceFileId'
    | 'decidedAt'
    | 'reviewedBy'
    | 'reviewReason'
    | 'reviewedAt'
    | 'challenge'
  >
>;

/** Records the stored frames of one capture, in order; answers the capture's number (1, 2, …). */
export async function insertFrames(
  tx: DbOrTx,
  sessionId: string,
  fileIds: readonly string[],
): Promise<number> {
  const [last] = await tx
    .select({ capture: max(verificationFrames.capture) })
    .from(verificationFrames)
    .where(eq(verificationFrames.sessionId, sessionId));
  const capture = (last?.capture ?? 0) + 1;
  if (fileIds.length > 0) {
    await tx
      .insert(verificationFrames)
      .values(fileIds.map((fileId, position) => ({ sessionId, capture, position, fileId })));
  }
  return capture;
}

/** One change of a locked row: its new state (from the chart) and fields, logged and announced. */
export async function writeChange(
  tx: DbOrTx,
  row: VerificationSessionRow,
  change: { event: string; state: VerificationSessionState; patch?: SessionPatch },
  now: Date,
): Promise<VerificationSessionRow> {
  const [updated] = await tx
    .update(verificationSessions)
    .set({ ...change.patch, state: change.state, version: row.version + 1, updatedAt: now })
    .where(and(eq(verificationSessions.id, row.id), eq(verificationSessions.version, row.version)))
    .returning();
  // The row is locked FOR UPDATE by the caller, so the version cannot have moved.
  if (!updated) throw new Error(`verification session ${row.id} changed under its lock`);
  await logAndNotify(tx, updated, change.event, now);
  return updated;
}

/** The events after `afterVersion`, in order: what a stream has not sent yet. */
export async function eventsAfter(
  db: DbOrTx,
  sessionId: string,
  afterVersion: number,
): Promise<Array<{ version: number; payload: VerificationStreamEvent }>> {
  const rows = await db
    .select({ version: verificationEvents.version, payload: verificationEvents.payload })
    .from(verificationEvents)
    .where(and(eq(verificationEvents.sessionId, sessionId), gt(verificationEvents.version, afterVersion)))
    .orderBy(asc(verificationEvents.version));
  return rows.map((r) => ({ version: r.version, payload: r.payload as VerificationStreamEvent }));
}
