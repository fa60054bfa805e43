// Where a certification case stands for the back office. The lifecycle state 'rejected' holds both a
// plain rejection and a revision request (both status 1 / audit 3); the stored decision tells them
// apart. Drafts (notCertified.*) are not cases yet.
import { sql, type SQL } from 'drizzle-orm';
import type { CertificationQueueStatus } from '../../../contract/api/admin';
import { certificationApplications } from '../../db/schema/certification';

/** The lifecycle states a queue shows: submitted and decided. */
export const QUEUED_CERTIFICATION_STATES = ['underReview', 'rejected', 'approved'] as const;

export function certificationQueueStatusOf(
  lifecycleState: string,
  decision: string | null,
): CertificationQueueStatus | 'draft' {
  if (lifecycleState === 'underReview' || lifecycleState === 'approved') return lifecycleState;
  if (lifecycleState === 'rejected')
    return decision === 'revisionRequested' ? 'revisionRequested' : 'rejected';
  return 'draft';
}

/** The same mapping in SQL, for filtering and counting in the database. */
export const certificationQueueStatusSql: SQL<string> = sql<string>`case
  when ${certificationApplications.lifecycleState} = 'rejected' and ${certificationApplications.decision} = 'revisionRequested'
    then 'revisionRequested'
  else ${certificationApplications.lifecycleState} end`;
