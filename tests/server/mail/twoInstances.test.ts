// Two API instances on one database deliver one outbox: every row is sent exactly once, however
// their workers interleave (FOR UPDATE SKIP LOCKED), and both take part.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../src/server/db/schema/outbox';
import { createTestApp, type TestApp } from '../../support/testApp';
import { startSmtpPeer, waitFor, type SmtpPeer } from './smtpPeer';

const MAILS = 30;

describe('two API instances sharing the outbox', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    // A slow server keeps each send open long enough for the two workers to overlap.
    peer = await startSmtpPeer({ answerDelayMs: 40 });
    t = await createTestApp({ smtpUrl: peer.url });
    second = await t.reopen();
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('never sends one row twice', async () => {
    // One commit wakes both instances at the same moment (NOTIFY reaches every listener).
    const ids = await t.app.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < MAILS; i++) {
        const mail = {
          to: `user${i}@example.com`,
          locale: 'en-us',
          template: 'certificationSubmitted',
          vars: { companyName: `Company ${i}` },
        } as const;
        out.push((await t.app.mail.enqueue(tx, mail)).id);
      }
      return out;
    });
    // Both poll as well; run both now to make the overlap certain rather than likely.
    await Promise.all([t.app.mail.worker.runOnce(), second.mail.worker.runOnce()]);
    await waitFor(async () => {
      const rows = await t.app.db.select({ status: outbox.status }).from(outbox);
      return rows.filter((r) => r.status === 'sent').length === MAILS;
    }, 'every row to be sent');

    expect(peer.received).toHaveLength(MAILS);
    const messageIds = peer.received.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(MAILS);
    expect(peer.received.flatMap((m) => m.recipients).sort()).toEqual(
      Array.from({ length: MAILS }, (_, i) => `user${i}@example.com`).sort(),
    );
    for (const id of ids) {
      const [row] = await t.app.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    }
    // Each worker sends one message at a time: overlapping messages prove both instances sent,
    // at the same time, so the checks above were a real race.
    expect(peer.maxConcurrent).toBeGreaterThan(1);
  });
});
