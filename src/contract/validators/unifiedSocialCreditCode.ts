// Unified social credit code (GB 32100-2015), the business licence code of a mainland company:
//   1 registration authority · 2 entity category · 3–8 administrative division (6 digits) ·
//   9–17 organization code (GB 11714, own check character) · 18 check character (MOD 31).
import { isValidOrganizationCode } from './organizationCode';

// The 31 characters of the code: digits and capitals without I, O, S, V, Z (easily misread).
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
// Weight of position i is 3^(i-1) mod 31 (GB 32100 table 2).
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
const SHAPE = /^[0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/;

/** The check character for the first 17 characters, or undefined when they are malformed. */
export function usccCheckCharacter(first17: string): string | undefined {
  if (first17.length !== 17) return undefined;
  let sum = 0;
  // Stryker disable next-line EqualityOperator: an 18th round reads charAt(17) = '' (index 0) and no weight (0): it adds 0
  for (let i = 0; i < 17; i += 1) {
    const value = ALPHABET.indexOf(first17.charAt(i));
    if (value < 0) return undefined;
    sum += value * (WEIGHTS[i] ?? 0);
  }
  return ALPHABET.charAt((31 - (sum % 31)) % 31);
}

export function isValidUnifiedSocialCreditCode(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  if (usccCheckCharacter(value.slice(0, 17)) !== value.charAt(17)) return false;
  return isValidOrganizationCode(organizationCodeOf(value));
}

/** Positions 9–17: the organization code a mainland company was (or would have been) issued. */
function organizationCodeOf(uscc: string): string {
  return uscc.slice(8, 17);
}

/** The organization code derived from a valid USCC, or undefined when the USCC is not valid. */
export function deriveOrganizationCode(uscc: string): string | undefined {
  return isValidUnifiedSocialCreditCode(uscc) ? organizationCodeOf(uscc) : undefined;
}
