import { describe, expect, it } from 'vitest';
import { Limits } from '../../../../src/contract/limits';
import { isValidEmailCode } from '../../../../src/contract/validators/emailCode';
import { isValidInvitationCode } from '../../../../src/contract/validators/invitationCode';

describe('email verification code', () => {
  it('has the digits of limits.ts', () => {
    expect(Limits.emailCode.digits).toBe(6);
    expect(isValidEmailCode('012345')).toBe(true);
    expect(isValidEmailCode('999999')).toBe(true);
  });

  it.each(['12345', '1234567', '12a456', ' 123456', '１２３４５６', ''])('refuses "%s"', (code) => {
    expect(isValidEmailCode(code)).toBe(false);
  });
});

describe('invitation code', () => {
  it.each(['PARTNER2025', 'a1b2-c3_d4', 'x'])('accepts %s', (code) => {
    expect(isValidInvitationCode(code)).toBe(true);
  });

  it.each(['has space', 'code?x=1', 'a'.repeat(65), '邀请码', ''])('refuses "%s"', (code) => {
    expect(isValidInvitationCode(code)).toBe(false);
  });
});
