// Stopping the app stops the worker cleanly: a send in progress either finishes (and its row is
// marked sent) or, past the stop timeout, is aborted and its row released untouched for later.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../src/server/db/schema/outbox';
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/server/mail/deliveryWorker';
import { createSmtpSender } from '../../../src/server/mail/smtpSender';
import { createTestApp, type TestApp } from '../../support/testApp';
import { startSmtpPeer, waitFor, type SmtpPeer } from './smtpPeer';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('stopping the delivery worker', () => {
  let t: TestApp;
  const peers: SmtpPeer[] = [];
  const workers: DeliveryWorker[] = [];
  beforeAll(async () => {
    const unused = await startSmtpPeer();
    peers.push(unused);
    t = await createTestApp({ smtpUrl: unused.url });
    // This test drives its own workers on the app's database.
    await t.app.mail.worker.stop();
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await t?.close();
    for (const p of peers) await p.close();
  });

  function worker(stopTimeoutMs: number) {
    const w = createDeliveryWorker(
      {
        db: t.app.db,
        pool: t.app.pool,
        clock: t.app.clock,
        log: quietLog,
        messageIdDomain: 'portal.localhost',
      },
      { stopTimeoutMs, pollIntervalMs: 60_000 },
    );
    workers.push(w);
    return w;
  }

  const status = async (id: string) => (await t.app.db.select().from(outbox).where(eq(outbox.id, id)))[0];

  it('lets a send in progress finish, then marks the row sent', async () => {
    const slow = await startSmtpPeer({ answerDelayMs: 700 });
    peers.push(slow);
    const w = worker(10_000);
    const { id } = await t.app.mail.enqueue(t.app.db, {
      to: 'slow@example.com',
      locale: 'en-us',
      template: 'resetPassword',
      vars: { link: 'https://p.example/' },
    });
    await w.start(createSmtpSender(slow.url, 'Portal <no-reply@portal.localhost>'));
    // Stop while the server has the message but has not answered yet.
    await waitFor(() => slow.receiving === 1, 'the server to receive the message');
    expect(slow.received).toHaveLength(0);
    await w.stop();
    expect(slow.received).toHaveLength(1);
    expect((await status(id))?.status).toBe('sent');
  });

  it('aborts a send that outlasts the stop timeout and releases its row untouched', async () => {
    const hung = await startSmtpPeer({ answerDelayMs: 60_000 });
    peers.push(hung);
    const w = worker(300);
    const { id } = await t.app.mail.enqueue(t.app.db, {
      to: 'hung@example.com',
      locale: 'en-us',
      template: 'resetPassword',
      vars: { link: 'https://p.example/' },
    });
    await w.start(createSmtpSender(hung.url, 'Portal <no-reply@portal.localhost>'));
    await waitFor(() => hung.receiving === 1, 'the server to receive the message');
    const started = Date.now();
    await w.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    const row = await status(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });

    // Released: a later worker delivers it.
    const ok = await startSmtpPeer();
    peers.push(ok);
    const next = worker(10_000);
    await next.start(createSmtpSender(ok.url, 'Portal <no-reply@portal.localhost>'));
    await waitFor(
      async () => ((await status(id))?.status === 'sent' ? true : undefined),
      'delivery after release',
    );
    expect(ok.received.map((m) => m.recipients[0])).toEqual(['hung@example.com']);
  });
});
