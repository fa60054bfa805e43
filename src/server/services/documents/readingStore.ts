// The reading queue and its results in PostgreSQL (document_readings, migration 0018). Claiming a
// job is one statement with SKIP LOCKED, so several workers and instances share the queue and never
// read a file twice at once; a job whose reader died (a restart mid-read) is claimed again once it
// is older than STALE_AFTER_MS. Results are written only while the file is live.
import { and, eq, sql } from 'drizzle-orm';
import { documentReadings, type DocumentReadingRow } from '../../db/schema/documents';
import { storedFiles } from '../../db/schema/files';
import type { DbOrTx } from '../../types';
import type { DocumentReading } from './types';

/** A reading that has not finished within this is taken to be abandoned (its reader stopped). */
export const STALE_AFTER_MS = 5 * 60 * 1000;
/** Attempts before a document is left as failed (a file the engine cannot read at all). */
export const MAX_ATTEMPTS = 3;

export async function enqueueReading(db: DbOrTx, fileId: string, kind: string, now: Date): Promise<void> {
  await db.insert(documentReadings).values({ fileId, kind, queuedAt: now }).onConflictDoNothing();
}

export interface ClaimedJob {
  fileId: string;
  kind: string;
  storageKey: string;
  contentType: string;
  attempts: number;
}

/** The oldest waiting (or abandoned) job of a live file, now marked as being read; null when none. */
export async function claimNextReading(db: DbOrTx, now: Date): Promise<ClaimedJob | null> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_MS);
  // A document whose reader died MAX_ATTEMPTS times (it may be what kills it) is not tried again.
  await db.execute(sql`
    update document_readings set status = 'failed', finished_at = ${now}, failure = 'abandoned'
    where status = 'reading' and started_at < ${staleBefore} and attempts >= ${MAX_ATTEMPTS}`);
  const result = await db.execute<{
    file_id: string;
    kind: string;
    storage_key: string;
    content_type: string;
    attempts: number;
  }>(sql`
    with next as (
      select r.file_id from document_readings r
      join stored_files f on f.id = r.file_id and f.deleted_at is null
      where r.status = 'queued' or (r.status = 'reading' and r.started_at < ${staleBefore})
      order by r.queued_at
      limit 1
      for update of r skip locked
    )
    update document_readings d
    set status = 'reading', started_at = ${now}, attempts = d.attempts + 1
    from next, stored_files f
    where d.file_id = next.file_id and f.id = d.file_id
    returning d.file_id, d.kind, f.storage_key, f.content_type, d.attempts`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    fileId: row.file_id,
    kind: row.kind,
    storageKey: row.storage_key,
    contentType: row.content_type,
    attempts: Number(row.attempts),
  };
}

export async function finishReading(
  db: DbOrTx,
  fileId: string,
  engine: string,
  reading: DocumentReading,
  now: Date,
): Promise<void> {
  await db
    .update(documentReadings)
    .set({
      status: 'done',
      finishedAt: now,
      engine,
      fields: reading.fields,
      mrz: reading.mrz,
      text: reading.text,
      failure: null,
    })
    .where(eq(documentReadings.fileId, fileId));
}

/** Queued again for another attempt, or failed for good after MAX_ATTEMPTS. `failure` is a code. */
export async function failReading(
  db: DbOrTx,
  fileId: string,
  attempts: number,
  failure: string,
  now: Date,
): Promise<void> {
  const final = attempts >= MAX_ATTEMPTS;
  await db
    .update(documentReadings)
    .set({ status: final ? 'failed' : 'queued', finishedAt: final ? now : null, failure })
    .where(eq(documentReadings.fileId, fileId));
}

/** Back in the queue as it was before it was claimed (the engine was away): the attempt is not spent. */
export async function releaseReading(db: DbOrTx, fileId: string): Promise<void> {
  await db
    .update(documentReadings)
    .set({ status: 'queued', startedAt: null, attempts: sql`greatest(${documentReadings.attempts} - 1, 0)` })
    .where(and(eq(documentReadings.fileId, fileId), eq(documentReadings.status, 'reading')));
}

/** The reading of a live file, in whatever state; null when none was queued or the file is gone. */
export async function findReading(db: DbOrTx, fileId: string): Promise<DocumentReadingRow | null> {
  const [row] = await db
    .select({ reading: documentReadings })
    .from(documentReadings)
    .innerJoin(storedFiles, eq(storedFiles.id, documentReadings.fileId))
    .where(and(eq(documentReadings.fileId, fileId), sql`${storedFiles.deletedAt} is null`))
    .limit(1);
  return row?.reading ?? null;
}
