// The back office's shared work (issue 21): four-eyes approval proposals and claims on cases.
// Both name a case as (case_kind, case_id): 'certification' → certification_applications.id,
// 'cardApplication' → card_applications.id. Every step is also appended to audit_log (the timeline).
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ApprovalProposalState } from '../../../../machines/approvalLifecycle.machine';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per approval proposal (machines/approvalLifecycle.machine.ts); the latest per case counts. */
export const approvalProposals = pgTable(
  'approval_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseKind: text('case_kind').notNull(),
    caseId: uuid('case_id').notNull(),
    state: text('state').$type<ApprovalProposalState>().notNull(),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: ts('proposed_at').notNull(),
    /** The approver who confirmed or declined it. */
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    /** Why it was declined. */
    reason: text('reason'),
  },
  (t) => [
    index('approval_proposals_case_idx').on(t.caseKind, t.caseId, t.proposedAt),
    // At most one proposal waits per case, whatever two requests race.
    uniqueIndex('approval_proposals_one_pending')
      .on(t.caseKind, t.caseId)
      .where(sql`${t.state} = 'proposed'`),
  ],
);

/** Who works a case now, until when (Limits.backOffice.claimMs); released or expired → no row counts. */
export const caseClaims = pgTable(
  'case_claims',
  {
    caseKind: text('case_kind').notNull(),
    caseId: uuid('case_id').notNull(),
    claimedBy: uuid('claimed_by')
      .notNull()
      .references(() => users.id),
    claimedAt: ts('claimed_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.caseKind, t.caseId] }), index('case_claims_by_idx').on(t.claimedBy)],
);
