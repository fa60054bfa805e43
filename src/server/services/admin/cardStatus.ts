// Where a card-application case stands for the back office: the chart's state names
// (machines/cardApplicationLifecycle.machine.ts), mapped from the stored statuses. Saved
// applications are drafts, not cases.
import { sql, type SQL } from 'drizzle-orm';
import type { CardQueueStatus } from '../../../contract/api/admin';
import { cardApplications } from '../../db/schema/card';
import { stateOfStatus } from '../card/lifecycle';

/** The stored statuses a queue shows: submitted and decided. */
export const QUEUED_CARD_STATUSES = ['under_review', 'revision_requested', 'rejected', 'approved'] as const;

export function cardQueueStatusOf(stored: string): CardQueueStatus | 'saved' {
  const state = stateOfStatus(stored);
  // Stryker disable next-line ConditionalExpression: equivalent, a stored row is never notStarted (no row is), and saved maps to saved either way
  return state === 'underReview' ||
    state === 'revisionRequested' ||
    state === 'rejected' ||
    state === 'approved'
    ? state
    : 'saved';
}

export const cardQueueStatusSql: SQL<string> = sql<string>`case ${cardApplications.state}
  when 'under_review' then 'underReview' when 'revision_requested' then 'revisionRequested'
  else ${cardApplications.state} end`;
