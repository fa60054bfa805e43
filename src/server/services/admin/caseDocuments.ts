// Document facts for the case view. Reviewers may read any company's files, but a case lists only
// files of its own company: submit checked that already, and checking again costs nothing.
// The verification capture belongs to no company; it is found through the company's own session.
import { and, eq, inArray } from 'drizzle-orm';
import type { CaseDocument } from '../../../contract/api/admin';
import { storedFiles, type StoredFile } from '../../db/schema/files';
import type { DbOrTx } from '../../types';

export async function filesOfCase(
  db: DbOrTx,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, StoredFile>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(storedFiles)
    .where(and(inArray(storedFiles.id, unique), eq(storedFiles.companyId, companyId)));
  return new Map(rows.map((row) => [row.id, row]));
}

export function caseDocumentOf(file: StoredFile, fieldPath: string | null): CaseDocument {
  return {
    fileId: file.id,
    kind: file.kind,
    contentType: file.contentType,
    name: file.originalName,
    size: file.size,
    fieldPath,
    deleted: file.deletedAt !== null,
  };
}

export async function fileById(db: DbOrTx, id: string): Promise<StoredFile | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}
