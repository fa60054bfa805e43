// The short-lived security records grow with every login, code and puzzle; none of them is needed
// once it can no longer be used. Each is kept a day past its expiry, so that a late click still gets
// "expired" or "already used" (and a revoked session its reason) rather than "unknown", then deleted.
// Password nonces follow their own rule (passwordTransport.purgeOldNonces: twice the freshness window).
import { lt, sql } from 'drizzle-orm';
import { accountLinks, captchaChallenges, emailCodes } from '../db/schema/accountFlows';
import { rateLimitCounters, sessions } from '../db/schema/accounts';
import { purgeKeptAnswers } from '../services/idempotency/idempotentRequests';
import { purgeSupportReferences } from '../services/support/supportReferences';
import type { DbOrTx } from '../types';

export const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface PurgedCounts {
  captchaChallenges: number;
  emailCodes: number;
  accountLinks: number;
  sessions: number;
  rateLimitCounters: number;
  idempotentRequests: number;
  supportReferences: number;
}

export async function purgeExpiredRecords(db: DbOrTx, now: Date): Promise<PurgedCounts> {
  const cutoff = new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS);
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    // A puzzle's token may outlive the puzzle: the later of the two decides.
    captchaChallenges: await count(
      db
        .delete(captchaChallenges)
        .where(
          lt(
            sql`greatest(${captchaChallenges.expiresAt}, coalesce(${captchaChallenges.tokenExpiresAt}, ${captchaChallenges.expiresAt}))`,
            cutoff,
          ),
        )
        .returning({ id: captchaChallenges.id }),
    ),
    emailCodes: await count(
      db.delete(emailCodes).where(lt(emailCodes.expiresAt, cutoff)).returning({ id: emailCodes.id }),
    ),
    accountLinks: await count(
      db.delete(accountLinks).where(lt(accountLinks.expiresAt, cutoff)).returning({ id: accountLinks.id }),
    ),
    sessions: await count(
      db.delete(sessions).where(lt(sessions.expiresAt, cutoff)).returning({ id: sessions.id }),
    ),
    // A counter past its window restarts at 1 on the next hit anyway; an idle one is just a row.
    rateLimitCounters: await count(
      db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetAt, now))
        .returning({ key: rateLimitCounters.key }),
    ),
    // A retry comes within seconds; an hour-old answer will not be asked for again.
    idempotentRequests: await purgeKeptAnswers(db, now),
    // Support snapshots: SUPPORT_REFERENCE_RETENTION_DAYS after they were sent (issue 19 §5).
    supportReferences: await purgeSupportReferences(db, now),
  };
}
