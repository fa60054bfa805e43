// The support message form: anyone can write, the mail goes to the support address through the
// outbox, and a strict per-IP limit keeps it from being a mail cannon.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { outbox } from '../../../src/server/db/schema/index';
import { createTestApp, type TestApp } from '../../support/testApp';
import { AccountRateLimits } from '../../../src/server/routes/ums/rateLimits';
import { Caller, createAccount, login } from './support/accountsClient';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ supportEmail: 'helpdesk@portal.example' });
});
afterAll(() => t?.close());

async function supportMails() {
  return t.app.db.select().from(outbox).where(eq(outbox.to, 'helpdesk@portal.example'));
}

describe('support messages', () => {
  it('an anonymous visitor writes to the support address', async () => {
    const caller = new Caller(t);
    const res = await caller.post('/support/messages', {
      email: 'visitor@example.com',
      message: 'How long does review take?',
    });
    expect(res).toMatchObject({ status: 200, code: 200 });
    const [mail] = await supportMails();
    expect(mail).toMatchObject({ template: 'supportMessage' });
    expect(mail!.vars).toMatchObject({
      fromEmail: 'visitor@example.com',
      fromName: 'visitor@example.com',
      message: 'How long does review take?',
    });
  });

  it('a signed-in user is named with the company', async () => {
    const caller = new Caller(t);
    const account = await createAccount(t);
    caller.token = (await login(caller, account.email, account.password)).data.token;
    await caller.post('/support/messages', { email: account.email, message: 'Hello', topic: 'Card fees' });
    // Rows come back in no set order (no ORDER BY): pick this user's mail.
    const mine = (await supportMails()).filter(
      (m) => (m.vars as { fromEmail?: string }).fromEmail === account.email,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.vars).toMatchObject({
      fromName: 'Ada Lovelace',
      companyName: 'Acme Trading Ltd',
      topic: 'Card fees',
    });
  });

  it('refuses an empty message or a bad email with 400', async () => {
    const caller = new Caller(t);
    expect(
      (await caller.post('/support/messages', { email: 'visitor@example.com', message: '  ' })).status,
    ).toBe(400);
    expect((await caller.post('/support/messages', { email: 'nope', message: 'Hi' })).status).toBe(400);
  });

  it('is strictly limited per IP (429 with the envelope)', async () => {
    const caller = new Caller(t, undefined, 'en-us');
    const { max } = AccountRateLimits.supportMessage;
    for (let i = 0; i < max; i++) {
      expect(
        (await caller.post('/support/messages', { email: 'v@example.com', message: `m${i}` })).status,
      ).toBe(200);
    }
    const refused = await caller.post('/support/messages', { email: 'v@example.com', message: 'again' });
    expect(refused).toMatchObject({
      status: 429,
      code: Codes.rateLimited.code,
      msg: 'Too many requests, please try again later',
    });
    expect(
      (await new Caller(t).post('/support/messages', { email: 'v@example.com', message: 'other ip' })).status,
    ).toBe(200);
  });
});
