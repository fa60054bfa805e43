// Submitted values as the case view lists them: every leaf of a step's values under its
// "<stepId>.<path>" — the very strings a revision request flags and the applicant's wizard marks.
import type { CaseField } from '../../../contract/api/admin';

type Leaf = string | number | boolean | null;

function leaves(value: unknown, prefix: string[]): Array<{ path: string[]; value: Leaf }> {
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ path: prefix, value: null }];
    return value.flatMap((item, i) => leaves(item, [...prefix, String(i)]));
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return [{ path: prefix, value: null }];
    return entries.flatMap(([key, item]) => leaves(item, [...prefix, key]));
  }
  if (value === undefined) return [];
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
  ) {
    return [{ path: prefix, value }];
  }
  return [{ path: prefix, value: String(value) }];
}

/** The leaves of one step's values; `filePaths` (paths inside the step) mark document references. */
export function caseFieldsOf(
  stepId: string,
  values: unknown,
  filePaths: ReadonlyMap<string, string>,
): CaseField[] {
  return leaves(values, [])
    .filter((leaf) => leaf.path.length > 0)
    .map((leaf) => {
      const fieldPath = leaf.path.join('.');
      return {
        path: `${stepId}.${fieldPath}`,
        fieldPath,
        value: leaf.value,
        fileId: filePaths.get(fieldPath) ?? null,
      };
    });
}

/** True when `flagged` names a listed field or a whole subtree of them (a prefix at a dot). */
export function namesSubmittedField(flagged: string, fields: readonly CaseField[]): boolean {
  return fields.some((f) => f.path === flagged || f.path.startsWith(`${flagged}.`));
}
