// The pressure a puzzle's work is priced by (issue 29 §1). Counted in rate_limit_counters, in
// PostgreSQL like the route limits, so every API instance sees the same numbers; the hourly
// housekeeping drops spent rows. Three signals:
// - this address's puzzles within a window (counted here, one per puzzle served);
// - the portal's and one target email's discovery calls (services/accounts/pressure.ts, counted by
//   the calls themselves); the email is known only when a token is spent, so its level is checked
//   there (captchaService.consume) and a shortfall is owed by the address for its next puzzle.
import { and, eq, gt, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../../db/schema/index';
import type { DbOrTx } from '../../types';
import { currentPressure } from '../../services/accounts/pressure';
import { addressLevel, combinedLevel, sharedLevel, WorkCurve } from './workCurve';

const addressKey = (ip: string) => `work:address:${ip}`;
const owedKey = (ip: string) => `work:owed:${ip}`;

/** One more puzzle for `ip` in its fixed window; the count within the window. */
async function countPuzzle(db: DbOrTx, ip: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const windowMs = WorkCurve.address.windowMs;
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limit_counters (key, count, reset_at)
    VALUES (${addressKey(ip)}, 1, ${at}::timestamptz + (${windowMs} * interval '1 millisecond'))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz THEN 1
                   ELSE rate_limit_counters.count + 1 END,
      reset_at = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz
                      THEN ${at}::timestamptz + (${windowMs} * interval '1 millisecond')
                      ELSE rate_limit_counters.reset_at END
    RETURNING count`);
  return Number(result.rows[0]!.count);
}

async function owedLevel(db: DbOrTx, ip: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, owedKey(ip)), gt(rateLimitCounters.resetAt, now)));
  return row?.count ?? 0;
}

/** The level of a puzzle served now to `ip` (and counted as served). */
export async function levelForPuzzle(db: DbOrTx, ip: string, now: Date): Promise<number> {
  const [count, owed, pressure] = await Promise.all([
    countPuzzle(db, ip, now),
    owedLevel(db, ip, now),
    currentPressure(db, now),
  ]);
  return combinedLevel({ address: addressLevel(count), owed, shared: sharedLevel(pressure) });
}

/** The level a token must have been earned at to act on `email` now (portal or email pressure). */
export async function levelForTarget(db: DbOrTx, email: string, now: Date): Promise<number> {
  return combinedLevel({
    address: 0,
    owed: 0,
    shared: sharedLevel(await currentPressure(db, now, { email })),
  });
}

/** `ip`'s next puzzles ask for at least `level`, for WorkCurve.owedMs. */
export async function oweLevel(db: DbOrTx, ip: string, level: number, now: Date): Promise<void> {
  const resetAt = new Date(now.getTime() + WorkCurve.owedMs);
  await db
    .insert(rateLimitCounters)
    .values({ key: owedKey(ip), count: level, resetAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`GREATEST(${level}, CASE WHEN ${rateLimitCounters.resetAt} > ${now.toISOString()}::timestamptz THEN ${rateLimitCounters.count} ELSE 0 END)`,
        resetAt,
      },
    });
}
