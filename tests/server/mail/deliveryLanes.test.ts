// A burst of mail is sent over several connections at once (registration codes are valid for only
// 3 minutes), and still each row exactly once: the lanes claim rows with SKIP LOCKED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDeliveryWorker,
  DEFAULT_WORKER_OPTIONS,
  type DeliveryWorker,
} from '../../../src/server/mail/deliveryWorker';
import { createSmtpSender } from '../../../src/server/mail/smtpSender';
import { createTestApp, type TestApp } from '../../support/testApp';
import { startSmtpPeer, waitFor, type SmtpPeer } from './smtpPeer';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('delivery lanes', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let worker: DeliveryWorker | undefined;
  beforeAll(async () => {
    // The server holds each message a while before it answers, so parallel sends overlap visibly.
    peer = await startSmtpPeer({ answerDelayMs: 3_000 });
    t = await createTestApp({ smtpUrl: peer.url });
    await t.app.mail.worker.stop();
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await peer?.close();
  });

  it(`sends ${DEFAULT_WORKER_OPTIONS.lanes} messages at once, and every message once`, async () => {
    expect(DEFAULT_WORKER_OPTIONS.lanes).toBeGreaterThan(1);
    const count = DEFAULT_WORKER_OPTIONS.lanes + 2;
    for (let i = 0; i < count; i++) {
      await t.app.mail.enqueue(t.app.db, {
        to: `burst${i}@example.com`,
        locale: 'en-us',
        template: 'resetPassword',
        vars: { link: 'https://p.example/' },
      });
    }
    worker = createDeliveryWorker(
      {
        db: t.app.db,
        pool: t.app.pool,
        clock: t.app.clock,
        log: quietLog,
        messageIdDomain: 'portal.localhost',
      },
      { pollIntervalMs: 60_000 },
    );
    await worker.start(createSmtpSender(peer.url, 'Portal <no-reply@portal.localhost>'));
    await waitFor(() => peer.received.length === count, 'every message to arrive', 60_000);
    expect(peer.maxConcurrent).toBe(DEFAULT_WORKER_OPTIONS.lanes);
    const recipients = peer.received.flatMap((m) => m.recipients);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
  });
});
