// Account discovery made costly, never refused to everybody (issue 22 §3, issue 29 §2). The spec's
// own answers say whether an email has an account (send-code, register, forgot), so they stay; what
// limits a script is how many it can ask. The per-address limits of the routes refuse an address
// that asks too much itself (429). Besides, every discovery-shaped call is counted against its
// target email and against the whole portal; these counts refuse nobody (a portal-wide 429 let
// one flood lock out every new visitor, a per-email one let anyone block a person's own reset):
// they are pressure (pressure.ts) that raises the puzzle's proof of work, and the mail a call
// may cause has its own budget per address (mailBudget.ts). And an unknown email's failed logins
// are counted like an account's, so that after five it answers exactly as a locked account does
// (lockout.ts). Counters live in rate_limit_counters, in PostgreSQL like the route limits, so every
// API instance counts together; the hourly housekeeping drops spent ones.
import { sql } from 'drizzle-orm';
import { Limits } from '../../../contract/limits';
import type { DbOrTx } from '../../types';

/** The counter of all discovery-shaped calls of the portal, and of those aimed at one email. */
export const PORTAL_DISCOVERY_KEY = 'discovery:all';
export const emailDiscoveryKey = (email: string): string => `discovery:email:${email}`;

/** One more hit on `key`'s fixed window; the count within the window. */
async function hit(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limit_counters (key, count, reset_at)
    VALUES (${key}, 1, ${at}::timestamptz + (${windowMs} * interval '1 millisecond'))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz THEN 1
                   ELSE rate_limit_counters.count + 1 END,
      reset_at = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz
                      THEN ${at}::timestamptz + (${windowMs} * interval '1 millisecond')
                      ELSE rate_limit_counters.reset_at END
    RETURNING count`);
  return Number(result.rows[0]!.count);
}

/**
 * Counts one discovery-shaped call (send-code, register, forgot) for `email` (lower-cased by the
 * contract) and for the portal. Refuses nobody: the counts are read as pressure (pressure.ts).
 */
export async function countDiscovery(db: DbOrTx, email: string, now: Date): Promise<void> {
  const { perEmail, portal } = Limits.discovery;
  await hit(db, PORTAL_DISCOVERY_KEY, portal.windowMs, now);
  await hit(db, emailDiscoveryKey(email), perEmail.windowMs, now);
}

/**
 * A failed login on an email with no account, counted as reserveLoginAttempt counts an account's:
 * the attempt's place (1…maxFailures, the last one locks), or null while "locked". The count waits
 * for the next failure as long as an account's does (a month here, then housekeeping drops it);
 * once it reaches maxFailures the row lives for the lockout and then starts again from 1.
 */
export async function reserveUnknownLoginAttempt(
  db: DbOrTx,
  email: string,
  now: Date,
): Promise<number | null> {
  const { maxFailures, lockoutMs } = Limits.login;
  const at = now.toISOString();
  const remember = Limits.discovery.unknownFailuresKeptMs;
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limit_counters (key, count, reset_at)
    VALUES (${`login-unknown:${email}`}, 1, ${at}::timestamptz + (${remember} * interval '1 millisecond'))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz THEN 1
                   ELSE rate_limit_counters.count + 1 END,
      reset_at = CASE
        WHEN rate_limit_counters.reset_at <= ${at}::timestamptz
          THEN ${at}::timestamptz + (${remember} * interval '1 millisecond')
        WHEN rate_limit_counters.count + 1 = ${maxFailures}
          THEN ${at}::timestamptz + (${lockoutMs} * interval '1 millisecond')
        ELSE rate_limit_counters.reset_at END
    RETURNING count`);
  const place = Number(result.rows[0]!.count);
  return place > maxFailures ? null : place;
}
