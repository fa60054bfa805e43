// Activation (spec §4, §8; docs/product-rules.md "Activation link"): 24 hours, single use, a resend voids the
// old link; the answers the /activateAccount page shows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { users } from '../../../src/server/db/schema/index';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  Caller,
  createAccount,
  latestMail,
  login,
  mailCount,
  seal,
  solveCaptcha,
  tokenOf,
  uniqueEmail,
  userRow,
} from './support/accountsClient';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'Activ#Pass1';

/** Registers through the API and returns the activation token from the mailed link. */
async function registered(caller: Caller) {
  const email = uniqueEmail();
  await caller.post('/ums/register/send-code', { email, captchaToken: await solveCaptcha(caller) });
  const { code } = (await latestMail(t, email, 'registrationCode'))!;
  const res = await caller.post('/ums/register', {
    firstName: '李',
    lastName: '雷',
    location: 'CN',
    companyName: '示例科技有限公司',
    position: 'legalPerson',
    email,
    passwordCipher: await seal(t, PASSWORD),
    serviceAgreement: true,
    emailCode: code,
  });
  expect(res.code, res.msg).toBe(200);
  const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
  return { email, userId: user!.id, token: tokenOf((await latestMail(t, email, 'activation'))!.link!) };
}

describe('activation', () => {
  it('activates once; the link used again answers "already activated"', async () => {
    const caller = new Caller(t, undefined, 'zh-cn');
    const { token, userId, email } = await registered(caller);
    const first = await caller.post('/ums/activate', { token });
    expect(first).toMatchObject({
      status: 200,
      code: Codes.activationSuccess.code,
      msg: '激活成功',
      data: { email },
    });
    expect((await userRow(t, userId)).status).toBe('active');
    const again = await caller.post('/ums/activate', { token });
    expect(again).toMatchObject({ code: Codes.alreadyActivated.code, msg: '邮箱已激活' });
  });

  it('an inactive account cannot log in; once activated it can', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const { token, email } = await registered(caller);
    const before = await login(caller, email, PASSWORD);
    expect(before).toMatchObject({ code: Codes.accountNotActivated.code });
    await caller.post('/ums/activate', { token });
    expect((await login(caller, email, PASSWORD)).code).toBe(200);
  });

  it('expires after 24 hours (clock), in both languages, and a resend gives a working link', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const { token, userId, email } = await registered(caller);
    t.clock.advance(Limits.activationLink.validMs);
    expect(await caller.post('/ums/activate', { token })).toMatchObject({
      code: Codes.activationExpired.code,
      msg: 'Activation link expired, please resend',
    });
    caller.lang = 'zh-cn';
    expect((await caller.post('/ums/activate', { token })).msg).toBe('激活链接已过期，请重新发送');
    expect((await userRow(t, userId)).status).toBe('inactive');

    expect((await caller.post('/ums/activate/resend', { email })).code).toBe(200);
    const fresh = tokenOf((await latestMail(t, email, 'activation'))!.link!);
    expect(fresh).not.toBe(token);
    expect((await caller.post('/ums/activate', { token: fresh })).code).toBe(Codes.activationSuccess.code);
  });

  it('is still valid a millisecond before 24 hours', async () => {
    const caller = new Caller(t);
    const { token } = await registered(caller);
    t.clock.advance(Limits.activationLink.validMs - 1);
    expect((await caller.post('/ums/activate', { token })).code).toBe(Codes.activationSuccess.code);
  });

  it('a resend once the last link is no longer fresh voids the old link', async () => {
    const caller = new Caller(t);
    const { token, email } = await registered(caller);
    // While the last link is fresh a resend mails nothing (issue 29 §3, the test below).
    t.clock.advance(Limits.targetMail.activation.floorMs);
    await caller.post('/ums/activate/resend', { email });
    const old = await caller.post('/ums/activate', { token });
    expect(old.code).toBe(Codes.activationLinkInvalid.code);
    const fresh = tokenOf((await latestMail(t, email, 'activation'))!.link!);
    expect((await caller.post('/ums/activate', { token: fresh })).code).toBe(Codes.activationSuccess.code);
    // Once active, even the voided link says so rather than "invalid".
    expect((await caller.post('/ums/activate', { token })).code).toBe(Codes.alreadyActivated.code);
  });

  it('an unknown link is invalid; a malformed one is a 400, never a 500', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    expect(await caller.post('/ums/activate', { token: 'A'.repeat(43) })).toMatchObject({
      status: 200,
      code: Codes.activationLinkInvalid.code,
      msg: 'The activation link is not valid',
    });
    expect((await caller.post('/ums/activate', { token: 42 })).status).toBe(400);
  });

  it('resend answers the same for unknown, active and inactive emails, and mails only the inactive one', async () => {
    const caller = new Caller(t);
    const active = await createAccount(t);
    const inactive = await createAccount(t, { status: 'inactive' });
    const unknown = uniqueEmail();
    const answers = await Promise.all(
      [active.email, inactive.email, unknown].map((email) => caller.post('/ums/activate/resend', { email })),
    );
    for (const a of answers) expect(a).toMatchObject({ status: 200, code: 200, data: null });
    expect(await mailCount(t, active.email, 'activation')).toBe(0);
    expect(await mailCount(t, inactive.email, 'activation')).toBe(1);
    expect(await mailCount(t, unknown, 'activation')).toBe(0);
  });

  it('mails the activation in the account language', async () => {
    const caller = new Caller(t);
    const inactive = await createAccount(t, { status: 'inactive', language: 'zh-cn' });
    await caller.post('/ums/activate/resend', { email: inactive.email });
    const rows = await t.app.pool.query(
      `select locale from outbox where "to" = $1 and template = 'activation'`,
      [inactive.email],
    );
    expect(rows.rows[0].locale).toBe('zh-cn');
  });
});
