// The card-application queue (issue 8 "Queues"): submitted and decided applications, oldest
// submission first, with the same filters and per-status counts as the certification queue.
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CARD_QUEUE_STATUSES,
  type CardApplicationQueueItem,
  type CardApplicationQueuePage,
  type CardQueueStatus,
  type cardQueueQuery,
} from '../../../contract/api/admin';
import type { CompanyLocation } from '../../../contract/options';
import { formatPersonName } from '../../../contract/personName';
import { consistentRead } from '../../db/consistentRead';
import { companies, users } from '../../db/schema/accounts';
import { cardApplications } from '../../db/schema/card';
import type { Db } from '../../types';
import { reviewersById } from './caseParties';
import { QUEUED_CARD_STATUSES, cardQueueStatusOf, cardQueueStatusSql } from './cardStatus';
import { sharedQueueConditions, tallyByStatus } from './queueFilters';
import { queueOrder, workflowConditions, workflowOf } from './queueWorkflow';

export type CardQueueFilters = z.output<typeof cardQueueQuery>;

/** `me` is the caller (the 'me' assignee); `now` decides which claims are live and how old a case is. */
function sharedConditions(filters: CardQueueFilters, me: string, now: Date): SQL[] {
  return [
    ...workflowConditions(
      'cardApplication',
      cardApplications.id,
      cardApplications.submittedAt,
      filters,
      me,
      now,
    ),
    inArray(cardApplications.state, [...QUEUED_CARD_STATUSES]),
    ...sharedQueueConditions(filters, cardApplications.submittedAt),
  ];
}

export async function cardApplicationQueue(
  db: Db,
  filters: CardQueueFilters,
  me: string,
  now: Date,
): Promise<CardApplicationQueuePage> {
  const shared = sharedConditions(filters, me, now);
  const listed = filters.status ? [...shared, eq(cardQueueStatusSql, filters.status)] : shared;
  const { rows, counts } = await consistentRead(db, async (tx) => {
    const rows = await tx
      .select({ application: cardApplications, company: companies, applicant: users })
      .from(cardApplications)
      .innerJoin(companies, eq(companies.id, cardApplications.companyId))
      .leftJoin(users, eq(users.id, cardApplications.submittedBy))
      .where(and(...listed))
      .orderBy(...queueOrder(filters.sort, cardApplications.submittedAt, cardApplications.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    const counts = await tx
      .select({ status: cardQueueStatusSql, n: count() })
      .from(cardApplications)
      .innerJoin(companies, eq(companies.id, cardApplications.companyId))
      .leftJoin(users, eq(users.id, cardApplications.submittedBy))
      .where(and(...shared))
      .groupBy(cardQueueStatusSql);
    return { rows, counts };
  });
  const { countByStatus, total } = tallyByStatus(CARD_QUEUE_STATUSES, counts, filters.status);
  const reviewers = await reviewersById(
    db,
    rows.map((r) => r.application.decidedBy),
  );
  const workflow = await workflowOf(
    db,
    'cardApplication',
    rows.map((r) => r.application.id),
    now,
  );
  const items: CardApplicationQueueItem[] = rows.map(({ application, company, applicant }) => ({
    id: application.id,
    status: cardQueueStatusOf(application.state) as CardQueueStatus,
    companyId: company.id,
    companyName: company.name,
    location: company.location as CompanyLocation,
    applicantEmail: applicant?.email ?? null,
    applicantName: applicant ? formatPersonName(applicant) : null,
    businessPurpose: application.businessPurpose,
    submittedAt: (application.submittedAt ?? application.createdAt).toISOString(),
    decidedAt: application.decidedAt?.toISOString() ?? null,
    decidedBy: application.decidedBy ? (reviewers.get(application.decidedBy) ?? null) : null,
    claim: workflow.claims.get(application.id) ?? null,
    approval: workflow.approvalOf(application.id, application.state === 'approved'),
  }));
  return { items, total, page: filters.page, pageSize: filters.pageSize, counts: countByStatus };
}
