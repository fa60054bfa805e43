// Support snapshots leave the user's browser (issue 9 §4): everything personal in them is replaced by
// a placeholder of the same shape (letters → x / X, digits → 0, length and punctuation kept), so
// support sees that a field was filled and how it looked, never what it said. Only values that are
// the portal's own vocabulary survive: state names, step ids, enums, message ids, flags and counts.
// The rule is an allow-list by key: a value under an unknown key is redacted, so a new context field
// is private until someone decides otherwise. Only strings directly under a vocabulary key are kept.

/** Keys whose string values are ids or enums of the portal, never typed by a person. */
const VOCABULARY_KEYS: ReadonlySet<string> = new Set([
  'status',
  'step',
  'currentStep',
  'resumeAt',
  'kind',
  'type',
  'state',
  'lifecycleState',
  'result',
  'message',
  'code',
  'choice',
  'decision',
  'eligibility',
  'path',
  'flaggedFields',
  'questionId',
  'locale',
  'language',
  // enums of the forms (src/contract/options.ts)
  'location',
  'registeredLocation',
  'pendingLocation',
  'country',
  'nationality',
  'companyType',
  'industry',
  'businessPurpose',
  'purpose',
  'position',
  'mobileAreaCode',
  'phoneAreaCode',
  'contentType',
]);

/** Numbers under these keys are personal (a phone or document number typed as a number). */
const PERSONAL_NUMBER_KEY = /phone|mobile|number|postal|zip|card|account|credit|licen[cs]e|passport/i;

/** Same length, same punctuation and spacing; letters and digits replaced. */
export function shapePlaceholder(text: string): string {
  return Array.from(text, (char) => {
    if (/\p{Lu}/u.test(char)) return 'X';
    if (/\p{L}/u.test(char)) return 'x';
    if (/\p{N}/u.test(char)) return '0';
    return char;
  }).join('');
}

function redactNumber(value: number): number {
  // Same number of digits, all zero except the first (a leading zero would shorten it).
  const digits = String(Math.trunc(Math.abs(value))).length;
  return digits <= 1 ? 0 : 10 ** (digits - 1);
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A deep copy with personal data replaced. `key` is the property the value sits under; array items
 * inherit their array's key. A vocabulary key keeps only the strings directly under it: an object
 * under it is judged key by key, so `decision: { kind, reason }` keeps the kind and hides the reason.
 */
export function redactPersonalData(value: unknown, key = ''): unknown {
  const vocabulary = VOCABULARY_KEYS.has(key);
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'string') return vocabulary ? value : shapePlaceholder(value);
  if (typeof value === 'number')
    return !vocabulary && PERSONAL_NUMBER_KEY.test(key) ? redactNumber(value) : value;
  if (typeof value !== 'object') return null;
  if (Array.isArray(value)) return value.map((item) => redactPersonalData(item, key));
  if (value instanceof Date) return value.toISOString();
  // File contents, blobs and other live objects never leave: only plain data is kept.
  if (!isPlainObject(value)) return null;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([childKey, child]) => [
      childKey,
      redactPersonalData(child, childKey),
    ]),
  );
}

/** xstate's own fields of a persisted snapshot: state names, status and tags, never typed by a person. */
const SNAPSHOT_STRUCTURE_KEYS: ReadonlySet<string> = new Set(['status', 'value', 'historyValue', 'tags']);
const CHILD_STRUCTURE_KEYS: ReadonlySet<string> = new Set(['src', 'systemId', 'syncSnapshot']);

/** A persisted snapshot (actor.getPersistedSnapshot()) with its context, input, output and children redacted. */
export function redactPersistedSnapshot(snapshot: unknown): unknown {
  if (!snapshot || typeof snapshot !== 'object' || Array.isArray(snapshot))
    return redactPersonalData(snapshot);
  return Object.fromEntries(
    Object.entries(snapshot as Record<string, unknown>).map(([key, part]) => {
      if (SNAPSHOT_STRUCTURE_KEYS.has(key)) return [key, part];
      if (key === 'children' && part && typeof part === 'object') {
        return [
          key,
          Object.fromEntries(
            Object.entries(part as Record<string, unknown>).map(([childId, child]) => [
              childId,
              redactChild(child),
            ]),
          ),
        ];
      }
      return [key, redactPersonalData(part, key)];
    }),
  );
}

function redactChild(child: unknown): unknown {
  if (!child || typeof child !== 'object') return redactPersonalData(child);
  return Object.fromEntries(
    Object.entries(child as Record<string, unknown>).map(([key, part]) => [
      key,
      CHILD_STRUCTURE_KEYS.has(key)
        ? part
        : key === 'snapshot'
          ? redactPersistedSnapshot(part)
          : redactPersonalData(part, key),
    ]),
  );
}
