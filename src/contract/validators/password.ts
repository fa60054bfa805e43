// The password rule of spec §5 and docs/product-rules.md: 8–20 characters, at least one uppercase, one
// lowercase and one special character; digits allowed. Only printable ASCII is accepted, so a
// password typed on one keyboard layout can be typed again on another.
import { Limits } from '../limits';

const SPECIAL = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const ALLOWED = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]*$/;

/** Each part of the rule on its own, so the form can tick them off while the user types. */
export interface PasswordRuleChecks {
  length: boolean;
  uppercase: boolean;
  lowercase: boolean;
  special: boolean;
  allowedCharactersOnly: boolean;
}

export function checkPasswordRules(value: string): PasswordRuleChecks {
  const { minLength, maxLength } = Limits.password;
  return {
    length: value.length >= minLength && value.length <= maxLength,
    uppercase: /[A-Z]/.test(value),
    lowercase: /[a-z]/.test(value),
    special: SPECIAL.test(value),
    allowedCharactersOnly: ALLOWED.test(value),
  };
}

export function isValidPassword(value: string): boolean {
  return Object.values(checkPasswordRules(value)).every(Boolean);
}
