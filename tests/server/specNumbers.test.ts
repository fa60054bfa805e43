// The spec's numbers that only the server enforces, pinned by behaviour over HTTP with the test
// clock (issue 19 §2): the failure count of the login lockout and its 30 minutes (docs/product-rules.md
// "Login lockout", spec §9), and the email code's 3 minutes as the server checks them (§5, §9).
// Every number is written here LITERALLY, never read from src/contract/limits.ts. The activation
// link's 24 h and the QR's 120 s / 10 min are the lifecycle charts' delays, which the server
// elapses as they are; they are pinned on those charts (tests/machines/specNumbers.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../src/contract/codes';
import { createTestApp, type TestApp } from '../support/testApp';
import {
  Caller,
  createAccount,
  latestMail,
  login,
  seal,
  solveCaptcha,
  uniqueEmail,
} from './accounts/support/accountsClient';

const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('§9 lockout 30 minutes after 5 failed passwords (docs/product-rules.md Login lockout)', () => {
  it('the 4th wrong password is only wrong, the 5th locks; locked 30 min − 1 ms later, open at 30 min', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const account = await createAccount(t);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(caller, account.email, `Wrong#Pass${attempt}`)).code).toBe(
        Codes.invalidCredentials.code,
      );
    }
    expect(await login(caller, account.email, 'Wrong#Pass5')).toMatchObject({
      code: Codes.accountLocked.code,
      msg: 'Account locked after multiple failed logins, please try again in 30 minutes',
    });
    t.clock.advance(30 * MINUTE - 1);
    expect((await login(caller, account.email, account.password)).code).toBe(Codes.accountLocked.code);
    t.clock.advance(1);
    expect((await login(caller, account.email, account.password)).code).toBe(200);
  });
});

describe('§9 email code valid 3 minutes, as the server checks it (§5)', () => {
  async function sentCode(caller: Caller, email: string): Promise<string> {
    const sent = await caller.post('/ums/register/send-code', {
      email,
      captchaToken: await solveCaptcha(caller),
    });
    expect(sent.code).toBe(200);
    return (await latestMail(t, email, 'registrationCode'))!.code!;
  }

  async function register(caller: Caller, email: string, emailCode: string) {
    return caller.post('/ums/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      location: 'HK',
      companyName: 'Analytical Engines Ltd',
      position: 'manager',
      email,
      phoneAreaCode: null,
      phone: null,
      passwordCipher: await seal(t, 'Regist#Pass1'),
      invitationCode: null,
      serviceAgreement: true,
      emailCode,
    });
  }

  it('accepted 3 min − 1 ms after sending, refused as expired at 3 min + 1 ms', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const inTime = uniqueEmail();
    const inTimeCode = await sentCode(caller, inTime);
    t.clock.advance(3 * MINUTE - 1);
    expect((await register(caller, inTime, inTimeCode)).code).toBe(200);

    const late = uniqueEmail();
    const lateCode = await sentCode(caller, late);
    t.clock.advance(3 * MINUTE + 1);
    expect(await register(caller, late, lateCode)).toMatchObject({
      code: Codes.codeExpired.code,
      msg: 'Verification code expired',
    });
  });
});
