// Issue 22 §3 and the token binding of §2: account discovery made slow, and answers that do not
// tell an unknown email from a locked account. Real app, real PostgreSQL, several client addresses.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import {
  Caller,
  createAccount,
  login,
  mailCount,
  PASSWORD,
  seal,
  solveCaptcha,
  uniqueEmail,
} from '../accounts/support/accountsClient';
import { currentPressure } from '../../../src/server/services/accounts/pressure';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.mail.worker.stop();
});
afterAll(() => t?.close());
// Each test starts with no counters: the global ceiling is shared by every test of the file.
beforeEach(async () => {
  await t.app.pool.query('DELETE FROM rate_limit_counters');
});

const shape = (answer: { status: number; code: number; msg: string; data: unknown }) => ({
  status: answer.status,
  code: answer.code,
  msg: answer.msg,
  data: answer.data,
});

describe('captcha tokens are bound to the client that solved the puzzle', () => {
  it('a token relayed to another address or another browser is refused; the solver can still spend it', async () => {
    const account = await createAccount(t);
    const solver = new Caller(t);
    const token = await solveCaptcha(solver);
    const elsewhere = new Caller(t);
    const relayed = await elsewhere.post('/ums/login', {
      email: account.email,
      passwordCipher: await seal(t, PASSWORD),
      captchaToken: token,
    });
    expect(relayed.code).toBe(Codes.captchaFailed.code);
    const otherBrowser = await t.app.inject({
      method: 'POST',
      url: '/plat/ums/login',
      remoteAddress: solver.ip,
      headers: { 'user-agent': 'curl/8.5.0', language: '1' },
      payload: { email: account.email, passwordCipher: await seal(t, PASSWORD), captchaToken: token },
    });
    expect(otherBrowser.json<{ code: number }>().code).toBe(Codes.captchaFailed.code);
    const own = await solver.post('/ums/login', {
      email: account.email,
      passwordCipher: await seal(t, PASSWORD),
      captchaToken: token,
    });
    expect(own.code).toBe(Codes.ok.code);
  });
});

describe('the lockout does not tell an unknown email from an account', () => {
  it(`after ${Limits.login.maxFailures} wrong passwords an unknown email answers exactly as a locked account`, async () => {
    const account = await createAccount(t);
    const unknown = uniqueEmail('nobody');
    const known: unknown[] = [];
    const nobody: unknown[] = [];
    for (let i = 0; i < Limits.login.maxFailures + 2; i++) {
      known.push(shape(await login(new Caller(t), account.email, 'Wrong#Pass9')));
      nobody.push(shape(await login(new Caller(t), unknown, 'Wrong#Pass9')));
    }
    expect(nobody).toEqual(known);
    expect((known.at(-1) as { code: number }).code).toBe(Codes.accountLocked.code);
    expect((known.at(Limits.login.maxFailures - 2) as { code: number }).code).toBe(
      Codes.invalidCredentials.code,
    );
    // A locked account is not asked for its password any more; neither is the unknown email.
    const rows = await t.app.pool.query<{ result: string }>(
      'SELECT result FROM login_history WHERE email = $1 ORDER BY at, id',
      [unknown],
    );
    expect(rows.rows.filter((r) => r.result === 'locked')).toHaveLength(2);
  });
});

// Issue 29 §2 replaced the per-email and portal-wide 429s of issue 22 §3: a flood from many
// addresses once refused every new visitor for a minute, and ten calls aimed at one email blocked
// its owner's reset. The counts now refuse nobody and are read as pressure (what the puzzle's proof
// of work reads); the floods themselves are driven in tests/server/accounts/abuseLimits.test.ts.
describe('discovery-shaped calls count as pressure per target email and for the portal', () => {
  it('send-code, register and forgot each count for their email and the portal, and none is refused', async () => {
    const email = uniqueEmail('target');
    const calls = [
      () => new Caller(t).post('/ums/register/send-code', { email, captchaToken: 'x'.repeat(32) }),
      async () => new Caller(t).post('/ums/register', await registerBody(email)),
      () => new Caller(t).post('/ums/password/forgot', { email, captchaToken: 'x'.repeat(32) }),
    ];
    const answers: number[] = [];
    for (let i = 0; i <= Limits.discovery.perEmail.calm; i++) answers.push((await calls[i % 3]!()).code);
    expect(answers).not.toContain(Codes.rateLimited.code);
    const count = Limits.discovery.perEmail.calm + 1;
    const now = t.clock.now();
    expect(await currentPressure(t.app.db, now, { email })).toBeCloseTo(
      count / Limits.discovery.perEmail.calm,
    );
    expect(await currentPressure(t.app.db, now)).toBeCloseTo(count / Limits.discovery.portal.calm);
    // Its window over, the email's pressure is gone.
    t.clock.advance(Limits.discovery.perEmail.windowMs);
    expect(await currentPressure(t.app.db, t.clock.now(), { email })).toBe(0);
  });
});

async function registerBody(email: string) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    location: 'HK',
    companyName: 'Acme Trading Ltd',
    position: 'manager',
    email,
    passwordCipher: await seal(t, PASSWORD),
    serviceAgreement: true,
    emailCode: '123456',
  };
}

describe('register says nothing about an address before the mailed code, and mails no cannon', () => {
  it('a registered address without its code answers codeNotSent, as an unknown one does', async () => {
    const active = await createAccount(t);
    const inactive = await createAccount(t, { status: 'inactive' });
    const answers = await Promise.all(
      [active.email, inactive.email, uniqueEmail('free')].map(async (email) =>
        shape(await new Caller(t).post('/ums/register', await registerBody(email))),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual([
      Codes.codeNotSent.code,
      Codes.codeNotSent.code,
      Codes.codeNotSent.code,
    ]);
    expect(await mailCount(t, inactive.email, 'activation')).toBe(0);
  });

  it('send-code for an address waiting for activation mails one link, not one per call', async () => {
    const inactive = await createAccount(t, { status: 'inactive' });
    for (let i = 0; i < 3; i++) {
      const caller = new Caller(t);
      const answer = await caller.post('/ums/register/send-code', {
        email: inactive.email,
        captchaToken: await solveCaptcha(caller),
      });
      expect(answer.code).toBe(Codes.emailRegisteredNotActivated.code);
    }
    expect(await mailCount(t, inactive.email, 'activation')).toBe(1);
    // Once the last link is no longer fresh (the address's mail budget, issue 29 §3), the next
    // call mails a new one.
    t.clock.advance(Limits.targetMail.activation.floorMs + 1000);
    const caller = new Caller(t);
    await caller.post('/ums/register/send-code', {
      email: inactive.email,
      captchaToken: await solveCaptcha(caller),
    });
    expect(await mailCount(t, inactive.email, 'activation')).toBe(2);
  });
});
