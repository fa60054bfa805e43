// The accounts API's request schemas (src/contract/api/accounts.ts) at unit level: what a body may
// hold at each bound and the message id the envelope answers otherwise (docs/api-conventions.md: validationFailed with
// the field's message). The server suites reach these only through HTTP; here each bound and message
// is named (issue 19 §2: the file's mutants had no covering test in the lean set).
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  activateRequest,
  activateResendRequest,
  captchaVerifyRequest,
  changePasswordRequest,
  forgotRequest,
  loginHistoryQuery,
  loginRequest,
  preferencesRequest,
  registerRequest,
  registerSendCodeRequest,
  resetCheckRequest,
  resetRequest,
} from '../../../../src/contract/api/accounts';
import { messagesByPath } from '../support/issues';

const CIPHER = 'c'.repeat(16);
const TOKEN = 't'.repeat(16);
const UUID = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';

/** The message ids of `schema` for `base` with `change` applied ({} when valid). */
function check(schema: z.ZodType, base: Record<string, unknown>, change: Record<string, unknown>) {
  return messagesByPath(schema, { ...base, ...change });
}

describe('login, forgot, reset, change password', () => {
  const login = { email: 'user@example.com', passwordCipher: CIPHER, captchaToken: TOKEN };

  it('a password ciphertext is 16 to 2048 characters', () => {
    expect(check(loginRequest, login, {})).toEqual({});
    expect(check(loginRequest, login, { passwordCipher: 'c'.repeat(2048) })).toEqual({});
    expect(check(loginRequest, login, { passwordCipher: 'c'.repeat(15) })).toEqual({
      passwordCipher: ['field.required'],
    });
    expect(check(loginRequest, login, { passwordCipher: 'c'.repeat(2049) })).toEqual({
      passwordCipher: ['field.invalid'],
    });
    const change = { currentPasswordCipher: CIPHER, newPasswordCipher: CIPHER };
    expect(check(changePasswordRequest, change, {})).toEqual({});
    expect(check(changePasswordRequest, change, { newPasswordCipher: '' })).toEqual({
      newPasswordCipher: ['field.required'],
    });
    expect(check(changePasswordRequest, change, { currentPasswordCipher: '' })).toEqual({
      currentPasswordCipher: ['field.required'],
    });
  });

  it('a slider token is 16 to 256 characters, else "please complete the slider"', () => {
    expect(check(loginRequest, login, { captchaToken: 't'.repeat(256) })).toEqual({});
    expect(check(loginRequest, login, { captchaToken: 't'.repeat(15) })).toEqual({
      captchaToken: ['captcha.required'],
    });
    expect(check(loginRequest, login, { captchaToken: 't'.repeat(257) })).toEqual({
      captchaToken: ['captcha.required'],
    });
  });

  it('an email is trimmed and lower-cased, at most 254 characters', () => {
    expect(loginRequest.parse({ ...login, email: '  User@Example.COM ' }).email).toBe('user@example.com');
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(long).toHaveLength(254);
    expect(check(loginRequest, login, { email: long })).toEqual({});
    expect(check(loginRequest, login, { email: `a${long}` })).toEqual({ email: ['email.format'] });
    expect(check(loginRequest, login, { email: 'user.example.com' })).toEqual({ email: ['email.format'] });
    expect(check(activateResendRequest, {}, { email: 'user@example.com' })).toEqual({});
    expect(check(activateResendRequest, {}, {})).not.toEqual({});
  });

  it('forgot: email, slider token and an optional language of the portal', () => {
    const forgot = { email: 'user@example.com', captchaToken: TOKEN };
    expect(check(forgotRequest, forgot, {})).toEqual({});
    expect(check(forgotRequest, forgot, { locale: 'zh-cn' })).toEqual({});
    expect(check(forgotRequest, forgot, { locale: 'en-us' })).toEqual({});
    expect(check(forgotRequest, forgot, { locale: 'fr-fr' })).not.toEqual({});
    expect(check(forgotRequest, forgot, { captchaToken: undefined })).not.toEqual({});
  });

  it('activation and reset links carry a token of 16 to 200 characters', () => {
    for (const schema of [activateRequest, resetCheckRequest]) {
      expect(check(schema, {}, { token: TOKEN })).toEqual({});
      expect(check(schema, {}, { token: 't'.repeat(200) })).toEqual({});
      expect(check(schema, {}, { token: 't'.repeat(15) })).not.toEqual({});
      expect(check(schema, {}, { token: 't'.repeat(201) })).not.toEqual({});
    }
    const reset = { token: TOKEN, passwordCipher: CIPHER };
    expect(check(resetRequest, reset, {})).toEqual({});
    expect(check(resetRequest, reset, { token: 't'.repeat(200) })).toEqual({});
    expect(check(resetRequest, reset, { token: 't'.repeat(15) })).not.toEqual({});
    expect(check(resetRequest, reset, { token: 't'.repeat(201) })).not.toEqual({});
    expect(check(resetRequest, reset, { passwordCipher: undefined })).not.toEqual({});
  });

  it('preferences: the language is zh-cn or en-us', () => {
    expect(check(preferencesRequest, {}, { language: 'zh-cn' })).toEqual({});
    expect(check(preferencesRequest, {}, { language: 'en-us' })).toEqual({});
    expect(check(preferencesRequest, {}, { language: 'de-de' })).not.toEqual({});
    expect(check(preferencesRequest, {}, {})).not.toEqual({});
  });
});

describe('registration', () => {
  const register = {
    firstName: 'San',
    lastName: 'Zhang',
    location: 'CN',
    companyName: 'Acme Trading Limited',
    position: 'manager',
    email: 'zhang.san@example.com',
    passwordCipher: CIPHER,
    serviceAgreement: true,
    emailCode: '012345',
  };

  it('accepts a registration, every location and position of the spec', () => {
    expect(check(registerRequest, register, {})).toEqual({});
    for (const location of ['CN', 'HK', 'SG', 'US', 'GB'])
      expect(check(registerRequest, register, { location })).toEqual({});
    for (const position of ['legalPerson', 'manager', 'employee', 'other'])
      expect(check(registerRequest, register, { position })).toEqual({});
  });

  it.each([
    ['firstName', ' ', 'field.required'],
    ['firstName', 'A'.repeat(51), 'field.invalid'],
    ['lastName', '', 'field.required'],
    ['lastName', 'A'.repeat(51), 'field.invalid'],
    ['companyName', '  ', 'field.required'],
    ['companyName', 'A'.repeat(201), 'field.invalid'],
    ['location', 'JP', 'field.required'],
    ['position', 'ceo', 'field.required'],
    ['serviceAgreement', false, 'serviceAgreement.required'],
    ['emailCode', '01234', 'emailCode.format'],
    ['emailCode', '0123456', 'emailCode.format'],
    ['emailCode', 'x012345', 'emailCode.format'],
    ['emailCode', '012345x', 'emailCode.format'],
    ['emailCode', 'abcdef', 'emailCode.format'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(check(registerRequest, register, { [field]: value })).toEqual({ [field]: [message] });
  });

  it('names and the company name are trimmed; at their limits they are accepted', () => {
    const parsed = registerRequest.parse({
      ...register,
      firstName: ' San ',
      lastName: ' Zhang ',
      companyName: ' Acme ',
    });
    expect([parsed.firstName, parsed.lastName, parsed.companyName]).toEqual(['San', 'Zhang', 'Acme']);
    expect(
      check(registerRequest, register, {
        firstName: ` ${'A'.repeat(50)} `,
        lastName: 'A'.repeat(50),
        companyName: ` ${'A'.repeat(200)} `,
      }),
    ).toEqual({});
  });

  it('phone (20) and invitation code (64) are optional, trimmed, with their limits', () => {
    expect(check(registerRequest, register, { phone: null, invitationCode: null })).toEqual({});
    expect(
      check(registerRequest, register, {
        phone: ` ${'1'.repeat(20)} `,
        invitationCode: ` ${'x'.repeat(64)} `,
      }),
    ).toEqual({});
    expect(check(registerRequest, register, { phone: '1'.repeat(21) })).not.toEqual({});
    expect(check(registerRequest, register, { invitationCode: 'x'.repeat(65) })).not.toEqual({});
    const parsed = registerRequest.parse({ ...register, phone: ' 13800138000 ', invitationCode: ' P1 ' });
    expect([parsed.phone, parsed.invitationCode]).toEqual(['13800138000', 'P1']);
  });

  it('send-code: email, an optional slider token and language', () => {
    expect(check(registerSendCodeRequest, { email: 'user@example.com' }, {})).toEqual({});
    expect(
      check(registerSendCodeRequest, { email: 'user@example.com' }, { locale: 'en-us', captchaToken: TOKEN }),
    ).toEqual({});
    expect(check(registerSendCodeRequest, { email: 'user@example.com' }, { locale: 'zh-cn' })).toEqual({});
    expect(check(registerSendCodeRequest, { email: 'user@example.com' }, { locale: 'ja-jp' })).not.toEqual(
      {},
    );
    expect(check(registerSendCodeRequest, {}, {})).not.toEqual({});
  });
});

describe('slider answer', () => {
  const point = (x: number, y = 0, t = 0) => ({ x, y, t });
  const answer = { challengeId: UUID, x: 100, trail: [point(0), point(100, 0, 500)], work: 'a0'.repeat(32) };

  it('accepts an answer within the bounds (limits.ts CaptchaAnswerBounds)', () => {
    expect(check(captchaVerifyRequest, answer, {})).toEqual({});
    expect(check(captchaVerifyRequest, answer, { x: 0 })).toEqual({});
    expect(check(captchaVerifyRequest, answer, { x: 1000 })).toEqual({});
    expect(
      check(captchaVerifyRequest, answer, { trail: [point(-50, -500, 0), point(1000, 500, 120_000)] }),
    ).toEqual({});
    expect(
      check(captchaVerifyRequest, answer, { trail: Array.from({ length: 500 }, (_, i) => point(i % 1000)) }),
    ).toEqual({});
  });

  it.each([
    ['a challenge id that is not a UUID', { challengeId: 'abc' }, 'challengeId'],
    ['x below 0', { x: -1 }, 'x'],
    ['x beyond 1000', { x: 1001 }, 'x'],
    ['a single point', { trail: [point(0)] }, 'trail'],
    ['501 points', { trail: Array.from({ length: 501 }, () => point(0)) }, 'trail'],
    ['a point left of −50', { trail: [point(-51), point(0)] }, 'trail.0.x'],
    ['a point beyond 1000', { trail: [point(0), point(1001)] }, 'trail.1.x'],
    ['a point 501 above', { trail: [point(0, -501), point(0)] }, 'trail.0.y'],
    ['a point 501 below', { trail: [point(0, 501), point(0)] }, 'trail.0.y'],
    ['a negative time', { trail: [point(0, 0, -1), point(0)] }, 'trail.0.t'],
    ['a time beyond 2 minutes', { trail: [point(0), point(0, 0, 120_001)] }, 'trail.1.t'],
    ['a point without its time', { trail: [{ x: 0, y: 0 }, point(0)] }, 'trail.0.t'],
    ['no proof of work (issue 29 §1)', { work: undefined }, 'work'],
    ['a work key of 63 hex digits', { work: 'a'.repeat(63) }, 'work'],
    ['a work key in capitals', { work: 'A'.repeat(64) }, 'work'],
  ])('refuses %s', (_label, change, path) => {
    expect(Object.keys(check(captchaVerifyRequest, answer, change))).toEqual([path]);
  });

  it('the challenge id answers "please complete the slider"', () => {
    expect(check(captchaVerifyRequest, answer, { challengeId: 'abc' })).toEqual({
      challengeId: ['captcha.required'],
    });
  });
});

describe('login history query', () => {
  it('pages from 1, 20 a page by default, at most 100', () => {
    expect(loginHistoryQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(loginHistoryQuery.parse({ page: '3', pageSize: '100' })).toEqual({ page: 3, pageSize: 100 });
    expect(check(loginHistoryQuery, {}, { pageSize: '1' })).toEqual({});
    expect(check(loginHistoryQuery, {}, { page: '0' })).not.toEqual({});
    expect(check(loginHistoryQuery, {}, { pageSize: '0' })).not.toEqual({});
    expect(check(loginHistoryQuery, {}, { pageSize: '101' })).not.toEqual({});
  });

  it('bounds are ISO 8601 instants with an offset', () => {
    const range = { from: '2025-01-01T00:00:00+08:00', to: '2025-01-31T23:59:59.999+08:00' };
    expect(check(loginHistoryQuery, range, {})).toEqual({});
    expect(check(loginHistoryQuery, range, { from: '2025-01-01' })).not.toEqual({});
    expect(check(loginHistoryQuery, range, { to: 'yesterday' })).not.toEqual({});
  });
});
