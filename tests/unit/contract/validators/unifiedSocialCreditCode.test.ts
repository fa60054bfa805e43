// GB 32100-2015 check character and the GB 11714 organization code inside it. Expected check
// characters were computed independently (by hand from the standard's weight table), not with the
// implementation under test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidOrganizationCode,
  organizationCodeCheckCharacter,
} from '../../../../src/contract/validators/organizationCode';
import {
  deriveOrganizationCode,
  isValidUnifiedSocialCreditCode,
  usccCheckCharacter,
} from '../../../../src/contract/validators/unifiedSocialCreditCode';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

describe('isValidUnifiedSocialCreditCode', () => {
  it.each([
    ['91350100M000100Y43', 'company registered in Fuzhou'],
    ['91110000600037341L', 'Beijing, check character a letter'],
    ['914403001922038216', 'Shenzhen'],
    ['91440300708461136T', 'Shenzhen, check character T'],
    ['91310000MA1FL5LW6U', 'organization code with letters'],
    ['92440101MA5G4K2N8X', 'individual business (category 2)'],
    ['Y11100001234567880', 'registration authority Y'],
  ])('accepts %s (%s)', (code) => {
    expect(isValidUnifiedSocialCreditCode(code)).toBe(true);
  });

  it.each([
    ['911100001000013287', 'wrong check character (W expected) and wrong organization check'],
    ['91350100M000100Y44', 'check character changed'],
    ['91350100M000100Y56', 'right GB 32100 check but organization code check 5 instead of 4'],
    ['91350100m000100y43', 'lowercase letters'],
    ['91350100M000100Y4', '17 characters'],
    ['91350100M000100Y433', '19 characters'],
    // The whole value is the code: a valid code with a character appended is not one.
    ['9144030019220382160', '19 characters, the first 18 a valid code'],
    ['91350100I000100Y43', 'letter I, not in the alphabet'],
    ['91350100O000100Y43', 'letter O, not in the alphabet'],
    ['913501A0M000100Y43', 'letter in the administrative division code'],
    ['', 'empty'],
  ])('refuses %s (%s)', (code) => {
    expect(isValidUnifiedSocialCreditCode(code)).toBe(false);
  });

  it('computes the check character with the GB 32100 weights', () => {
    expect(usccCheckCharacter('91350100M000100Y4')).toBe('3');
    expect(usccCheckCharacter('91110000100001328')).toBe('W');
    expect(usccCheckCharacter('91110000600037341')).toBe('L');
    expect(usccCheckCharacter('9135010')).toBeUndefined();
    expect(usccCheckCharacter('91350100M000100YZ')).toBeUndefined();
  });

  it('detects every single-character substitution (MOD 31 with weights prime to 31)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 30 }), (position, shift) => {
        const valid = '91350100M000100Y43';
        const original = ALPHABET.indexOf(valid.charAt(position));
        const replaced = ALPHABET.charAt((original + shift) % 31);
        const mutated = valid.slice(0, position) + replaced + valid.slice(position + 1);
        expect(isValidUnifiedSocialCreditCode(mutated)).toBe(false);
      }),
    );
  });
});

describe('organization code (GB 11714)', () => {
  it.each([
    ['M000100Y', '4'],
    ['60003734', '1'],
    ['19220382', '1'],
    ['MA1FL5LW', '6'],
  ])('check character of %s is %s', (body, check) => {
    expect(organizationCodeCheckCharacter(body)).toBe(check);
  });

  it('has a check character only for a body of 8 digits or capital letters', () => {
    expect(organizationCodeCheckCharacter('M000100Y4')).toBeUndefined();
    expect(organizationCodeCheckCharacter('-M000100Y')).toBeUndefined();
    expect(organizationCodeCheckCharacter('m000100y')).toBeUndefined();
    expect(organizationCodeCheckCharacter('M000100')).toBeUndefined();
  });

  it('maps 11 − (sum mod 11) = 11 to 0 and = 10 to X', () => {
    // weights 3 7 9 10 5 8 4 2: '00000000' sums to 0 → 11 → '0'
    expect(organizationCodeCheckCharacter('00000000')).toBe('0');
    // '00000001' sums to 2 → 9
    expect(organizationCodeCheckCharacter('00000001')).toBe('9');
    // '00000005' sums to 10 → 1
    expect(organizationCodeCheckCharacter('00000005')).toBe('1');
    // '00000030' sums to 12 → 12 mod 11 = 1 → 10 → 'X'
    expect(organizationCodeCheckCharacter('00000030')).toBe('X');
  });

  it('validates a whole organization code', () => {
    expect(isValidOrganizationCode('M000100Y4')).toBe(true);
    expect(isValidOrganizationCode('000000300')).toBe(false);
    expect(isValidOrganizationCode('00000030X')).toBe(true);
    expect(isValidOrganizationCode('M000100Y5')).toBe(false);
    expect(isValidOrganizationCode('M000100Y')).toBe(false);
    // The whole value is the code: a valid code with a character appended is not one.
    expect(isValidOrganizationCode('M000100Y40')).toBe(false);
    expect(isValidOrganizationCode('m000100y4')).toBe(false);
  });

  it('is derived from positions 9–17 of a valid credit code', () => {
    expect(deriveOrganizationCode('91350100M000100Y43')).toBe('M000100Y4');
    expect(deriveOrganizationCode('91110000600037341L')).toBe('600037341');
    expect(deriveOrganizationCode('911100001000013287')).toBeUndefined();
  });
});
