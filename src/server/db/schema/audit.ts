// The back office's audit trail (issue 8): one row per reviewer decision — who, when, what, on which
// case, from which state to which, and the reason or comment. Append-only for real: a trigger
// (custom migration) refuses UPDATE, DELETE and TRUNCATE, so not even a bug in our code, nor an
// operator with the app's credentials, can rewrite what was decided.
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reviewer (users.id). */
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    /** The reviewer's email at the time: the record reads on its own. */
    actorEmail: text('actor_email').notNull(),
    /** 'certification.approve', 'certification.reject', 'certification.requestRevision',
     *  'cardApplication.approve', 'cardApplication.reject'. */
    action: text('action').notNull(),
    /** 'certification' | 'cardApplication'. */
    caseKind: text('case_kind').notNull(),
    /** certification_applications.id or card_applications.id. */
    caseId: uuid('case_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** The rejection reason or the revision comment. */
    reason: text('reason'),
    /** Anything else on record: the flagged fields, the operator id assigned. */
    detail: jsonb('detail'),
    createdAt: ts('created_at').notNull(),
    /** Insertion order: entries of one instant still read in the order they were written. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('audit_log_case_idx').on(t.caseKind, t.caseId, t.createdAt)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
