// ICAO 9303 TD3 (passport) machine-readable zone, built from fields: two lines of 44 characters
// with the check digits of part 3 (weights 7-3-1; '<' = 0, A = 10 … Z = 35). The reader parses with
// the `mrz` package; building here independently means a test compares two implementations.

export interface Td3Fields {
  issuingState: string;
  surname: string;
  givenNames: string;
  /** Up to 9 letters and digits. */
  number: string;
  nationality: string;
  /** ISO dates. */
  birthDate: string;
  sex: 'M' | 'F';
  expiryDate: string;
}

export function mrzCheckDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    const value = ch === '<' ? 0 : /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55;
    sum += value * (weights[i % 3] ?? 0);
  }
  return String(sum % 10);
}

const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const fill = (text: string, width: number) => text.padEnd(width, '<').slice(0, width);

export function td3Lines(f: Td3Fields): [string, string] {
  const names = `${f.surname}<<${f.givenNames.replaceAll(' ', '<')}`;
  const line1 = fill(`P<${f.issuingState}${names}`, 44);
  const number = fill(f.number, 9);
  const birth = yymmdd(f.birthDate);
  const expiry = yymmdd(f.expiryDate);
  const personal = fill('', 14);
  const personalCheck = '<';
  const numberPart = number + mrzCheckDigit(number);
  const birthPart = birth + mrzCheckDigit(birth);
  const expiryPart = expiry + mrzCheckDigit(expiry);
  const composite = mrzCheckDigit(numberPart + birthPart + expiryPart + personal + personalCheck);
  const line2 = `${numberPart}${f.nationality}${birthPart}${f.sex}${expiryPart}${personal}${personalCheck}${composite}`;
  return [line1, line2];
}
