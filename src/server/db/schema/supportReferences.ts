// Snapshots an applicant sent to support (issue 19 §5): redacted in the browser before they leave it,
// kept under a short reference until housekeeping deletes them (SUPPORT_REFERENCE_RETENTION_DAYS
// after created_at). The back office reads one by its reference.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const supportReferences = pgTable(
  'support_references',
  {
    /** SR-XXXX-XXXX (src/contract/api/supportReferences.ts). */
    reference: text('reference').primaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The flow's machine id and version, as sent (also inside `envelope`; columns for reading). */
    machine: text('machine').notNull(),
    machineVersion: text('machine_version').notNull(),
    appVersion: text('app_version').notNull(),
    /** The whole support envelope { machine, version, appVersion, at, snapshot }. */
    envelope: jsonb('envelope').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('support_references_created_at_idx').on(t.createdAt)],
);
