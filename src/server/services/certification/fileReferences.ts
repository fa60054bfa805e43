// The documents an application refers to: every file-id field, found by its name wherever it sits
// in a step's values (a person's document photos, a beneficiary's proof of address, …), and the
// kind that field must have (FILE_KIND_BY_FIELD of the contract).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { FILE_KIND_BY_FIELD, type CertificationFileKind } from '../../../contract/api/certification';
import { storedFiles, type StoredFile } from '../../db/schema/files';
import type { DbOrTx } from '../../types';

export interface FileReference {
  /** Dot path inside the step's values. */
  path: string;
  fileId: string;
  kind: CertificationFileKind;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function fileReferencesIn(
  values: unknown,
  prefix: readonly (string | number)[] = [],
): FileReference[] {
  if (Array.isArray(values)) return values.flatMap((item, i) => fileReferencesIn(item, [...prefix, i]));
  if (typeof values !== 'object' || values === null) return [];
  const found: FileReference[] = [];
  for (const [key, value] of Object.entries(values)) {
    const kind = Object.hasOwn(FILE_KIND_BY_FIELD, key) ? FILE_KIND_BY_FIELD[key] : undefined;
    const here = [...prefix, key];
    if (kind && typeof value === 'string' && UUID.test(value)) {
      found.push({ path: here.join('.'), fileId: value.toLowerCase(), kind });
    } else if (kind && Array.isArray(value)) {
      value.forEach((item, i) => {
        if (typeof item === 'string' && UUID.test(item)) {
          found.push({ path: [...here, i].join('.'), fileId: item.toLowerCase(), kind });
        }
      });
    } else {
      found.push(...fileReferencesIn(value, here));
    }
  }
  return found;
}

/** The live files of `companyId` among `ids`; another company's, deleted and unknown ids are absent. */
export async function companyFiles(
  db: DbOrTx,
  companyId: string,
  ids: string[],
): Promise<Map<string, StoredFile>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, unique),
        eq(storedFiles.companyId, companyId),
        isNull(storedFiles.deletedAt),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The references whose file is missing, of another company, deleted or of the wrong kind. */
export async function invalidReferences(
  db: DbOrTx,
  companyId: string,
  references: FileReference[],
): Promise<FileReference[]> {
  const files = await companyFiles(
    db,
    companyId,
    references.map((r) => r.fileId),
  );
  return references.filter((r) => files.get(r.fileId)?.kind !== r.kind);
}
