// An idle worker holds two database connections, its mail outbox LISTEN and its session cache's
// (security/sessionCache/) (issue 31 §1, the memory budget: each connection is a PostgreSQL backend
// of ~19 MB RSS): the pools close what sat idle
// for their timeout, and the outbox's poll looks for due mail on the LISTEN connection instead of
// taking its lanes' connections every few seconds (which kept them from ever sitting idle).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../../../src/server/db/client';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../../src/server/db/timeouts';
import { HOLDER_APPLICATION_NAME } from '../../../src/server/security/sessionCache/messages';
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/server/mail/deliveryWorker';
import { createSmtpSender } from '../../../src/server/mail/smtpSender';
import { withAdminClient } from '../../support/pg/templateDatabase';
import { createTestApp, type TestApp } from '../../support/testApp';
import { startSmtpPeer, waitFor, type SmtpPeer } from '../mail/smtpPeer';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The backends connected to this test's database (the app's pools, the LISTEN included). */
function backendsOf(database: string): Promise<{ query: string; application_name: string }[]> {
  return withAdminClient(inject('pgAdminUrl'), async (c) => {
    const r = await c.query<{ query: string; application_name: string }>(
      `SELECT query, application_name FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`,
      [database],
    );
    return r.rows;
  });
}

let t: TestApp;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  // A short idle timeout, so the test waits a moment rather than pg's 10 s.
  t = await createTestApp({
    smtpUrl: peer.url,
    databaseTimeouts: { ...DEFAULT_DATABASE_TIMEOUTS, idleTimeoutMs: 200 },
  });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('idle database connections', () => {
  it('an app left idle after a burst keeps only the outbox LISTEN and the session cache connections', async () => {
    const database = new URL(t.config.databaseUrl!).pathname.slice(1);
    // A burst: several connections at once, as requests in parallel open them.
    await Promise.all(Array.from({ length: 5 }, () => t.app.pool.query('SELECT pg_sleep(0.05)')));
    expect(t.app.pool.totalCount).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < 3; i++) await t.app.mail.worker.runOnce();
    // Waits for the pool's timeout (200 ms here): without it, pg's default (10 s) outlasts the poll.
    await expect
      .poll(async () => (await backendsOf(database)).length, { timeout: 5_000, interval: 100 })
      .toBe(2);
    const backends = await backendsOf(database);
    const holders = backends.filter((b) => b.application_name === HOLDER_APPLICATION_NAME);
    expect(holders).toHaveLength(1);
    const [listener] = backends.filter((b) => b.application_name !== HOLDER_APPLICATION_NAME);
    // The LISTEN connection: its last statement is the outbox's look for due mail (or the LISTEN).
    expect(listener?.query).toMatch(/LISTEN|"outbox"/);
  });

  describe('the outbox poll', () => {
    let own: Database;
    let worker: DeliveryWorker;
    beforeAll(async () => {
      await t.app.mail.worker.stop();
      // Its own pool, with a long idle timeout: every connection the poll took would still be open.
      own = createDatabase(t.config.databaseUrl!, { idleTimeoutMs: 60_000 });
      worker = createDeliveryWorker(
        {
          db: own.db,
          pool: own.pool,
          clock: t.app.clock,
          log: quietLog,
          messageIdDomain: 'portal.localhost',
        },
        { pollIntervalMs: 60_000 },
      );
      await worker.start(createSmtpSender(peer.url, 'Portal <no-reply@portal.localhost>'));
    });
    afterAll(async () => {
      await worker?.stop();
      await own?.close();
    });

    it('takes no pool connection when nothing is due, and its lanes when something is', async () => {
      for (let i = 0; i < 3; i++) expect(await worker.runOnce()).toBe(0);
      // The LISTEN connection only (it is lent from the pool while it listens).
      expect(own.pool.totalCount).toBe(1);
      await t.app.mail.enqueue(t.app.db, {
        to: 'idle-poll@example.com',
        locale: 'en-us',
        template: 'resetPassword',
        vars: { link: 'https://p.example/' },
      });
      // The enqueue's NOTIFY may wake the worker before this poll does (then the poll finds the row
      // already claimed): either way the mail goes out once, through the lanes' pool connections.
      expect([0, 1]).toContain(await worker.runOnce());
      await waitFor(() => peer.received.length === 1, 'the message to arrive', 30_000);
      expect(peer.received).toHaveLength(1);
      expect(own.pool.totalCount).toBeGreaterThan(1);
    });
  });
});
