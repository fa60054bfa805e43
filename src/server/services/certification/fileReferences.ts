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

/** A file id at `here` when `value` is one (or, for a list field, each id in it). */
function idsAt(kind: CertificationFileKind, here: (string | number)[], value: unknown): FileReference[] {
  if (typeof value === 'string' && UUID.test(value)) {
    return [{ path: here.join('.'), fileId: value.toLowerCase(), kind }];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown, i) =>
    typeof item === 'string' && UUID.test(item)
      ? [{ path: [...here, i].join('.'), fileId: item.toLowerCase(), kind }]
      : [],
  );
}

type Pending = { value: unknown; path: (string | number)[] } | { found: FileReference[] };

/**
 * Every file reference in `values`, in document order. A loop over an explicit stack, not
 * recursion: a stored draft nested thousands of levels deep (saved before Limits.json existed)
 * once overflowed the call stack here and every GET of the application answered 500 (issue 22).
 */
export function fileReferencesIn(
  values: unknown,
  prefix: readonly (string | number)[] = [],
): FileReference[] {
  const found: FileReference[] = [];
  const stack: Pending[] = [{ value: values, path: [...prefix] }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if ('found' in next) {
      found.push(...next.found);
      continue;
    }
    const { value, path } = next;
    if (typeof value !== 'object' || value === null) continue;
    const children: Pending[] = [];
    if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => children.push({ value: item, path: [...path, i] }));
    } else {
      for (const [key, child] of Object.entries(value)) {
        const here = [...path, key];
        const kind = Object.hasOwn(FILE_KIND_BY_FIELD, key) ? FILE_KIND_BY_FIELD[key] : undefined;
        // A file field holding an id, or a list of them, is a leaf; anything else is searched on.
        if (kind && ((typeof child === 'string' && UUID.test(child)) || Array.isArray(child))) {
          children.push({ found: idsAt(kind, here, child) });
        } else children.push({ value: child, path: here });
      }
    }
    // Pushed in reverse so the first child comes off the stack first: references stay in order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
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

/**
 * The references whose id is no file of `companyId` at all: another company's, or none. A draft
 * refuses these when it is saved (issue 22 §4); its own deleted files and a wrong kind are left to
 * submit, so an autosave racing a deletion is not refused. One answer for "another company's" and
 * "unknown", so the refusal tells nobody whether an id exists.
 */
export async function foreignReferences(
  db: DbOrTx,
  companyId: string,
  references: FileReference[],
): Promise<FileReference[]> {
  const unique = [...new Set(references.map((r) => r.fileId))];
  if (unique.length === 0) return [];
  const own = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(inArray(storedFiles.id, unique), eq(storedFiles.companyId, companyId)));
  const owned = new Set(own.map((row) => row.id));
  return references.filter((r) => !owned.has(r.fileId));
}
