// Document reading (issue 30): one row per stored file that is read, keyed by the file. The row is
// the queue (status queued → reading → done | failed, so a restart resumes where it stopped) and the
// result (fields, MRZ, text). It lives and dies with its file: a trigger deletes it when the file is
// soft-deleted (migration 0018), and the foreign key when the file row goes.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MrzReading, ReadFields } from '../../../contract/documents/reading';
import { storedFiles } from './files';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const DOCUMENT_READING_STATUSES = ['queued', 'reading', 'done', 'failed'] as const;
export type DocumentReadingStatus = (typeof DOCUMENT_READING_STATUSES)[number];

export const documentReadings = pgTable(
  'document_readings',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    /** The file's kind when queued: it decides which fields are read. */
    kind: text('kind').notNull(),
    status: text('status').$type<DocumentReadingStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: ts('queued_at').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** Engine and models that read it (a reading can be redone when they change). */
    engine: text('engine'),
    fields: jsonb('fields').$type<ReadFields>(),
    mrz: jsonb('mrz').$type<MrzReading>(),
    /** Everything read, for search and the reviewer. Document text: never logged. */
    text: text('text'),
    /** Why the last attempt failed, as a fixed code (never document text). */
    failure: text('failure'),
  },
  (t) => [
    index('document_readings_pending_idx')
      .on(t.queuedAt)
      .where(sql`${t.status} in ('queued', 'reading')`),
    check('document_readings_status_check', sql`${t.status} in ('queued', 'reading', 'done', 'failed')`),
  ],
);

export type DocumentReadingRow = typeof documentReadings.$inferSelect;
