// The application's one document: a live stored file of this company, uploaded with the kind
// 'cardApplication', whose content the storage layer found to be jpg, png or pdf. Another
// company's, deleted, unknown or other-kind ids are all the same "not valid" to the caller.
import { and, eq, isNull } from 'drizzle-orm';
import { CARD_APPLICATION_FILE_KIND } from '../../../contract/api/card';
import { Limits } from '../../../contract/limits';
import { storedFiles, type StoredFile } from '../../db/schema/files';
import type { DbOrTx } from '../../types';

const ALLOWED_TYPES: ReadonlySet<string> = new Set(Limits.upload.mimeTypes);

export async function usableApplicationFile(
  db: DbOrTx,
  companyId: string,
  fileId: string,
): Promise<StoredFile | null> {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(
      and(eq(storedFiles.id, fileId), eq(storedFiles.companyId, companyId), isNull(storedFiles.deletedAt)),
    );
  if (!file || file.kind !== CARD_APPLICATION_FILE_KIND) return null;
  if (!ALLOWED_TYPES.has(file.contentType) || file.size > Limits.cardApplication.maxBytes) return null;
  return file;
}

/** The file as the view shows it; null when it is gone (deleted since it was saved). */
export async function applicationFileOf(
  db: DbOrTx,
  companyId: string,
  fileId: string | null,
): Promise<StoredFile | null> {
  return fileId === null ? null : usableApplicationFile(db, companyId, fileId);
}
