import { describe, expect, it } from 'vitest';
import { Limits } from '../../../../src/contract/limits';
import { checkPasswordRules, isValidPassword } from '../../../../src/contract/validators/password';

// Builds a password of exactly `length` characters that meets every other part of the rule.
function passwordOfLength(length: number): string {
  return `Aa!${'1'.repeat(length - 3)}`;
}

describe('isValidPassword', () => {
  it('uses the limits of limits.ts (8–20)', () => {
    expect(Limits.password.minLength).toBe(8);
    expect(Limits.password.maxLength).toBe(20);
  });

  it.each([
    [7, false],
    [8, true],
    [20, true],
    [21, false],
  ])('length %i → %s', (length, valid) => {
    const password = passwordOfLength(length);
    expect(password).toHaveLength(length);
    expect(isValidPassword(password)).toBe(valid);
  });

  it.each(['Passw0rd!', 'Abcdefg#', 'xY_zzzzz', 'Hello,World2024', 'A~bcdefgh', 'Q[w]e{r}t|y'])(
    'accepts %s',
    (pw) => {
      expect(isValidPassword(pw)).toBe(true);
    },
  );

  it.each([
    ['no uppercase', 'passw0rd!'],
    ['no lowercase', 'PASSW0RD!'],
    ['no special character', 'Passw0rd1'],
    ['only letters and digits', 'Abcdefgh12'],
    ['a space as the only special character', 'Pass word1'],
    ['a space besides a special character', 'Pass word!'],
    ['a non-ASCII character', 'Pässwörd!'],
    ['a Chinese character', 'Pass密码word!'],
    ['a full-width special character', 'Password！'],
    ['empty', ''],
  ])('refuses a password with %s', (_label, pw) => {
    expect(isValidPassword(pw)).toBe(false);
  });

  it('accepts digits but does not require them', () => {
    expect(isValidPassword('Abcdefg!')).toBe(true);
    expect(isValidPassword('Abcdef1!')).toBe(true);
  });

  it('reports each part of the rule separately', () => {
    expect(checkPasswordRules('abc')).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      special: false,
      allowedCharactersOnly: true,
    });
    expect(checkPasswordRules('ABCDEFGH é!')).toEqual({
      length: true,
      uppercase: true,
      lowercase: false,
      special: true,
      allowedCharactersOnly: false,
    });
  });
});
