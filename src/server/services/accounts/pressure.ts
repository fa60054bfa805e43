// How hard the portal is being asked about accounts right now (issue 29 §2): the signal that
// replaced the portal-wide 429. Nobody is refused for it; the puzzle's proof of work
// (security/captcha, issue 29 §1) reads it and asks for more work while it is high, so a flood
// costs the flooder CPU instead of costing every visitor their sign-up.
//
// The one function other parts use is currentPressure. Its number: 0 when quiet; 1 when the
// counts reach Limits.discovery's `calm` (the portal: 300 discovery calls in a minute, the old
// ceiling; one email: 10 in 15 minutes); it keeps growing linearly past that, unbounded, so the
// reader chooses its own curve and cap. It only reads: asking does not count as a call.
import { inArray } from 'drizzle-orm';
import { Limits } from '../../../contract/limits';
import { rateLimitCounters } from '../../db/schema/index';
import type { DbOrTx } from '../../types';
import { emailDiscoveryKey, PORTAL_DISCOVERY_KEY } from './discoveryLimits';

/**
 * The pressure on the portal, or on the portal and one target email (the higher of the two):
 * counts of discovery-shaped calls within their current windows, divided by their `calm`.
 */
export async function currentPressure(
  db: DbOrTx,
  now: Date,
  target: { email?: string } = {},
): Promise<number> {
  const { portal, perEmail } = Limits.discovery;
  const keys = [PORTAL_DISCOVERY_KEY, ...(target.email ? [emailDiscoveryKey(target.email)] : [])];
  const rows = await db
    .select({
      key: rateLimitCounters.key,
      count: rateLimitCounters.count,
      resetAt: rateLimitCounters.resetAt,
    })
    .from(rateLimitCounters)
    .where(inArray(rateLimitCounters.key, keys));
  // A counter whose window has passed restarts at the next call: it counts nothing now.
  const live = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return row && row.resetAt > now ? row.count : 0;
  };
  const onPortal = live(PORTAL_DISCOVERY_KEY) / portal.calm;
  if (!target.email) return onPortal;
  return Math.max(onPortal, live(emailDiscoveryKey(target.email)) / perEmail.calm);
}
