// The session cache (src/server/security/sessionCache/): signed-in reads are answered from a
// worker's memory, and still every change to a session, its user or its company applies to the very
// next request on every worker. Two API instances share one database here, as two workers or two
// machines do; the second reaches PostgreSQL through a proxy that can hold the database's messages
// back, as a slow network or a descheduled process would.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accountPaths';
import { Limits } from '../../../src/contract/limits';
import { buildApp } from '../../../src/server/app';
import { processRegistry } from '../../../src/server/observability/metrics/registry';
import { hashToken } from '../../../src/server/security/sessions';
import { HOLDER_APPLICATION_NAME, SHARED_CHANNEL } from '../../../src/server/security/sessionCache/messages';
import { closeWithin } from '../../support/closeApp';
import { waitUntil } from '../../support/faultWait';
import { startPausableProxy, type PausableProxy } from '../../support/pausableProxy';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';

const USER_INFO = `/plat${AccountPaths.userInfo}`;
const B_FENCE_MS = 4_000;

let t: TestApp;
let proxy: PausableProxy;
/** The second instance, on the proxy. */
let b: FastifyInstance;
let sql: pg.Client;

beforeAll(async () => {
  // Long enough that only the held-back instance's answer can end a fence in these tests.
  t = await createTestApp({ sessionCacheFenceTimeoutMs: 60_000 });
  proxy = await startPausableProxy(t.config.databaseUrl!);
  // Its own fence wait (and so its trust window, half of it) short enough for the last test.
  b = await buildApp(
    { ...t.config, databaseUrl: proxy.url, sessionCacheFenceTimeoutMs: B_FENCE_MS },
    { clock: t.clock },
  );
  await b.ready();
  sql = new pg.Client({ connectionString: t.config.databaseUrl });
  await sql.connect();
  await Promise.all([listening(t.app), listening(b)]);
}, 60_000);
afterAll(async () => {
  proxy?.resume();
  await Promise.allSettled([sql?.end(), b && closeWithin(b)]);
  await proxy?.close();
  await t?.close();
});

const listening = (app: FastifyInstance) =>
  waitUntil(() => app.sessionCache?.holder.isListening(), 'the session cache listens', 30_000);

const userInfo = (app: FastifyInstance, who: SignedIn) =>
  app.inject({ method: 'GET', url: USER_INFO, headers: who.headers });

const cached = (app: FastifyInstance, who: SignedIn) =>
  app.sessionCache!.store.get(hashToken(who.token), t.clock.now().getTime()) !== undefined;

async function lookups(result: 'hit' | 'miss'): Promise<number> {
  const metric = await processRegistry.getSingleMetric('portal_session_cache_lookups_total')!.get();
  return metric.values.find((v) => v.labels.result === result)?.value ?? 0;
}

/** A connection of the test's own that resolves `asked` when some holder asks for a fence. */
async function watchFences() {
  const listener = new pg.Client({ connectionString: t.config.databaseUrl });
  await listener.connect();
  const asked = new Promise<void>((resolve) =>
    listener.on('notification', (n) => {
      if (n.channel === SHARED_CHANNEL && n.payload?.startsWith('f:')) resolve();
    }),
  );
  await listener.query(`LISTEN ${SHARED_CHANNEL}`);
  return { asked, close: () => listener.end() };
}

/** Reads the user on both instances: each now holds the session. */
async function warm(who: SignedIn) {
  for (const app of [t.app, b]) {
    expect((await userInfo(app, who)).statusCode).toBe(200);
    expect(cached(app, who)).toBe(true);
  }
}

describe('the session cache', () => {
  it('answers a signed-in read from memory: a change the database makes without announcing it is not seen', async () => {
    const who = await signInAs(t.app, { role: 'applicant', language: 'zh-cn' });
    const hitsBefore = await lookups('hit');
    await warm(who);
    expect((await userInfo(b, who)).statusCode).toBe(200);
    expect(await lookups('hit')).toBeGreaterThanOrEqual(hitsBefore + 1);
    // The triggers are what announce a change; with them off for this one statement, the cache keeps
    // what it read (proof that the read above did not go to the database).
    await sql.query('BEGIN');
    await sql.query("SET LOCAL session_replication_role = 'replica'");
    await sql.query(`UPDATE users SET language = 'en-us' WHERE id = $1`, [who.userId]);
    await sql.query('COMMIT');
    expect((await userInfo(b, who)).json().data.language).toBe('zh-cn');
  });

  it('a logout on one instance is refused on the other at once, even when its database messages are late', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    await warm(who);
    const fences = await watchFences();
    try {
      proxy.pause();
      let answered = false;
      const logout = t.app
        .inject({ method: 'POST', url: `/plat${AccountPaths.logout}`, headers: who.headers })
        .finally(() => (answered = true));
      // Either the logout asks every worker to confirm, or (were the fence gone) it answers first.
      await Promise.race([fences.asked, logout]);
      expect(answered, 'the logout answered while the other instance had not read it').toBe(false);
      proxy.resume();
      expect((await logout).statusCode).toBe(200);
      const after = await userInfo(b, who);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe(401);
    } finally {
      proxy.resume();
      await fences.close();
    }
  });

  it('a change made through the API on one instance is what the other answers next', async () => {
    const who = await signInAs(t.app, { role: 'applicant', language: 'zh-cn' });
    await warm(who);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/plat${AccountPaths.preferences}`,
      headers: who.headers,
      payload: { language: 'en-us' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await userInfo(b, who)).json().data.language).toBe('en-us');
  });

  it('the admin CLI ends only when its change holds on every worker', async () => {
    const who = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer'] });
    await warm(who);
    const fences = await watchFences();
    try {
      proxy.pause();
      let exited = false;
      const cli = new Promise<number>((resolve) => {
        execFile(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/server/cli/admin.ts',
            'set-roles',
            '--email',
            who.email,
            '--roles',
            'support',
          ],
          {
            cwd: path.resolve(import.meta.dirname, '../../..'),
            env: { ...process.env, DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir },
          },
          (error) => resolve(error ? Number(error.code ?? 1) : 0),
        );
      }).finally(() => (exited = true));
      await Promise.race([fences.asked, cli]);
      expect(exited, 'the CLI ended while a worker had not read its change').toBe(false);
      proxy.resume();
      expect(await cli).toBe(0);
      expect((await userInfo(b, who)).json().data.backOfficeRoles).toEqual(['support']);
    } finally {
      proxy.resume();
      await fences.close();
    }
  }, 60_000);

  it('a change made outside any worker (SQL) reaches every cache', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    await warm(who);
    await sql.query('UPDATE companies SET certification_status = 2 WHERE id = $1', [who.companyId]);
    await waitUntil(
      async () => (await userInfo(b, who)).json().data.enterpriseCertificationStatus === 2,
      'the certification status on the other instance',
      10_000,
      20,
    );
    await sql.query(`UPDATE users SET status = 'disabled' WHERE id = $1`, [who.userId]);
    for (const app of [t.app, b]) {
      const refused = await waitUntil(
        async () => {
          const res = await userInfo(app, who);
          return res.statusCode === 401 ? res : undefined;
        },
        'the disabled account refused',
        10_000,
        20,
      );
      expect(refused.json().code).toBe(311035);
    }
  });

  it('the idle timeout holds for a session answered from memory', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    await warm(who);
    t.clock.advance(Limits.session.idleMs);
    const res = await userInfo(b, who);
    expect(res.json().code).toBe(301002);
  });

  it('a worker whose cache connection breaks trusts nothing until it listens again, and misses no change made meanwhile', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    await warm(who);
    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1`,
      [HOLDER_APPLICATION_NAME],
    );
    await waitUntil(() => !b.sessionCache!.holder.isListening(), 'the other instance saw its connection go');
    expect(cached(b, who)).toBe(false);
    // While nobody listens, nothing announces this; the next read goes to the database.
    await sql.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE user_id = $1`, [
      who.userId,
    ]);
    expect((await userInfo(b, who)).json().code).toBe(401);
    // Both listen again by themselves (the terminate above cut both instances' connections).
    await Promise.all([listening(t.app), listening(b)]);
    const again = await signInAs(t.app, { role: 'applicant' });
    await warm(again);
  });

  it('every column the session user reads is announced when it changes; touches are not', async () => {
    const { rows } = await sql.query<{ def: string }>(
      `SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger
        WHERE tgname IN ('users_session_cache', 'companies_session_cache', 'sessions_session_cache')`,
    );
    expect(rows).toHaveLength(3);
    const definitions = rows.map((r) => r.def).join('\n');
    const { sessionUserColumns } = await import('../../../src/server/services/accounts/sessionUser');
    for (const column of sessionUserColumns()) {
      if (column === 'id') continue; // a row's key never changes
      expect(definitions, column).toMatch(
        new RegExp(`old\\."?${column}"? IS DISTINCT FROM new\\."?${column}"?\\)`),
      );
    }
    const who = await signInAs(t.app, { role: 'applicant' });
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${SHARED_CHANNEL}`);
    try {
      await sql.query('UPDATE sessions SET last_seen_at = now() WHERE user_id = $1', [who.userId]);
      await sql.query('UPDATE users SET failed_logins = failed_logins + 1 WHERE id = $1', [who.userId]);
      await sql.query('UPDATE companies SET name = name WHERE id = $1', [who.companyId]);
      await sql.query(`UPDATE users SET last_name = 'Changed' WHERE id = $1`, [who.userId]);
      await waitUntil(() => heard.includes(`u:${who.userId}`), 'the name change announced', 10_000, 20);
      expect(heard.filter((p) => !p.startsWith('f:') && !p.startsWith('a:'))).toEqual([`u:${who.userId}`]);
    } finally {
      await listener.end();
    }
  });

  it('a worker that never confirms holds a change up no longer than the fence allows, and by then trusts nothing it holds', async () => {
    const short = await buildApp({ ...t.config, sessionCacheFenceTimeoutMs: B_FENCE_MS }, { clock: t.clock });
    try {
      await short.ready();
      await listening(short);
      const who = await signInAs(t.app, { role: 'applicant' });
      await warm(who);
      proxy.pause();
      const logout = await short.inject({
        method: 'POST',
        url: `/plat${AccountPaths.logout}`,
        headers: who.headers,
      });
      expect(logout.statusCode).toBe(200);
      // The held-back instance has not read the logout, but it has heard nothing from the database
      // for longer than half the wait: it goes to the database (which answers once let through)
      // instead of answering from what it holds.
      const next = userInfo(b, who);
      proxy.resume();
      expect((await next).statusCode).toBe(401);
    } finally {
      proxy.resume();
      await closeWithin(short);
    }
  });
});
