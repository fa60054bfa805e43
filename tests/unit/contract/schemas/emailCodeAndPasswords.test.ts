import { describe, expect, it } from 'vitest';
import { emailCodeSchema } from '../../../../src/contract/schemas/emailCode';
import { passwordChangeSchema, passwordResetSchema } from '../../../../src/contract/schemas/passwordChange';
import { fieldMessages, parsedData } from '../support/issues';

describe('emailCodeSchema', () => {
  it('accepts 6 digits, trimmed', () => {
    expect(parsedData(emailCodeSchema, { code: ' 012345 ' })).toEqual({ code: '012345' });
  });

  it.each([
    ['', 'emailCode.required'],
    [undefined, 'emailCode.required'],
    ['12345', 'emailCode.format'],
    ['1234567', 'emailCode.format'],
    ['12a456', 'emailCode.format'],
  ])('%j → %s', (code, message) => {
    expect(fieldMessages(emailCodeSchema, { code })).toEqual({ code: message });
  });
});

describe('passwordResetSchema', () => {
  it('accepts a new password that follows the rule and is confirmed', () => {
    expect(
      passwordResetSchema.safeParse({ newPassword: 'N3w-Passw0rd', confirmPassword: 'N3w-Passw0rd' }).success,
    ).toBe(true);
  });

  it('says "invalid password format" and "passwords do not match"', () => {
    expect(
      fieldMessages(passwordResetSchema, { newPassword: 'password', confirmPassword: 'password' }),
    ).toEqual({
      newPassword: 'password.format',
    });
    expect(
      fieldMessages(passwordResetSchema, { newPassword: 'N3w-Passw0rd', confirmPassword: 'N3w-Passw0rD' }),
    ).toEqual({
      confirmPassword: 'password.mismatch',
    });
  });

  it('asks for the confirmation, and says nothing of a mismatch while it is empty', () => {
    expect(fieldMessages(passwordResetSchema, { newPassword: 'N3w-Passw0rd', confirmPassword: '' })).toEqual({
      confirmPassword: 'password.confirmRequired',
    });
  });
});

describe('passwordChangeSchema', () => {
  const valid = { currentPassword: 'old', newPassword: 'N3w-Passw0rd', confirmPassword: 'N3w-Passw0rd' };

  it('accepts any current password (it may predate the rule) and a new one that follows it', () => {
    expect(passwordChangeSchema.safeParse(valid).success).toBe(true);
  });

  it('requires the current password', () => {
    expect(fieldMessages(passwordChangeSchema, { ...valid, currentPassword: '' })).toEqual({
      currentPassword: 'password.required',
    });
  });

  it('refuses a new password equal to the current one', () => {
    expect(fieldMessages(passwordChangeSchema, { ...valid, currentPassword: 'N3w-Passw0rd' })).toEqual({
      newPassword: 'password.sameAsCurrent',
    });
  });

  it('reports only the format while the new password breaks the rule, even when it equals the current one', () => {
    const same = { currentPassword: 'password', newPassword: 'password', confirmPassword: 'password' };
    expect(fieldMessages(passwordChangeSchema, same)).toEqual({ newPassword: 'password.format' });
  });

  it('refuses a confirmation that differs, while the current password is still empty', () => {
    expect(
      fieldMessages(passwordChangeSchema, { ...valid, currentPassword: '', confirmPassword: 'x' }),
    ).toEqual({
      currentPassword: 'password.required',
      confirmPassword: 'password.mismatch',
    });
  });
});
