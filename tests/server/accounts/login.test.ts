// Login (spec §2, §5, §8; docs/product-rules.md "Login lockout", "Password transport"): invalid credentials
// never say which part was wrong, the lockout holds against parallel attempts and on every API
// instance, a replayed ciphertext is refused, every attempt is recorded.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { loginHistory, sessions } from '../../../src/server/db/schema/index';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  BROWSER_USER_AGENT,
  Caller,
  createAccount,
  login,
  seal,
  solveCaptcha,
  uniqueEmail,
  userRow,
} from './support/accountsClient';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function historyOf(userId: string) {
  return t.app.db.select().from(loginHistory).where(eq(loginHistory.userId, userId));
}

describe('login', () => {
  it('signs in with a session and the session user; the token works for user info', async () => {
    const caller = new Caller(t);
    const account = await createAccount(t);
    const res = await login(caller, account.email, account.password);
    expect(res.code).toBe(200);
    expect(res.data.user).toMatchObject({
      email: account.email,
      role: 'applicant',
      accountStatus: 'active',
      companyId: account.companyId,
      enterpriseCertificationStatus: 0,
      operatorId: null,
    });
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, account.userId));
    expect(session).toMatchObject({ ip: caller.ip });
    expect(session!.userAgent).toContain('Chrome');
    caller.token = res.data.token;
    const info = await caller.get('/ums/user/info');
    expect(info.data).toEqual(res.data.user);
  });

  it('a reviewer signs in through the same route, with no company (-1)', async () => {
    const caller = new Caller(t);
    const reviewer = await createAccount(t, { role: 'reviewer' });
    const res = await login(caller, reviewer.email, reviewer.password);
    expect(res.data.user).toMatchObject({
      role: 'reviewer',
      companyId: null,
      enterpriseCertificationStatus: -1,
    });
  });

  it.each([
    ['zh-cn', '邮箱或密码错误'],
    ['en-us', 'Invalid email or password'],
  ] as const)('answers the same for an unknown email and a wrong password (%s)', async (lang, msg) => {
    const caller = new Caller(t, undefined, lang);
    const account = await createAccount(t);
    const wrong = await login(caller, account.email, 'Wrong#Pass1');
    const unknown = await login(caller, uniqueEmail(), account.password);
    expect(wrong).toMatchObject({ status: 200, code: Codes.invalidCredentials.code, msg, data: null });
    expect(unknown).toEqual(wrong);
  });

  it('refuses a replayed ciphertext, and a stale one', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const account = await createAccount(t);
    const passwordCipher = await seal(t, account.password);
    const first = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher,
      captchaToken: await solveCaptcha(caller),
    });
    expect(first.code).toBe(200);
    const replay = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher,
      captchaToken: await solveCaptcha(caller),
    });
    expect(replay).toMatchObject({
      code: Codes.passwordCipherRejected.code,
      msg: 'The login request has expired, please try again',
    });
    const stale = await seal(
      t,
      account.password,
      t.clock.now().getTime() - Limits.passwordTransport.maxAgeMs - 1,
    );
    const old = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher: stale,
      captchaToken: await solveCaptcha(caller),
    });
    expect(old.code).toBe(Codes.passwordCipherRejected.code);
    expect((await historyOf(account.userId)).map((h) => h.result).sort()).toEqual([
      'cipherRejected',
      'cipherRejected',
      'success',
    ]);
  });

  it('needs a captcha token', async () => {
    const caller = new Caller(t);
    const account = await createAccount(t);
    const res = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher: await seal(t, account.password),
      captchaToken: 'Z'.repeat(43),
    });
    expect(res.code).toBe(Codes.captchaFailed.code);
    const missing = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher: await seal(t, account.password),
    });
    expect(missing.status).toBe(400);
  });

  it('locks on the 5th wrong password for 30 minutes, whatever the password then; unlocks after', async () => {
    const caller = new Caller(t, undefined, 'zh-cn');
    const account = await createAccount(t);
    for (let i = 1; i < Limits.login.maxFailures; i++) {
      expect((await login(caller, account.email, `Wrong#Pass${i}`)).code).toBe(Codes.invalidCredentials.code);
    }
    const fifth = await login(caller, account.email, 'Wrong#Pass5');
    expect(fifth).toMatchObject({
      code: Codes.accountLocked.code,
      msg: '多次登录失败，账号已锁定，请30分钟后再试',
    });
    caller.lang = 'en-us';
    const right = await login(caller, account.email, account.password);
    expect(right).toMatchObject({
      code: Codes.accountLocked.code,
      msg: 'Account locked after multiple failed logins, please try again in 30 minutes',
    });
    t.clock.advance(Limits.login.lockoutMs - 1000);
    expect((await login(caller, account.email, account.password)).code).toBe(Codes.accountLocked.code);
    t.clock.advance(1000);
    expect((await login(caller, account.email, account.password)).code).toBe(200);
    expect(await userRow(t, account.userId)).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });

  it('a success resets the count of failures', async () => {
    const caller = new Caller(t);
    const account = await createAccount(t);
    for (let i = 0; i < 4; i++) await login(caller, account.email, 'Wrong#Pass1');
    expect((await login(caller, account.email, account.password)).code).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(caller, account.email, 'Wrong#Pass1')).code).toBe(Codes.invalidCredentials.code);
  });

  it('10 wrong passwords in parallel: exactly 5 are evaluated, the account is locked', async () => {
    const account = await createAccount(t);
    // Prepared first, so the attempts race each other and not the slider.
    const attempts = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const caller = new Caller(t);
        return {
          caller,
          body: {
            email: account.email,
            passwordCipher: await seal(t, 'Wrong#Pass1'),
            captchaToken: await solveCaptcha(caller),
          },
        };
      }),
    );
    const answers = await Promise.all(attempts.map(({ caller, body }) => caller.post('/ums/login', body)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === Codes.invalidCredentials.code)).toHaveLength(4);
    expect(codes.filter((c) => c === Codes.accountLocked.code)).toHaveLength(6);
    const history = await historyOf(account.userId);
    expect(history.filter((h) => h.result === 'wrongPassword')).toHaveLength(5);
    expect(history.filter((h) => h.result === 'locked')).toHaveLength(5);
    const row = await userRow(t, account.userId);
    expect(row.failedLogins).toBe(5);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(
      t.clock.now().getTime() + Limits.login.lockoutMs - 60_000,
    );
  });

  it('a lockout counted on one instance holds on the other', async () => {
    const second = await t.reopen();
    try {
      const account = await createAccount(t);
      for (let i = 0; i < Limits.login.maxFailures; i++) {
        const caller = new Caller(t);
        const body = {
          email: account.email,
          passwordCipher: await seal(t, 'Wrong#Pass1'),
          captchaToken: await solveCaptcha(caller),
        };
        const app = i % 2 === 0 ? t.app : second;
        await app.inject({
          method: 'POST',
          url: '/plat/ums/login',
          payload: body,
          remoteAddress: caller.ip,
          headers: { 'user-agent': BROWSER_USER_AGENT },
        });
      }
      const caller = new Caller(t);
      const body = {
        email: account.email,
        passwordCipher: await seal(t, account.password),
        captchaToken: await solveCaptcha(caller),
      };
      const res = await second.inject({
        method: 'POST',
        url: '/plat/ums/login',
        payload: body,
        remoteAddress: caller.ip,
        headers: { 'user-agent': BROWSER_USER_AGENT },
      });
      expect(res.json().code).toBe(Codes.accountLocked.code);
    } finally {
      await second.close();
    }
  });

  it('an account not activated is told so only with the right password', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const account = await createAccount(t, { status: 'inactive' });
    expect((await login(caller, account.email, 'Wrong#Pass1')).code).toBe(Codes.invalidCredentials.code);
    const right = await login(caller, account.email, account.password);
    expect(right).toMatchObject({
      code: Codes.accountNotActivated.code,
      msg: 'The account is not activated, please activate it from your email first',
    });
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, account.userId))).toHaveLength(0);
  });

  it('records every attempt with time, IP, device and result; unknown emails under no user', async () => {
    const caller = new Caller(t);
    const account = await createAccount(t);
    await login(caller, account.email, 'Wrong#Pass1');
    await login(caller, account.email, account.password);
    const rows = await historyOf(account.userId);
    expect(rows.map((r) => r.result).sort()).toEqual(['success', 'wrongPassword']);
    expect(rows[0]).toMatchObject({ ip: caller.ip, device: 'Chrome 126 · Windows', email: account.email });
    const stranger = uniqueEmail();
    await login(caller, stranger, 'Wrong#Pass1');
    const [unknown] = await t.app.db.select().from(loginHistory).where(eq(loginHistory.email, stranger));
    expect(unknown).toMatchObject({ userId: null, result: 'wrongPassword' });
  });

  it('logout ends the session (401 afterwards)', async () => {
    const caller = new Caller(t);
    const account = await createAccount(t);
    caller.token = (await login(caller, account.email, account.password)).data.token;
    expect((await caller.post('/ums/logout')).code).toBe(200);
    const after = await caller.get('/ums/user/info');
    expect(after.status).toBe(401);
    expect(after.code).toBe(Codes.loginInvalid.code);
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, account.userId), eq(sessions.revokedReason, 'logout')));
    expect(row).toBeDefined();
  });
});
