// Support snapshots leave the user's browser (issue 9 §4, issue 19 §5): everything personal in them is
// replaced by a placeholder that names only its kind (‹email›, ‹name›, ‹id number›, ‹file›…), so
// support sees that a field was filled and what sort of field it is, never its value, its length,
// its shape or its character classes. Only values that are the portal's own vocabulary survive:
// state names, step ids, enums, message ids, flags and counts. The rule is an allow-list by key: a
// value under an unknown key is redacted, so a new context field is private until someone decides
// otherwise. Only strings directly under a vocabulary key are kept. An empty string stays empty:
// "left blank" is what support needs to see, and it says nothing about a person
// (docs/decisions/support.md "Support by reference").

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

/** What a placeholder may say about a value: its kind, nothing else. */
export const REDACTED_KINDS = [
  'email',
  'phone',
  'file',
  'name',
  'address',
  'id number',
  'link',
  'date',
  'id',
  'text',
] as const;
export type RedactedKind = (typeof REDACTED_KINDS)[number];

/** First match wins: a `businessLicenseFileId` is a file, a `businessLicenseCode` an id number. */
const KIND_BY_KEY: readonly (readonly [RedactedKind, RegExp])[] = [
  ['email', /e-?mail/i],
  ['phone', /phone|mobile|^tel|fax/i],
  ['file', /file|attachment|photo|image|frame/i],
  ['name', /name/i],
  ['address', /address|street|city|district|postal|zip/i],
  ['id number', /number|licen[cs]e|passport|code|idcard|certificate|registration|tax/i],
  ['link', /website|url|link/i],
  ['date', /date|birth|dob/i],
  ['id', /(^id|Id|ID)$/],
];

/** The kind of the value under `key`; a file's parts (its name, its id) are the file. */
export function redactedKindOf(key: string, parentKind: RedactedKind | null = null): RedactedKind {
  if (parentKind === 'file') return 'file';
  for (const [kind, pattern] of KIND_BY_KEY) if (pattern.test(key)) return kind;
  return 'text';
}

/** The placeholder of a kind: `‹email›`. The same for every value of that kind. */
export function kindPlaceholder(kind: RedactedKind): string {
  return `‹${kind}›`;
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A deep copy with personal data replaced. `key` is the property the value sits under; array items
 * inherit their array's key. A vocabulary key keeps only the strings directly under it: an object
 * under it is judged key by key, so `decision: { kind, reason }` keeps the kind and hides the reason.
 * `parentKind` is the kind of the object the value sits in (everything inside a file is the file).
 */
export function redactPersonalData(
  value: unknown,
  key = '',
  parentKind: RedactedKind | null = null,
): unknown {
  const vocabulary = VOCABULARY_KEYS.has(key);
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (vocabulary || value === '') return value;
    return kindPlaceholder(redactedKindOf(key, parentKind));
  }
  if (typeof value === 'number')
    return !vocabulary && PERSONAL_NUMBER_KEY.test(key)
      ? kindPlaceholder(redactedKindOf(key, parentKind))
      : value;
  if (typeof value !== 'object') return null;
  if (Array.isArray(value)) return value.map((item) => redactPersonalData(item, key, parentKind));
  if (value instanceof Date) return kindPlaceholder('date');
  // File contents, blobs and other live objects never leave: only plain data is kept.
  if (!isPlainObject(value)) return null;
  const kind = redactedKindOf(key, parentKind);
  const childParent = kind === 'file' ? 'file' : null;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([childKey, child]) => [
      childKey,
      redactPersonalData(child, childKey, childParent),
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
