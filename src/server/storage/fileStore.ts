// Reading and removing stored files. A row that is soft-deleted, or an id that is not a UUID, is
// simply not found: callers answer 404 either way and reveal nothing.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { storedFiles, type StoredFile } from '../db/schema/files';
import type { DbOrTx } from '../types';
import type { ObjectStore } from './objectStore';
import { isStorageUnavailable } from './storageUnavailable';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isFileId(value: string): boolean {
  return UUID.test(value);
}

export async function findFile(db: DbOrTx, id: string): Promise<StoredFile | null> {
  if (!isFileId(id)) return null;
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), isNull(storedFiles.deletedAt)))
    .limit(1);
  return row ?? null;
}

export interface OpenedFile {
  file: StoredFile;
  /**
   * Opens the bytes only when called, so a caller checks access on `file` first. Null when the
   * row has no stored object (a fault, logged by the caller), so no half-sent download starts.
   */
  openStream: () => Promise<Readable | null>;
}

export async function openFile(db: DbOrTx, store: ObjectStore, id: string): Promise<OpenedFile | null> {
  const file = await findFile(db, id);
  if (!file) return null;
  return { file, openStream: () => store.read(file.storageKey) };
}

/**
 * Soft-deletes the row and removes the bytes. False when there was nothing to remove. When the store
 * cannot remove them now, the row stays deleted and the orphan sweep removes the object later.
 */
export async function removeFile(db: DbOrTx, store: ObjectStore, id: string, now: Date): Promise<boolean> {
  if (!isFileId(id)) return false;
  const [row] = await db
    .update(storedFiles)
    .set({ deletedAt: now })
    .where(and(eq(storedFiles.id, id), isNull(storedFiles.deletedAt)))
    .returning();
  if (!row) return false;
  await store.remove(row.storageKey).catch((error: unknown) => {
    // The file is gone for everyone already; its object is an orphan the sweep removes later.
    if (!isStorageUnavailable(error)) throw error;
  });
  return true;
}

/**
 * Removes what no live row points at: objects whose row was never committed (the caller's
 * transaction rolled back, or a failed save could not remove its object), objects of deleted rows
 * the store could not remove at the time, and temp files of uploads cut off by a crash (and copies
 * the face engine read). Only what is older than `olderThanMs`, so an upload in flight is never touched.
 */
export async function sweepOrphans(
  db: DbOrTx,
  store: ObjectStore,
  now: Date,
  olderThanMs: number,
): Promise<number> {
  const live = new Set(
    (
      await db.select({ key: storedFiles.storageKey }).from(storedFiles).where(isNull(storedFiles.deletedAt))
    ).map((r) => r.key),
  );
  let removed = 0;
  // A page of keys at a time (S3 lists up to 1,000 per request), never the whole bucket at once.
  for await (const object of store.list()) {
    if (live.has(object.key) || now.getTime() - object.modifiedAt.getTime() < olderThanMs) continue;
    await store.remove(object.key);
    removed++;
  }
  const candidates = (await readdir(store.tmpDir)).map((n) => path.join(store.tmpDir, n));
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < olderThanMs) continue;
    await rm(candidate, { force: true });
    removed++;
  }
  return removed;
}
