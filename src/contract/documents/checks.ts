// The checks of a read document (issue 30): each value read against the value typed for it, and the
// document against itself. Pure, shared by the server (stored with the reading, shown to reviewers)
// and the wizard (the applicant's hint right after an upload). A mismatch decides nothing: reading
// can be wrong, so it is a hint for the applicant and a mark for the reviewer.
import { idCardCheckCharacter } from '../validators/mainlandIdCard';
import { isValidUnifiedSocialCreditCode } from '../validators/unifiedSocialCreditCode';
import type { MrzReading, ReadFieldName, ReadFields, ReadKind } from './reading';

export type Verdict = 'equal' | 'different' | 'unreadable';

/**
 * How a value is compared: numbers and codes exactly (spaces aside, 'x' is 'X'); Chinese names
 * exactly (spaces aside); English names, company names and addresses ignoring case, spacing and
 * punctuation; dates as ISO dates.
 */
export type MatchRule = 'number' | 'chineseName' | 'text' | 'date';

export function normalizeFor(rule: MatchRule, value: string): string {
  const trimmed = value.normalize('NFKC').replace(/\s+/g, '');
  switch (rule) {
    case 'number':
      return trimmed.toUpperCase();
    case 'chineseName':
    case 'date':
      return trimmed;
    case 'text':
      return trimmed.toLowerCase().replace(/[\p{P}\p{S}]/gu, '');
  }
}

export function compareValues(rule: MatchRule, typed: string, read: string | null | undefined): Verdict {
  if (read === null || read === undefined || read.trim() === '') return 'unreadable';
  return normalizeFor(rule, typed) === normalizeFor(rule, read) ? 'equal' : 'different';
}

/** A typed field a read field is compared with: paths into the step's values (a person or company info). */
export interface TypedCounterpart {
  field: ReadFieldName;
  /** The form fields whose values, joined, make the typed value (a Chinese name is surname + given name). */
  typedPaths: readonly string[];
  rule: MatchRule;
}

/** Which typed fields each kind of document is compared with. The ID card's back has none. */
export const TYPED_COUNTERPARTS: Record<ReadKind, readonly TypedCounterpart[]> = {
  idFront: [
    { field: 'idNumber', typedPaths: ['document.number'], rule: 'number' },
    { field: 'name', typedPaths: ['surnameChinese', 'givenNameChinese'], rule: 'chineseName' },
  ],
  idBack: [],
  passportPhotoPage: [
    { field: 'number', typedPaths: ['document.number'], rule: 'number' },
    { field: 'surname', typedPaths: ['surnameEnglish'], rule: 'text' },
    { field: 'givenNames', typedPaths: ['givenNameEnglish'], rule: 'text' },
  ],
  businessLicense: [
    { field: 'uscc', typedPaths: ['businessLicenseCode'], rule: 'number' },
    { field: 'companyName', typedPaths: ['companyNameChinese'], rule: 'text' },
    { field: 'establishmentDate', typedPaths: ['establishmentDate'], rule: 'date' },
    { field: 'address', typedPaths: ['registeredAddressChinese'], rule: 'text' },
  ],
};

export interface FieldComparison {
  field: ReadFieldName;
  /** The first typed path, to mark the claim row or form field. */
  typedPath: string;
  typed: string;
  read: string | null;
  verdict: Verdict;
}

function valueAt(values: unknown, dotted: string): string | null {
  let at: unknown = values;
  for (const key of dotted.split('.')) {
    if (at === null || typeof at !== 'object') return null;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'string' ? at : null;
}

/**
 * A read number that fails its own check digit was misread (or the page is forged, which the
 * self-checks say): it cannot tell whether the typed number is right, so it counts as unreadable,
 * not as different. Without this most misreads would tell a correct applicant they typed wrong.
 */
function readButUntrusted(field: ReadFieldName, value: string, mrz: MrzReading | null): boolean {
  switch (field) {
    case 'idNumber':
      return idCardCheckCharacter(value.slice(0, 17)) !== value.charAt(17);
    case 'uscc':
      return !isValidUnifiedSocialCreditCode(value);
    case 'number':
      return mrz?.failedChecks.includes('documentNumberCheckDigit') ?? false;
    default:
      return false;
  }
}

/**
 * Compares what was read with what was typed in `values` (the person or company-info values the
 * file belongs to). A field not typed (empty) is not compared. Differences first, then unreadable.
 */
export function compareWithTyped(
  kind: ReadKind,
  fields: ReadFields,
  values: unknown,
  mrz: MrzReading | null = null,
): FieldComparison[] {
  const order: Record<Verdict, number> = { different: 0, unreadable: 1, equal: 2 };
  return TYPED_COUNTERPARTS[kind]
    .flatMap((c) => {
      const parts = c.typedPaths.map((p) => valueAt(values, p) ?? '');
      const typed = parts.join('');
      if (typed.trim() === '') return [];
      const read = fields[c.field]?.value ?? null;
      const typedPath = c.typedPaths[0] ?? '';
      const verdict =
        read !== null && readButUntrusted(c.field, read, mrz)
          ? 'unreadable'
          : compareValues(c.rule, typed, read);
      return [{ field: c.field, typedPath, typed, read, verdict }];
    })
    .sort((a, b) => order[a.verdict] - order[b.verdict]);
}

// ---- the document against itself ---------------------------------------------------------------

export type SelfCheckName =
  | 'idNumberCheckDigit'
  | 'idNumberBirthDate'
  | 'mrzCheckDigits'
  | 'mrzPrintedNumber'
  | 'usccCheckDigit'
  | 'expired';

export interface SelfCheck {
  name: SelfCheckName;
  outcome: 'pass' | 'fail' | 'unreadable';
}

const outcome = (known: boolean, pass: boolean): SelfCheck['outcome'] =>
  !known ? 'unreadable' : pass ? 'pass' : 'fail';

function isoDateOf(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** `today` is the caller's clock: a document whose last valid day is before it has expired. */
export function selfChecks(
  kind: ReadKind,
  fields: ReadFields,
  mrz: MrzReading | null,
  today: Date,
): SelfCheck[] {
  const v = (name: ReadFieldName) => fields[name]?.value;
  const todayIso = isoDateOf(today);
  switch (kind) {
    case 'idFront': {
      const number = v('idNumber');
      const birth = v('birthDate');
      const numberBirth = number
        ? `${number.slice(6, 10)}-${number.slice(10, 12)}-${number.slice(12, 14)}`
        : '';
      return [
        {
          name: 'idNumberCheckDigit',
          outcome: outcome(
            !!number,
            !!number && idCardCheckCharacter(number.slice(0, 17)) === number.charAt(17),
          ),
        },
        { name: 'idNumberBirthDate', outcome: outcome(!!number && !!birth, numberBirth === birth) },
      ];
    }
    case 'idBack': {
      const validTo = v('validTo');
      // '长期' (long-term) cards never expire.
      return [
        { name: 'expired', outcome: outcome(!!validTo, validTo === '长期' || (validTo ?? '') >= todayIso) },
      ];
    }
    case 'passportPhotoPage': {
      const expiry = v('expiryDate');
      const printed = v('printedNumber');
      const number = v('number');
      return [
        { name: 'mrzCheckDigits', outcome: outcome(mrz !== null, mrz?.valid === true) },
        { name: 'mrzPrintedNumber', outcome: outcome(!!printed && !!number, printed === number) },
        { name: 'expired', outcome: outcome(!!expiry, (expiry ?? '') >= todayIso) },
      ];
    }
    case 'businessLicense': {
      const uscc = v('uscc');
      return [
        { name: 'usccCheckDigit', outcome: outcome(!!uscc, !!uscc && isValidUnifiedSocialCreditCode(uscc)) },
      ];
    }
  }
}

/** The field each self-check is about, for the viewer's outline (the expiry date differs by kind). */
export function selfCheckField(kind: ReadKind, name: SelfCheckName): ReadFieldName {
  switch (name) {
    case 'idNumberCheckDigit':
      return 'idNumber';
    case 'idNumberBirthDate':
      return 'birthDate';
    case 'mrzCheckDigits':
      return 'mrz';
    case 'mrzPrintedNumber':
      return 'printedNumber';
    case 'usccCheckDigit':
      return 'uscc';
    case 'expired':
      return kind === 'idBack' ? 'validTo' : 'expiryDate';
  }
}
