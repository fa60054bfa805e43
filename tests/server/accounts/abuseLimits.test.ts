// Issue 29 §2/§3: limits that make abuse cost the abuser, never lock out the people. Driven over
// HTTP as the attacks were, from several client addresses, against the real app, PostgreSQL and
// the real SMTP dev mailbox: a flood raises the portal's pressure but refuses no new visitor; calls
// aimed at one person's email cost that person nothing (their own reset still arrives and works);
// the mail anyone can cause to one address is bounded per address and kind, answers unchanged.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { devMailbox, emailCodes, outbox } from '../../../src/server/db/schema/index';
import { AccountRateLimits } from '../../../src/server/routes/ums/rateLimits';
import { currentPressure } from '../../../src/server/services/accounts/pressure';
import { createTestApp, type TestApp } from '../../support/testApp';
import { waitFor } from '../mail/smtpPeer';
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
  type Answer,
} from './support/accountsClient';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
// The portal-wide counter is shared by every test of the file: each starts without counters.
beforeEach(async () => {
  await t.app.pool.query('DELETE FROM rate_limit_counters');
});

/** What a caller can observe of an answer. */
const shape = (answer: Answer) => ({
  status: answer.status,
  code: answer.code,
  msg: answer.msg,
  data: answer.data as unknown,
});

const sendCode = async (caller: Caller, email: string) =>
  caller.post('/ums/register/send-code', { email, captchaToken: await solveCaptcha(caller) });

const forgot = async (caller: Caller, email: string) =>
  caller.post('/ums/password/forgot', { email, captchaToken: await solveCaptcha(caller) });

/**
 * Forgot as the owner asks it: solves the puzzle they are given and, told that the verification
 * failed, the next one (the proof of work may ask more of a token for an email under pressure,
 * issue 29 §1: more work, never a refusal). Three puzzles at most.
 */
async function ownersForgot(caller: Caller, email: string): Promise<Answer> {
  let answer = await forgot(caller, email);
  for (let tries = 1; tries < 3 && answer.code === Codes.captchaFailed.code; tries++)
    answer = await forgot(caller, email);
  return answer;
}

/** The mails the dev mailbox received over SMTP for `to`, once `count` have come. */
async function delivered(to: string, count: number) {
  return waitFor(
    async () => {
      const rows = await t.app.db.select().from(devMailbox).where(eq(devMailbox.to, to));
      return rows.length >= count ? rows : undefined;
    },
    `${count} mail(s) to ${to} in the dev mailbox`,
    30_000,
  );
}

/**
 * The newest mail of `template` the portal sent to `to`, as the owner reads it in the inbox: the
 * outbox's newest row, found among what the dev mailbox received over SMTP by its Message-ID
 * (mail/messageId.ts; delivery lanes may deliver out of order).
 */
async function newestDelivered(to: string, template: string) {
  const sent = await t.app.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)))
    .orderBy(desc(outbox.createdAt));
  const received = await delivered(to, sent.length);
  const mail = received.find((m) => m.messageId.includes(sent[0]!.id));
  expect(mail, `the newest ${template} mail to ${to}`).toBeDefined();
  return mail!;
}

/** The token of the link to `page` in a delivered mail's text. */
function tokenInMail(mail: { text: string }, page: string): string {
  const link = new RegExp(`https?://\\S*/${page}\\?token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  return tokenOf(link!);
}

describe('portal-wide pressure refuses nobody (issue 29 §2)', () => {
  it(`after ${Limits.discovery.portal.calm + 1} discovery calls from 17 addresses, a new address's first send-code is answered and mailed`, async () => {
    // The flood of the report: discovery-shaped calls from 17 addresses, each within its own limits.
    const flooders = Array.from({ length: 17 }, () => new Caller(t));
    const cipher = await seal(t, 'Flood#Pass1');
    const junkToken = 'x'.repeat(32);
    const perAddress = [
      ...Array.from(
        { length: AccountRateLimits.forgot.max },
        () => ['/ums/password/forgot', 'forgot'] as const,
      ),
      ...Array.from(
        { length: AccountRateLimits.sendCode.max },
        () => ['/ums/register/send-code', 'code'] as const,
      ),
      ...Array.from({ length: 8 }, () => ['/ums/register', 'register'] as const),
    ];
    const refused = await Promise.all(
      flooders.map(async (caller) => {
        let limited = 0;
        for (const [path, kind] of perAddress) {
          const email = uniqueEmail('scan');
          const body =
            kind === 'register'
              ? {
                  firstName: 'Ada',
                  lastName: 'Lovelace',
                  location: 'HK',
                  companyName: 'Acme Trading Ltd',
                  position: 'manager',
                  email,
                  passwordCipher: cipher,
                  serviceAgreement: true,
                  emailCode: '123456',
                }
              : { email, captchaToken: junkToken };
          if ((await caller.post(path, body)).status === 429) limited++;
        }
        return limited;
      }),
    );
    // Each flooder stayed within its own address's limits: nobody was refused.
    expect(refused.every((n) => n === 0)).toBe(true);
    const calls = flooders.length * perAddress.length;
    expect(calls).toBeGreaterThan(Limits.discovery.portal.calm);
    // The flood shows as pressure (what the puzzle's proof of work reads) …
    expect(await currentPressure(t.app.db, t.clock.now())).toBeCloseTo(calls / Limits.discovery.portal.calm);
    // … and asking for it counts nothing.
    expect(await currentPressure(t.app.db, t.clock.now())).toBeCloseTo(calls / Limits.discovery.portal.calm);

    // A new visitor, from an address of its own: the first send-code and forgot are answered as ever.
    const visitor = new Caller(t, undefined, 'en-us');
    const email = uniqueEmail('newcomer');
    expect(await sendCode(visitor, email)).toMatchObject({ status: 200, code: Codes.ok.code });
    const mail = await newestDelivered(email, 'registrationCode');
    expect(mail.subject).toMatch(/\d{6}/);
    const member = await createAccount(t);
    expect(await forgot(new Caller(t), member.email)).toMatchObject({ status: 200, code: Codes.ok.code });
    // A minute later the pressure is gone.
    t.clock.advance(Limits.discovery.portal.windowMs);
    expect(await currentPressure(t.app.db, t.clock.now())).toBe(0);
  }, 180_000);

  it('calls aimed at one email raise that email’s pressure, not the portal’s, and refuse nobody', async () => {
    const target = uniqueEmail('target');
    const answers: number[] = [];
    for (let i = 0; i <= Limits.discovery.perEmail.calm; i++) {
      const answer = await new Caller(t).post('/ums/register/send-code', {
        email: target,
        captchaToken: 'x'.repeat(32),
      });
      answers.push(answer.status, answer.code);
    }
    // Every call got the answer its own token deserved: no 429.
    expect(new Set(answers)).toEqual(new Set([200, Codes.captchaFailed.code]));
    const calls = Limits.discovery.perEmail.calm + 1;
    const now = t.clock.now();
    expect(await currentPressure(t.app.db, now, { email: target })).toBeCloseTo(
      calls / Limits.discovery.perEmail.calm,
    );
    expect(await currentPressure(t.app.db, now, { email: uniqueEmail() })).toBeCloseTo(
      calls / Limits.discovery.portal.calm,
    );
  });
});

describe('nobody can block a person’s own reset (issue 29 §2)', () => {
  it('after an attacker’s ten forgot calls from two addresses, the victim’s own reset mail arrives and works', async () => {
    const victim = await createAccount(t);
    const attackers = [new Caller(t), new Caller(t)];
    // Ten calls with solved puzzles (the report's bot solves them), five from each address.
    const attack: Answer[] = [];
    for (let i = 0; i < 10; i++) attack.push(await forgot(attackers[i % 2]!, victim.email));
    // Answered as ever (a token short of the work asked is a failed verification, never a 429).
    const { max, floorMs } = Limits.targetMail.resetPassword;
    expect(attack.every((a) => a.status === 200)).toBe(true);
    expect(attack.filter((a) => a.code === Codes.ok.code).length).toBeGreaterThan(max);
    // The inbox got the budget's burst, not one mail per call.
    expect(await mailCount(t, victim.email, 'resetPassword')).toBe(max);

    // The victim asks from an address of their own: answered as ever …
    const own = new Caller(t, undefined, 'en-us');
    expect(await ownersForgot(own, victim.email)).toMatchObject({
      status: 200,
      code: Codes.ok.code,
      data: null,
    });
    // … and the newest reset mail in their inbox, delivered over SMTP, resets the password.
    const token = tokenInMail(await newestDelivered(victim.email, 'resetPassword'), 'resetPassword');
    expect((await own.post('/ums/password/reset/check', { token })).code).toBe(Codes.ok.code);
    expect(
      (await own.post('/ums/password/reset', { token, passwordCipher: await seal(t, 'Victim#New1') })).code,
    ).toBe(Codes.ok.code);
    expect((await login(own, victim.email, 'Victim#New1')).code).toBe(Codes.ok.code);

    // Within a few minutes, whatever the attacker did, the victim's next call mails a new link.
    t.clock.advance(floorMs);
    expect((await ownersForgot(new Caller(t), victim.email)).code).toBe(Codes.ok.code);
    expect(await mailCount(t, victim.email, 'resetPassword')).toBe(max + 1);
    const fresh = tokenInMail(await newestDelivered(victim.email, 'resetPassword'), 'resetPassword');
    expect(fresh).not.toBe(token);
    expect((await own.post('/ums/password/reset/check', { token: fresh })).code).toBe(Codes.ok.code);
  }, 120_000);

  it('calls without a solved puzzle spend none of the victim’s mail: their own call mails at once', async () => {
    const victim = await createAccount(t);
    for (let i = 0; i < 10; i++) {
      const answer = await new Caller(t).post('/ums/password/forgot', {
        email: victim.email,
        captchaToken: 'x'.repeat(32),
      });
      expect(answer.code).toBe(Codes.captchaFailed.code);
    }
    expect((await ownersForgot(new Caller(t), victim.email)).code).toBe(Codes.ok.code);
    expect(await mailCount(t, victim.email, 'resetPassword')).toBe(1);
  });
});

describe('mail to one address is bounded, answers unchanged (issue 29 §2)', () => {
  it('send-code over the address’s budget answers as before, mails nothing, and the code in the inbox still registers', async () => {
    const { max, floorMs } = Limits.targetMail.registrationCode;
    const email = uniqueEmail('codes');
    const answers: unknown[] = [];
    for (let i = 0; i <= max; i++) {
      if (i > 0) t.clock.advance(Limits.emailCode.resendAfterMs);
      answers.push(shape(await sendCode(new Caller(t, undefined, 'en-us'), email)));
    }
    // Every answer the same, but only `max` codes were mailed.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 200, code: Codes.ok.code });
    expect(await mailCount(t, email, 'registrationCode')).toBe(max);
    // The 60-second rule times the unmailed send like a mailed one: a call now is "too soon".
    const soon = await sendCode(new Caller(t, undefined, 'en-us'), email);
    expect(soon.code).toBe(Codes.codeResendTooSoon.code);
    expect(soon.data).toEqual({ retryAfterMs: Limits.emailCode.resendAfterMs });
    // The newest mailed code is still the live one: nothing voided it.
    const { code } = (await latestMail(t, email, 'registrationCode'))!;
    const rows = await t.app.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.mailed, false)));
    expect(rows).toHaveLength(1);
    // Once the newest mail is floorMs old, the next call mails again.
    t.clock.advance(floorMs - Limits.emailCode.resendAfterMs);
    expect((await sendCode(new Caller(t), email)).code).toBe(Codes.ok.code);
    expect(await mailCount(t, email, 'registrationCode')).toBe(max + 1);
    const fresh = (await latestMail(t, email, 'registrationCode'))!.code;
    expect(fresh).not.toBe(code);
  });

  it('the code mailed before the budget ran out registers', async () => {
    const { max } = Limits.targetMail.registrationCode;
    const email = uniqueEmail('owner');
    for (let i = 0; i <= max; i++) {
      if (i > 0) t.clock.advance(Limits.emailCode.resendAfterMs);
      expect((await sendCode(new Caller(t), email)).code).toBe(Codes.ok.code);
    }
    expect(await mailCount(t, email, 'registrationCode')).toBe(max);
    const { code } = (await latestMail(t, email, 'registrationCode'))!;
    const registered = await new Caller(t).post('/ums/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      location: 'HK',
      companyName: 'Acme Trading Ltd',
      position: 'manager',
      email,
      passwordCipher: await seal(t, 'Owner#Pass1'),
      serviceAgreement: true,
      emailCode: code,
    });
    expect(registered).toMatchObject({ code: Codes.ok.code, data: { email } });
  });
});

describe('activation resend is bounded per address (issue 29 §3)', () => {
  it('eight resends from two addresses mail one link; every answer is the same; a later one mails again', async () => {
    const inactive = await createAccount(t, { status: 'inactive' });
    const callers = [new Caller(t), new Caller(t)];
    const answers: unknown[] = [];
    for (let i = 0; i < 8; i++) {
      answers.push(shape(await callers[i % 2]!.post('/ums/activate/resend', { email: inactive.email })));
    }
    expect(answers).toEqual(Array(8).fill(answers[0]));
    expect(answers[0]).toMatchObject({ status: 200, code: Codes.ok.code });
    // The same answer as for an address with no account at all.
    expect(shape(await new Caller(t).post('/ums/activate/resend', { email: uniqueEmail() }))).toEqual(
      answers[0],
    );
    expect(await mailCount(t, inactive.email, 'activation')).toBe(1);
    // The one mail arrives over SMTP and its link activates the account.
    const first = tokenInMail(await newestDelivered(inactive.email, 'activation'), 'activateAccount');
    // Once the last link is no longer fresh, a resend mails a new one (and voids the old).
    t.clock.advance(Limits.targetMail.activation.floorMs);
    expect((await new Caller(t).post('/ums/activate/resend', { email: inactive.email })).code).toBe(200);
    expect(await mailCount(t, inactive.email, 'activation')).toBe(2);
    const old = await new Caller(t).post('/ums/activate', { token: first });
    expect(old.code).toBe(Codes.activationLinkInvalid.code);
    const fresh = tokenOf((await latestMail(t, inactive.email, 'activation'))!.link!);
    expect((await new Caller(t).post('/ums/activate', { token: fresh })).code).toBe(
      Codes.activationSuccess.code,
    );
  }, 60_000);

  it('send-code on an address waiting for activation shares the same budget as resend', async () => {
    const inactive = await createAccount(t, { status: 'inactive' });
    expect((await new Caller(t).post('/ums/activate/resend', { email: inactive.email })).code).toBe(200);
    const answer = await sendCode(new Caller(t), inactive.email);
    expect(answer.code).toBe(Codes.emailRegisteredNotActivated.code);
    expect(await mailCount(t, inactive.email, 'activation')).toBe(1);
  });
});
