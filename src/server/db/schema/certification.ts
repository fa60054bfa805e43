// Enterprise certification (KYB): one application per company and its append-only history.
// The company row keeps the status numbers the session store shows (companies.certification_status,
// audit_status); the application row keeps what the wizard and the back office work on.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const certificationApplications = pgTable('certification_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .unique()
    .references(() => companies.id),
  /** A state path of machines/certificationLifecycle.machine.ts ('notCertified.draft', 'underReview', …). */
  lifecycleState: text('lifecycle_state').notNull(),
  /** The wizard's saved values per step (CertificationDraft of src/contract/api/certification.ts). */
  draft: jsonb('draft')
    .notNull()
    .default(sql`'{}'::jsonb`),
  currentStep: text('current_step').notNull().default('selectLocationCompany'),
  /** Optimistic concurrency: bumped by every change, compared with the version a page sends. */
  version: integer('version').notNull().default(0),
  /** The idempotency key's hash of the request that made this version: that request sent again
   *  after a cut is answered as it was, instead of being refused as stale (plugins/idempotency.ts). */
  lastChangedBy: text('last_changed_by'),
  /** The validated values at the last submit (location included): what the reviewer decides on. */
  submittedData: jsonb('submitted_data'),
  submittedAt: ts('submitted_at'),
  submittedBy: uuid('submitted_by').references(() => users.id),
  /** The last review decision: 'approved', 'rejected' or 'revisionRequested'; kept through re-application. */
  decision: text('decision'),
  reason: text('reason'),
  /** "<stepId>.<field path>" strings the reviewer flagged. */
  flaggedFields: jsonb('flagged_fields')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  decidedAt: ts('decided_at'),
  /** The reviewer's users.id. */
  decidedBy: uuid('decided_by').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Append-only: every lifecycle change of an application (who, when, what, from, to). */
export const certificationHistory = pgTable(
  'certification_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => certificationApplications.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The applicant or reviewer who caused it (users.id). */
    actorId: uuid('actor_id').references(() => users.id),
    /** The lifecycle event ('applicant.submit', 'reviewer.reject', …) or 'applicant.confirmLocation'. */
    action: text('action').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** Anything the action needs on record (the reason, the flagged fields, the location). */
    detail: jsonb('detail'),
    createdAt: ts('created_at').notNull(),
    /** Insertion order: rows of one instant (one transaction, or a test's fixed clock) still read in
     *  the order they happened (caseHistory.ts). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('certification_history_application_idx').on(t.applicationId, t.createdAt)],
);

export type CertificationApplication = typeof certificationApplications.$inferSelect;
