// Singapore Unique Entity Number (uen.gov.sg), three formats, each ending in a check letter:
//   (A) businesses registered with ACRA:      nnnnnnnnX    (8 digits)
//   (B) local companies registered with ACRA:  yyyynnnnnX   (year of issue + 5 digits)
//   (C) all other entities:                    TyyPQnnnnX   (T = 20xx, S = 19xx, R = 18xx; PQ = entity type)
// The check-letter algorithms are not published, so only the shape and the year are checked.

const BUSINESS_UEN = /^\d{8}[A-Z]$/;
const LOCAL_COMPANY_UEN = /^(\d{4})\d{5}[A-Z]$/;
const OTHER_UEN = /^([RST])(\d{2})([A-Z]{2})\d{4}[A-Z]$/;

// Entity-type codes of format C (uen.gov.sg "UEN issuance" table).
const OTHER_ENTITY_TYPES: ReadonlySet<string> = new Set(
  (
    'CC CD CH CL CM CP CS CX DP FB FC FM FN GA GB GS HS LL LP MB MC MD MH MM MQ NB NR PA PB PF RF RP ' +
    'SM SS TC TU VH XL'
  ).split(' '),
);
// Format-C entities that ACRA itself registers: limited partnerships, LLPs, foreign companies,
// public accounting firms. Every other format-C issuer is another agency.
const ACRA_ENTITY_TYPES = new Set(['LP', 'LL', 'FC', 'PF']);
const CENTURY_BY_PREFIX: Record<string, number> = { R: 1800, S: 1900, T: 2000 };

/** What this portal reads of a well-formed UEN: whether ACRA (not another agency) issued it. */
interface ParsedUen {
  byAcra: boolean;
}

function parseUen(value: string, today: Date): ParsedUen | undefined {
  const thisYear = today.getUTCFullYear();
  // Formats A and B are ACRA's own registers.
  if (BUSINESS_UEN.test(value)) return { byAcra: true };
  const local = LOCAL_COMPANY_UEN.exec(value);
  if (local) return Number(local[1]) <= thisYear ? { byAcra: true } : undefined;
  const other = OTHER_UEN.exec(value);
  if (!other) return undefined;
  // Stryker disable next-line StringLiteral: the three groups always take part in a match, so the fallbacks are never read
  const [, prefix = '', yy = '', entityType = ''] = other;
  const year = (CENTURY_BY_PREFIX[prefix] ?? 0) + Number(yy);
  if (year > thisYear || !OTHER_ENTITY_TYPES.has(entityType)) return undefined;
  return { byAcra: ACRA_ENTITY_TYPES.has(entityType) };
}

export function isValidUen(value: string, today: Date = new Date()): boolean {
  return parseUen(value, today) !== undefined;
}

/** An ACRA registration number: a UEN that ACRA (not another agency) issued. */
export function isValidAcraNumber(value: string, today: Date = new Date()): boolean {
  return parseUen(value, today)?.byAcra === true;
}
