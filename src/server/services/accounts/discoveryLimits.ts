// Account discovery made slow (issue 22 §3). The spec's own answers say whether an email has an
// account (send-code, register, forgot), so they stay; what limits a script is how many it can ask.
// Besides the per-address limits of the routes, every discovery-shaped call counts against its
// target email (so a botnet of addresses cannot probe one email fast) and against one global
// ceiling for the whole portal (so many addresses cannot probe many emails fast). And an unknown
// email's failed logins are counted like an account's, so that after five it answers exactly as a
// locked account does (lockout.ts). Counters live in rate_limit_counters, in PostgreSQL like the
// route limits, so every API instance counts together; the hourly housekeeping drops spent ones.
import { sql } from 'drizzle-orm';
import { Limits } from '../../../contract/limits';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../types';

export type DiscoveryFlow = 'sendCode' | 'register' | 'forgot';

/** One more hit on `key`'s fixed window; the count within the window and the time left. */
async function hit(db: DbOrTx, key: string, windowMs: number, now: Date) {
  const at = now.toISOString();
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    INSERT INTO rate_limit_counters (key, count, reset_at)
    VALUES (${key}, 1, ${at}::timestamptz + (${windowMs} * interval '1 millisecond'))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz THEN 1
                   ELSE rate_limit_counters.count + 1 END,
      reset_at = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz
                      THEN ${at}::timestamptz + (${windowMs} * interval '1 millisecond')
                      ELSE rate_limit_counters.reset_at END
    RETURNING count, reset_at`);
  const row = result.rows[0]!;
  return {
    count: Number(row.count),
    retryAfterMs: Math.max(0, new Date(row.reset_at).getTime() - now.getTime()),
  };
}

/**
 * Counts one discovery-shaped call for `email` (lower-cased by the contract) and for the portal;
 * rateLimited (429, with retryAfterMs) when either is over its limit. Called before the captcha
 * token is spent or anything about the email is looked up.
 */
export async function countDiscovery(
  db: DbOrTx,
  flow: DiscoveryFlow,
  email: string,
  now: Date,
): Promise<void> {
  const { perEmail, global } = Limits.discovery;
  const portal = await hit(db, 'discovery:all', global.windowMs, now);
  if (portal.count > global.max)
    throw new AppError('rateLimited', 429, { retryAfterMs: portal.retryAfterMs });
  const target = await hit(db, `discovery:${flow}:${email}`, perEmail.windowMs, now);
  if (target.count > perEmail.max)
    throw new AppError('rateLimited', 429, { retryAfterMs: target.retryAfterMs });
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
