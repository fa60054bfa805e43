// Reading and removing stored files. A row that is soft-deleted, or an id that is not a UUID, is
// simply not found: callers answer 404 either way and reveal nothing.
import type { ReadStream } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { storedFiles, type StoredFile } from '../db/schema/files';
import type { DbOrTx } from '../types';
import type { StorageDirs } from './saveUpload';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A storage key is ours (40 hex characters) or not a key: it never carries a separator. */
const STORAGE_KEY = /^[0-9a-f]{40}$/;

export function isFileId(value: string): boolean {
  return UUID.test(value);
}

export function pathOf(dirs: StorageDirs, file: Pick<StoredFile, 'storageKey'>): string {
  if (!STORAGE_KEY.test(file.storageKey)) throw new Error('malformed storage key');
  return path.join(dirs.filesDir, file.storageKey);
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
   * row has no file on disk (a fault, logged by the caller), so no half-sent download starts.
   */
  openStream: () => Promise<ReadStream | null>;
}

export async function openFile(db: DbOrTx, dirs: StorageDirs, id: string): Promise<OpenedFile | null> {
  const file = await findFile(db, id);
  if (!file) return null;
  const filePath = pathOf(dirs, file);
  return {
    file,
    async openStream() {
      const handle = await open(filePath, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
  };
}

/** Soft-deletes the row and removes the bytes. False when there was nothing to remove. */
export async function removeFile(db: DbOrTx, dirs: StorageDirs, id: string, now: Date): Promise<boolean> {
  if (!isFileId(id)) return false;
  const [row] = await db
    .update(storedFiles)
    .set({ deletedAt: now })
    .where(and(eq(storedFiles.id, id), isNull(storedFiles.deletedAt)))
    .returning();
  if (!row) return false;
  await rm(pathOf(dirs, row), { force: true });
  return true;
}

/**
 * Removes what no live row points at: files whose row was never committed (the caller's transaction
 * rolled back) and temp files of uploads cut off by a crash. Only files older than `olderThanMs`,
 * so an upload in flight is never touched.
 */
export async function sweepOrphans(
  db: DbOrTx,
  dirs: StorageDirs,
  now: Date,
  olderThanMs: number,
): Promise<number> {
  const live = new Set(
    (
      await db.select({ key: storedFiles.storageKey }).from(storedFiles).where(isNull(storedFiles.deletedAt))
    ).map((r) => r.key),
  );
  const candidates = [
    ...(await readdir(dirs.filesDir))
      .filter((n) => STORAGE_KEY.test(n) && !live.has(n))
      .map((n) => path.join(dirs.filesDir, n)),
    ...(await readdir(dirs.tmpDir)).map((n) => path.join(dirs.tmpDir, n)),
  ];
  let removed = 0;
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < olderThanMs) continue;
    await rm(candidate, { force: true });
    removed++;
  }
  return removed;
}
