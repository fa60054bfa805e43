// The certification queue (issue 8 "Queues"): submitted and decided applications, oldest
// submission first, filtered by status, location, submission date and company name / applicant
// email, with the count per status under the same filters (status aside). Page, total and counts
// come from one snapshot.
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import {
  CERTIFICATION_QUEUE_STATUSES,
  type CertificationQueueItem,
  type CertificationQueuePage,
  type CertificationQueueStatus,
  type certificationQueueQuery,
} from '../../../contract/api/admin';
import type { CompanyLocation } from '../../../contract/options';
import { formatPersonName } from '../../../contract/personName';
import type { CertificationStatePath } from '../../../contract/statuses';
import type { z } from 'zod';
import { companies, users } from '../../db/schema/accounts';
import { certificationApplications } from '../../db/schema/certification';
import { consistentRead } from '../../db/consistentRead';
import type { Db } from '../../types';
import { reviewersById } from './caseParties';
import {
  QUEUED_CERTIFICATION_STATES,
  certificationQueueStatusOf,
  certificationQueueStatusSql,
} from './certificationStatus';
import { sharedQueueConditions, tallyByStatus } from './queueFilters';
import { queueOrder, workflowConditions, workflowOf } from './queueWorkflow';

export type CertificationQueueFilters = z.output<typeof certificationQueueQuery>;

/** `me` is the caller (the 'me' assignee); `now` decides which claims are live and how old a case is. */
function sharedConditions(filters: CertificationQueueFilters, me: string, now: Date): SQL[] {
  return [
    ...workflowConditions(
      'certification',
      certificationApplications.id,
      certificationApplications.submittedAt,
      filters,
      me,
      now,
    ),
    inArray(certificationApplications.lifecycleState, [...QUEUED_CERTIFICATION_STATES]),
    ...sharedQueueConditions(filters, certificationApplications.submittedAt),
  ];
}

export async function certificationQueue(
  db: Db,
  filters: CertificationQueueFilters,
  me: string,
  now: Date,
): Promise<CertificationQueuePage> {
  const shared = sharedConditions(filters, me, now);
  const listed = filters.status ? [...shared, eq(certificationQueueStatusSql, filters.status)] : shared;
  const { rows, counts } = await consistentRead(db, async (tx) => {
    const rows = await tx
      .select({ application: certificationApplications, company: companies, applicant: users })
      .from(certificationApplications)
      .innerJoin(companies, eq(companies.id, certificationApplications.companyId))
      .leftJoin(users, eq(users.id, certificationApplications.submittedBy))
      .where(and(...listed))
      .orderBy(
        ...queueOrder(filters.sort, certificationApplications.submittedAt, certificationApplications.id),
      )
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    const counts = await tx
      .select({ status: certificationQueueStatusSql, n: count() })
      .from(certificationApplications)
      .innerJoin(companies, eq(companies.id, certificationApplications.companyId))
      .leftJoin(users, eq(users.id, certificationApplications.submittedBy))
      .where(and(...shared))
      .groupBy(certificationQueueStatusSql);
    return { rows, counts };
  });
  const { countByStatus, total } = tallyByStatus(CERTIFICATION_QUEUE_STATUSES, counts, filters.status);
  const reviewers = await reviewersById(
    db,
    rows.map((r) => r.application.decidedBy),
  );
  const workflow = await workflowOf(
    db,
    'certification',
    rows.map((r) => r.application.id),
    now,
  );
  const items: CertificationQueueItem[] = rows.map(({ application, company, applicant }) => ({
    id: application.id,
    status: certificationQueueStatusOf(
      application.lifecycleState,
      application.decision,
    ) as CertificationQueueStatus,
    lifecycleState: application.lifecycleState as CertificationStatePath,
    companyId: company.id,
    companyName: company.name,
    location: company.location as CompanyLocation,
    applicantEmail: applicant?.email ?? null,
    applicantName: applicant ? formatPersonName(applicant) : null,
    submittedAt: (application.submittedAt ?? application.createdAt).toISOString(),
    decidedAt: application.decidedAt?.toISOString() ?? null,
    decidedBy: application.decidedBy ? (reviewers.get(application.decidedBy) ?? null) : null,
    claim: workflow.claims.get(application.id) ?? null,
    approval: workflow.approvalOf(application.id, application.decision === 'approved'),
    operatorId: company.operatorId,
  }));
  return { items, total, page: filters.page, pageSize: filters.pageSize, counts: countByStatus };
}
