// Issue 10 §2 (faults): PostgreSQL restarted under the running API (a real `npm start` process).
// During the outage every request answers with the envelope (never a hang, never a crash of the
// process); once PostgreSQL is back the same process serves again: the pool reconnects, the outbox
// and QR listeners LISTEN again, a mail queued after the restart is delivered, and an event stream
// opened before the outage still gets the session's next event.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { VerificationPaths } from '../../../src/contract/api/verification';
import { Codes } from '../../../src/contract/codes';
import type { Envelope } from '../../../src/contract/envelope';
import { listenerApplicationName } from '../../../src/server/db/pgListener';
import { users } from '../../../src/server/db/schema/accounts';
import { OUTBOX_NOTIFY_CHANNEL } from '../../../src/server/mail/enqueueMail';
import { VERIFICATION_NOTIFY_CHANNEL } from '../../../src/server/services/verification/sessionStore';
import { openServicesApp, startFaultPortal, type FaultPortal } from '../../support/faultPortal';
import { startRestartablePostgres, type RestartablePostgres } from '../../support/faultPostgres';
import { waitUntil } from '../../support/faultWait';
import { withAdminClient } from '../../support/pg/templateDatabase';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';
import { startSmtpPeer, type SmtpPeer } from '../mail/smtpPeer';
import { openSession, openStream, scan, tokenOf } from '../verification/support';

/** Long enough for any answer on a loaded machine; a request still open after it is a hang. */
const ANSWER_WITHIN_MS = 30_000;

let pg: RestartablePostgres;
let dataDir: string;
let peer: SmtpPeer;
let portal: FaultPortal;
let alice: SignedIn;
let inactiveEmail: string;

beforeAll(async () => {
  pg = await startRestartablePostgres();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-fault-dbrestart-'));
  peer = await startSmtpPeer();
  const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, SMTP_URL: peer.url };
  portal = await startFaultPortal(env);
  const services = await openServicesApp(env);
  try {
    alice = await signInAs(services, {
      role: 'applicant',
      companyId: (await createCompany(services)).id,
      language: 'en-us',
    });
    // Someone waiting for an activation link: asking for it again queues a mail.
    inactiveEmail = `waiting-${randomUUID().slice(0, 8)}@example.com`;
    await services.db.insert(users).values({
      email: inactiveEmail,
      firstName: 'Wei',
      lastName: 'Chen',
      passwordHash: '!test-account-without-password',
      role: 'applicant',
      status: 'inactive',
      language: 'en-us',
      companyId: (await createCompany(services)).id,
    });
  } finally {
    await services.close();
  }
}, 180_000);

afterAll(async () => {
  await portal?.stop();
  await peer?.close();
  await pg?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function request(
  method: 'GET' | 'POST',
  route: string,
  opts: { who?: SignedIn; json?: unknown } = {},
): Promise<{ status: number; body: Envelope }> {
  try {
    const response = await fetch(`${portal.url}/plat${route}`, {
      method,
      headers: {
        language: '1',
        ...(opts.who?.headers ?? {}),
        ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    return { status: response.status, body: (await response.json()) as Envelope };
  } catch (error) {
    // No answer at all: a hang (timeout) or a dead API process. Say which, with what it printed.
    const state = portal.alive() ? 'the API is running' : 'the API process has exited';
    throw new Error(`${method} ${route} got no answer (${state}). API output:\n${portal.process.output()}`, {
      cause: error,
    });
  }
}

/** How many connections of the app database are LISTENing on `channel` right now. */
function listeners(channel: string): Promise<number> {
  return withAdminClient(pg.adminUrl, async (c) => {
    const r = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'portal' AND application_name = $1`,
      [listenerApplicationName(channel)],
    );
    return r.rows[0]?.n ?? 0;
  });
}

describe('PostgreSQL restarted under the running API', () => {
  it('answers with the envelope during the outage and serves again afterwards, without a restart', async () => {
    const t = { url: portal.url } as TestApp;
    expect(await request('GET', AccountPaths.userInfo, { who: alice })).toMatchObject({
      status: 200,
      body: { code: Codes.ok.code, data: { email: alice.email } },
    });
    // A desktop following its QR session, and both listeners connected, before the outage.
    const created = await openSession(t, alice);
    const stream = await openStream(t, alice, created.sessionId);
    try {
      expect((await stream.next(ANSWER_WITHIN_MS)).data.state).toBe('created');
      await waitUntil(
        async () => (await listeners(OUTBOX_NOTIFY_CHANNEL)) === 1,
        'the outbox LISTEN',
        30_000,
      );
      await waitUntil(
        async () => (await listeners(VERIFICATION_NOTIFY_CHANNEL)) === 1,
        'the verification LISTEN',
        30_000,
      );

      await pg.stop();

      // Signed-in reads, an anonymous read, a write that would queue a mail: each answers, with the
      // envelope, 503 "try again later" (the database is not the caller's doing, nor a bug).
      const during = await Promise.all([
        request('GET', AccountPaths.userInfo, { who: alice }),
        request('GET', '/kyb/application', { who: alice }),
        request('GET', AccountPaths.captcha),
        request('POST', AccountPaths.activateResend, { json: { email: inactiveEmail } }),
        request('GET', VerificationPaths.session(created.sessionId), { who: alice }),
      ]);
      for (const answer of during) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({
          code: expect.any(Number) as number,
          msg: expect.stringMatching(/\S/) as string,
          data: null,
        });
        expect(answer.body.code).toBe(Codes.unavailable.code);
      }
      expect(portal.alive()).toBe(true);

      await pg.start();

      // The same process, the first request after the restart: the pool opened a fresh connection.
      expect(portal.alive()).toBe(true);
      expect(await request('GET', AccountPaths.userInfo, { who: alice })).toMatchObject({
        status: 200,
        body: { code: Codes.ok.code, data: { email: alice.email } },
      });

      // The outbox worker LISTENs again, and a mail queued now is delivered.
      await waitUntil(
        async () => (await listeners(OUTBOX_NOTIFY_CHANNEL)) === 1,
        'the outbox LISTEN again',
        60_000,
      );
      expect(
        await request('POST', AccountPaths.activateResend, { json: { email: inactiveEmail } }),
      ).toMatchObject({ status: 200, body: { code: Codes.ok.code } });
      const mail = await waitUntil(
        () => peer.received.find((m) => m.recipients.includes(inactiveEmail)),
        'the activation mail queued after the restart',
        60_000,
      );
      expect(mail.subject).toMatch(/activ/i);

      // The phone scans after the restart: the stream opened before the outage shows it.
      const scanned = await scan(t, tokenOf(created.link));
      expect(scanned.status).toBe(200);
      expect((await stream.next(60_000)).data.state).toBe('scanned');
      await waitUntil(
        async () => (await listeners(VERIFICATION_NOTIFY_CHANNEL)) === 1,
        'the verification LISTEN again',
        60_000,
      );
      expect(portal.alive()).toBe(true);
    } finally {
      stream.close();
    }
  }, 240_000);
});
