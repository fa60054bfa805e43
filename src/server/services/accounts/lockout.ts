// The login lockout (docs/product-rules.md "Login lockout"): 5 consecutive failed passwords lock the account
// for 30 minutes. An attempt reserves its place in the count BEFORE its password is verified, in one
// conditional UPDATE … RETURNING: ten wrong passwords fired in parallel get exactly five
// evaluations, and the rest find the account locked. A correct password gives the place back.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { Limits } from '../../../contract/limits';
import { users } from '../../db/schema/index';
import type { DbOrTx } from '../../types';

const { maxFailures, lockoutMs } = Limits.login;

/**
 * Counts the attempt as a failure until proven otherwise. Returns the attempt's place in the count
 * (1…5; the 5th has already locked the account), or null when the account is locked now.
 */
export async function reserveLoginAttempt(db: DbOrTx, userId: string, now: Date): Promise<number | null> {
  // An expired lock starts a fresh count.
  const place = sql`(case when ${users.lockedUntil} is not null then 1 else ${users.failedLogins} + 1 end)`;
  const lockUntil = new Date(now.getTime() + lockoutMs).toISOString();
  const rows = await db
    .update(users)
    .set({
      failedLogins: place,
      lockedUntil: sql`(case when ${place} >= ${maxFailures} then ${lockUntil}::timestamptz else null end)`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ place: users.failedLogins });
  return rows[0]?.place ?? null;
}

/** A correct password: the count starts again and any lock is lifted. */
export async function clearLoginFailures(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export function locksAccount(place: number): boolean {
  return place >= maxFailures;
}
