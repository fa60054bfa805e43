// Per-IP rate limits on sending codes and on login (429 with the envelope), counted per route:
// exhausting one route's limit leaves the others alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { AccountRateLimits } from '../../../src/server/routes/ums/rateLimits';
import { createTestApp, type TestApp } from '../../support/testApp';
import { Caller, createAccount, seal, solveCaptcha, uniqueEmail } from './support/accountsClient';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('per-IP rate limits', () => {
  it('sending codes: the request past the limit is refused with 429, another IP is not', async () => {
    const caller = new Caller(t, undefined, 'zh-cn');
    const { max, timeWindow } = AccountRateLimits.sendCode;
    for (let i = 0; i < max; i++) {
      const res = await caller.post('/ums/register/send-code', {
        email: uniqueEmail(),
        captchaToken: await solveCaptcha(caller),
      });
      expect(res.code).toBe(200);
    }
    const refused = await caller.post('/ums/register/send-code', {
      email: uniqueEmail(),
      captchaToken: await solveCaptcha(caller),
    });
    expect(refused).toMatchObject({
      status: 429,
      code: Codes.rateLimited.code,
      msg: '操作过于频繁，请稍后再试',
    });
    // When the next request is allowed (issue 20 §4): the rest of the window.
    const wait = (refused.data as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(timeWindow);
    const other = new Caller(t);
    expect(
      (
        await other.post('/ums/register/send-code', {
          email: uniqueEmail(),
          captchaToken: await solveCaptcha(other),
        })
      ).code,
    ).toBe(200);
    t.clock.advance(timeWindow);
    expect(
      (
        await caller.post('/ums/register/send-code', {
          email: uniqueEmail(),
          captchaToken: await solveCaptcha(caller),
        })
      ).code,
    ).toBe(200);
  });

  it('activation resend: the one past the limit is refused with the wait until the next is allowed', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const { max, timeWindow } = AccountRateLimits.activateResend;
    for (let i = 0; i < max; i++) {
      expect((await caller.post('/ums/activate/resend', { email: uniqueEmail() })).code).toBe(200);
    }
    t.clock.advance(60_000);
    const refused = await caller.post('/ums/activate/resend', { email: uniqueEmail() });
    expect(refused).toMatchObject({ status: 429, code: Codes.rateLimited.code });
    expect(refused.data).toEqual({ retryAfterMs: expect.any(Number) });
    const wait = (refused.data as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(timeWindow - 60_000);
    t.clock.advance(wait);
    expect((await caller.post('/ums/activate/resend', { email: uniqueEmail() })).code).toBe(200);
  });

  it('login: the attempt past the limit is refused with 429, and other routes still answer', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const account = await createAccount(t);
    const { max } = AccountRateLimits.login;
    // Unknown emails: the limit is about the address, not the account (no lockout interferes).
    for (let i = 0; i < max; i++) {
      const res = await caller.post('/ums/login', {
        email: uniqueEmail(),
        passwordCipher: await seal(t, 'Wrong#Pass1'),
        captchaToken: 'x'.repeat(43),
      });
      expect(res.status).toBe(200);
    }
    const refused = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher: await seal(t, account.password),
      captchaToken: await solveCaptcha(caller),
    });
    expect(refused).toMatchObject({
      status: 429,
      code: Codes.rateLimited.code,
      msg: 'Too many requests, please try again later',
    });
    expect((await caller.get('/ums/captcha')).status).toBe(200);
  });
});
