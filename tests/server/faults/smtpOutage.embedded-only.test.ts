// Issue 10 §2 (faults): the SMTP server goes away (connection refused) while the portal keeps
// sending registration codes, stays away through more than one retry, and comes back on the same
// port. The outbox's own retry delivers every mail, each exactly once. The app's clock is the
// test's, so the retry backoff passes without waiting minutes.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { Time } from '../../../src/contract/limits';
import { outbox } from '../../../src/server/db/schema/outbox';
import { DEFAULT_RETRY_POLICY } from '../../../src/server/mail/retryPolicy';
import { renderMail } from '../../../src/server/mail/templates/registry';
import { waitUntil } from '../../support/faultWait';
import { createTestApp, type TestApp } from '../../support/testApp';
import { Caller, solveCaptcha, uniqueEmail } from '../accounts/support/accountsClient';
import { startSmtpPeer, type SmtpPeer } from '../mail/smtpPeer';

const MAILS = 5;
/** Past any backoff the policy can choose: the failed rows are due again. */
const PAST_ANY_RETRY_DELAY = DEFAULT_RETRY_POLICY.maxDelayMs + Time.MINUTE;

let peer: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: peer.url });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('the SMTP server down for a while', () => {
  it('delivers every mail sent meanwhile once it is back, each exactly once', async () => {
    const port = peer.port;
    await peer.close();

    // People ask for registration codes while the mail server is unreachable: the API still says yes.
    const emails = Array.from({ length: MAILS }, () => uniqueEmail('outage'));
    for (const email of emails) {
      const caller = new Caller(t);
      const captchaToken = await solveCaptcha(caller);
      const answer = await caller.post(AccountPaths.registerSendCode, { email, captchaToken });
      expect(answer, answer.msg).toMatchObject({ status: 200, code: 200 });
    }
    const rowsOf = () => t.app.db.select().from(outbox).where(inArray(outbox.to, emails));

    // The worker tried each one and was refused; none is lost or given up.
    await waitUntil(
      async () => (await rowsOf()).every((r) => r.attempts >= 1),
      'a first, failed attempt of every mail',
      30_000,
    );
    // Still down at the next retry.
    t.clock.advance(PAST_ANY_RETRY_DELAY);
    await t.app.mail.worker.runOnce();
    const whileDown = await rowsOf();
    expect(whileDown).toHaveLength(MAILS);
    for (const row of whileDown) {
      expect(row).toMatchObject({ status: 'pending', sentAt: null });
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    }
    expect(peer.received).toHaveLength(0);

    // Back, where the app expects it. Nobody pokes the worker: its own poll finds the due rows.
    peer = await startSmtpPeer({ port });
    t.clock.advance(PAST_ANY_RETRY_DELAY);
    await waitUntil(() => peer.received.length >= MAILS, 'every mail after the server came back', 60_000);
    await waitUntil(
      async () => (await rowsOf()).every((r) => r.status === 'sent'),
      'every row marked sent',
      30_000,
    );

    // Later passes send nothing again.
    t.clock.advance(PAST_ANY_RETRY_DELAY);
    await t.app.mail.worker.runOnce();
    await t.app.mail.worker.runOnce();
    expect(peer.received).toHaveLength(MAILS);

    for (const email of emails) {
      const [row] = await t.app.db.select().from(outbox).where(eq(outbox.to, email));
      const copies = peer.received.filter((m) => m.recipients.includes(email));
      expect(copies, email).toHaveLength(1);
      expect(copies[0]!.messageId).toBe(row!.messageId);
      const expected = renderMail(row!.template, row!.vars, row!.locale);
      expect(copies[0]!.subject).toBe(expected.subject);
      expect(copies[0]!.text).toBe(expected.text);
    }
  }, 180_000);
});
