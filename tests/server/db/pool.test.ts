// The pool outlives a server that ends its connections (57P01, as a PostgreSQL restart or failover
// does): the error is reported, the dead client discarded, and the next query works.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/client';
import { withAdminClient } from '../../support/pg/templateDatabase';
import { createTestApp, type TestApp } from '../../support/testApp';

/** Ends the given backends the way a server shutdown does (57P01 admin_shutdown). */
async function terminate(where: string, param: string | number): Promise<number> {
  return withAdminClient(inject('pgAdminUrl'), async (c) => {
    const r = await c.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${where} AND pid <> pg_backend_pid()`,
      [param],
    );
    return r.rowCount ?? 0;
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the pg pool', () => {
  it('reports 57P01 on idle connections and serves the next query from a fresh one', async () => {
    // Only this pool's connections: the app's other clients are not under test here.
    const url = new URL(t.config.databaseUrl!);
    url.searchParams.set('application_name', 'pool-probe');
    const errors: (Error & { code?: string })[] = [];
    const database = createDatabase(url.toString(), { onError: (e) => errors.push(e) });
    try {
      await database.pool.query('SELECT 1');
      expect(database.pool.idleCount).toBe(1);
      expect(await terminate('application_name = $1', 'pool-probe')).toBe(1);
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      expect(errors[0]?.code).toBe('57P01');
      const again = await database.pool.query<{ ok: number }>('SELECT 1 AS ok');
      expect(again.rows[0]?.ok).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('the app built with the db plugin keeps working after its connections are killed', async () => {
    const { rows } = await t.app.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(t.app.pool.idleCount).toBeGreaterThan(0);
    expect(await terminate('pid = $1', rows[0]!.pid)).toBe(1);
    // Without the plugin's pool.on('error'), the terminated idle client would crash this worker.
    await new Promise((r) => setTimeout(r, 200));
    const res = await t.app.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(res.rows[0]?.n).toBeGreaterThanOrEqual(0);
  });
});
