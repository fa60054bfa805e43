// Submitted values as the case view lists them: every leaf of a step's values under its
// "<stepId>.<path>" — the very strings a revision request flags and the applicant's wizard marks.
import type { CaseField } from '../../../contract/api/admin';

type Leaf = string | number | boolean | null;

function leafOf(value: unknown): Leaf {
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
  ) {
    return value;
  }
  if (typeof value === 'bigint' || typeof value === 'symbol') return value.toString();
  // Objects are walked by `leaves`, never shown as one leaf; JSON keeps one readable if it comes.
  return JSON.stringify(value) ?? null;
}

/**
 * Every leaf in document order; an empty list or object is one null leaf. A loop over an explicit
 * stack rather than recursion, so stored JSON of any depth cannot overflow the call stack (issue 22).
 */
function leaves(root: unknown, prefix: string[]): Array<{ path: string[]; value: Leaf }> {
  const out: Array<{ path: string[]; value: Leaf }> = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: prefix }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === undefined) continue;
    if (typeof value !== 'object' || value === null) {
      out.push({ path, value: leafOf(value) });
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item: unknown, i) => [String(i), item])
      : Object.entries(value);
    if (entries.length === 0) out.push({ path, value: null });
    // Reversed onto the stack so the first entry comes off first.
    for (let i = entries.length - 1; i >= 0; i--) {
      stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return out;
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
