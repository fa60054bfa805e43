// Stored documents: metadata only. The bytes live on disk under a random name (storage_key), outside
// any public folder (docs/product-rules.md "Uploads"); the row is the only way to find them.
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const storedFiles = pgTable(
  'stored_files',
  {
    /** Random (v4) so an id in a URL says nothing about how many files exist (docs/api-conventions.md). */
    id: uuid('id').primaryKey().defaultRandom(),
    /** The company that may read the file; null for reviewer-owned files and verification captures. */
    companyId: uuid('company_id').references(() => companies.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    /** What the file is for ('businessLicense', 'idFront', 'faceCapture', …); callers validate it. */
    kind: text('kind').notNull(),
    /** For display and the download name only, never a path. */
    originalName: text('original_name').notNull(),
    /** Decided from the file's first bytes, never from its name or the client's header. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('stored_files_storage_key_unique').on(t.storageKey),
    index('stored_files_company_idx').on(t.companyId),
  ],
);

export type StoredFile = typeof storedFiles.$inferSelect;
