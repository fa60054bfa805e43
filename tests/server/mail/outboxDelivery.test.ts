// The outbox delivers to a real SMTP server (SMTP_URL), in the recipient's language, with a
// Message-ID fixed by the row; a rolled-back change leaves no mail; an outage delays mail but
// loses none and sends none twice; a row that cannot be delivered ends 'failed', still listed.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Time } from '../../../src/contract/limits';
import { outbox } from '../../../src/server/db/schema/outbox';
import { DEFAULT_WORKER_OPTIONS } from '../../../src/server/mail/deliveryWorker';
import { DEFAULT_RETRY_POLICY } from '../../../src/server/mail/retryPolicy';
import { renderMail } from '../../../src/server/mail/templates/registry';
import { createTestApp, type TestApp } from '../../support/testApp';
import { startSmtpPeer, waitFor, type SmtpPeer } from './smtpPeer';

const LONGER_THAN_ANY_RETRY_DELAY = DEFAULT_RETRY_POLICY.maxDelayMs + Time.MINUTE;

async function rowOf(t: TestApp, id: string) {
  const [row] = await t.app.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`outbox row ${id} is gone`);
  return row;
}

describe('outbox delivery to an SMTP server', () => {
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

  it('delivers a committed mail at once, in the recipient language, and marks it sent', async () => {
    const zh = await t.app.db.transaction((tx) =>
      t.app.mail.enqueue(tx, {
        to: 'zh@example.com',
        locale: 'zh-cn',
        template: 'registrationCode',
        vars: { code: '123456' },
      }),
    );
    const en = await t.app.db.transaction((tx) =>
      t.app.mail.enqueue(tx, {
        to: 'en@example.com',
        locale: 'en-us',
        template: 'registrationCode',
        vars: { code: '654321' },
      }),
    );
    // No runOnce and no clock change: the commit's NOTIFY wakes the worker well before its next poll.
    const soonerThanAPoll = DEFAULT_WORKER_OPTIONS.pollIntervalMs / 2;
    const zhMail = await waitFor(
      () => peer.received.find((m) => m.recipients.includes('zh@example.com')),
      'the zh mail',
      soonerThanAPoll,
    );
    const enMail = await waitFor(
      () => peer.received.find((m) => m.recipients.includes('en@example.com')),
      'the en mail',
      soonerThanAPoll,
    );

    const expectedZh = renderMail('registrationCode', { code: '123456' }, 'zh-cn');
    expect(zhMail.subject).toBe(expectedZh.subject);
    expect(zhMail.text).toBe(expectedZh.text);
    expect(zhMail.html).toBe(expectedZh.html);
    expect(enMail.subject).toBe('Your registration code: 654321');
    expect(zhMail.messageId).toBe(`<outbox.${zh.id}@portal.localhost>`);
    expect(enMail.messageId).toBe(`<outbox.${en.id}@portal.localhost>`);

    const row = await waitFor(async () => {
      const r = await rowOf(t, zh.id);
      return r.status === 'sent' ? r : undefined;
    }, 'the row to be marked sent');
    expect(row.attempts).toBe(1);
    expect(row.messageId).toBe(zhMail.messageId);
    expect(row.sentAt?.getTime()).toBe(t.clock.now().getTime());
    expect(row.lastError).toBeNull();
  });

  it('leaves no outbox row, and sends nothing, when the causing transaction rolls back', async () => {
    const before = peer.received.length;
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.mail.enqueue(tx, {
          to: 'rolled@example.com',
          locale: 'en-us',
          template: 'resetPassword',
          vars: { link: 'https://p.example/r' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const [rows] = await t.app.db
      .select({ n: count() })
      .from(outbox)
      .where(eq(outbox.to, 'rolled@example.com'));
    expect(rows?.n).toBe(0);
    expect(await t.app.mail.worker.runOnce()).toBe(0);
    expect(peer.received.length).toBe(before);
  });

  it('refuses bad variables and a bad address inside the caller transaction', async () => {
    await expect(
      t.app.mail.enqueue(t.app.db, {
        to: 'x@example.com',
        locale: 'en-us',
        template: 'registrationCode',
        vars: { code: '12' },
      }),
    ).rejects.toThrow(/registrationCode/);
    await expect(
      t.app.mail.enqueue(t.app.db, {
        to: 'not an address',
        locale: 'en-us',
        template: 'resetPassword',
        vars: { link: 'https://p.example/' },
      }),
    ).rejects.toThrow(/not an email address/);
  });

  it('marks a row it can never render as failed at once, and keeps it', async () => {
    const [row] = await t.app.db
      .insert(outbox)
      .values({ to: 'x@example.com', locale: 'en-us', template: 'noSuchTemplate', vars: {} })
      .returning();
    await t.app.mail.worker.runOnce();
    const after = await rowOf(t, row!.id);
    expect(after.status).toBe('failed');
    expect(after.attempts).toBe(1);
    expect(after.lastError).toContain("unknown mail template 'noSuchTemplate'");
  });
});

describe('outbox during an SMTP outage', () => {
  let t: TestApp;
  let port: number;
  let peer: SmtpPeer | undefined;
  beforeAll(async () => {
    // A port where nothing listens: take a free one and close it again.
    const probe = await startSmtpPeer();
    port = probe.port;
    await probe.close();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('keeps the mail while the server is down and delivers each exactly once when it is back', async () => {
    const recipients = ['a@example.com', 'b@example.com', 'c@example.com'];
    const ids = await t.app.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const to of recipients) {
        out.push(
          (
            await t.app.mail.enqueue(tx, {
              to,
              locale: 'en-us',
              template: 'certificationSubmitted',
              vars: { companyName: 'ACME' },
            })
          ).id,
        );
      }
      return out;
    });

    // The first attempts fail (connection refused) and schedule a retry in the clock's future.
    await waitFor(async () => {
      const rows = await Promise.all(ids.map((id) => rowOf(t, id)));
      return rows.every((r) => r.attempts === 1) ? rows : undefined;
    }, 'a first failed attempt of every row');
    for (const id of ids) {
      const r = await rowOf(t, id);
      expect(r.status).toBe('pending');
      expect(r.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
      expect(r.nextAttemptAt!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    }

    peer = await startSmtpPeer({ port });
    // Not due yet: nothing is sent before the backoff has passed.
    expect(await t.app.mail.worker.runOnce()).toBe(0);
    expect(peer.received).toHaveLength(0);

    t.clock.advance(LONGER_THAN_ANY_RETRY_DELAY);
    // runOnce also waits for a pass the poll timer may have started meanwhile.
    await t.app.mail.worker.runOnce();
    expect(peer.received).toHaveLength(3);
    t.clock.advance(LONGER_THAN_ANY_RETRY_DELAY);
    expect(await t.app.mail.worker.runOnce()).toBe(0);

    expect(
      peer.received
        .map((m) => m.recipients)
        .flat()
        .sort(),
    ).toEqual(recipients);
    expect(new Set(peer.received.map((m) => m.messageId)).size).toBe(3);
    for (const id of ids) {
      const r = await rowOf(t, id);
      expect(r.status).toBe('sent');
      expect(r.attempts).toBe(2);
    }
  });

  it('after the last attempt marks the row failed and keeps it', async () => {
    await peer?.close();
    peer = undefined;
    const { id } = await t.app.mail.enqueue(t.app.db, {
      to: 'never@example.com',
      locale: 'zh-cn',
      template: 'certificationSubmitted',
      vars: { companyName: 'ACME' },
    });
    await waitFor(async () => (await rowOf(t, id)).attempts === 1, 'the first failed attempt');
    for (let attempt = 2; attempt <= DEFAULT_RETRY_POLICY.maxAttempts; attempt++) {
      t.clock.advance(LONGER_THAN_ANY_RETRY_DELAY);
      await t.app.mail.worker.runOnce();
      expect((await rowOf(t, id)).attempts).toBe(attempt);
    }
    const row = await rowOf(t, id);
    expect(row.status).toBe('failed');
    expect(row.nextAttemptAt).toBeNull();
    t.clock.advance(LONGER_THAN_ANY_RETRY_DELAY);
    expect(await t.app.mail.worker.runOnce()).toBe(0);
  });
});
