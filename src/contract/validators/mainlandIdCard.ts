// Mainland China resident identity card number (GB 11643-1999): 6-digit address code, 8-digit
// birth date, 3-digit sequence, ISO 7064 MOD 11-2 check character (0–9 or X).
import { isCalendarDate, isoDateOf } from './calendarDate';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';
const SHAPE = /^\d{17}[\dX]$/;
// Province-level codes of GB/T 2260 (plus 71 Taiwan, 81 Hong Kong, 82 Macao, 83 for residence
// permits of Taiwan residents): a number outside them was mistyped.
const PROVINCE_CODES: ReadonlySet<string> = new Set(
  '11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65 71 81 82 83'.split(
    ' ',
  ),
);
const EARLIEST_BIRTH_YEAR = 1900;

export function idCardCheckCharacter(first17: string): string | undefined {
  if (!/^\d{17}$/.test(first17)) return undefined;
  let sum = 0;
  // Stryker disable next-line EqualityOperator: an 18th round reads charAt(17) = '' (Number 0) and no weight (0): it adds 0
  for (let i = 0; i < 17; i += 1) sum += Number(first17.charAt(i)) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARACTERS.charAt(sum % 11);
}

/** `today` is the caller's clock (the server passes app.clock.now()), so a birth date may not lie after it. */
export function isValidMainlandIdCardNumber(value: string, today: Date = new Date()): boolean {
  if (!SHAPE.test(value)) return false;
  if (!PROVINCE_CODES.has(value.slice(0, 2))) return false;
  const birth = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  if (!isCalendarDate(birth)) return false;
  if (Number(value.slice(6, 10)) < EARLIEST_BIRTH_YEAR) return false;
  if (birth > isoDateOf(today)) return false;
  return idCardCheckCharacter(value.slice(0, 17)) === value.charAt(17);
}
