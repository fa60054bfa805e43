// The pool outlives a server that ends its connections (57P01, as a PostgreSQL restart or failover
// does): the error is reported, the dead client discarded, and the next query works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/client';
import { withAdminClient } from '../../support/pg/templateDatabase';
import { createTestApp, type TestApp } from '../../support/testApp';
import { inject } from 'vitest';

async function terminateConnections(database: string): Promise<number> {
  return withAdminClient(inject('pgAdminUrl'), async (c) => {
    const r = await c.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
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
    const name = new URL(t.config.databaseUrl!).pathname.slice(1);
    const errors: (Error & { code?: string })[] = [];
    const database = createDatabase(t.config.databaseUrl!, { onError: (e) => errors.push(e) });
    try {
      await database.pool.query('SELECT 1');
      expect(database.pool.idleCount).toBe(1);
      expect(await terminateConnections(name)).toBeGreaterThan(0);
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      expect(errors[0]?.code).toBe('57P01');
      const again = await database.pool.query<{ ok: number }>('SELECT 1 AS ok');
      expect(again.rows[0]?.ok).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('the app built with the db plugin keeps working after its connections are killed', async () => {
    const name = new URL(t.config.databaseUrl!).pathname.slice(1);
    await t.app.pool.query('SELECT 1');
    expect(await terminateConnections(name)).toBeGreaterThan(0);
    // Without the plugin's pool.on('error'), the terminated idle client would crash this worker.
    await new Promise((r) => setTimeout(r, 200));
    const res = await t.app.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(res.rows[0]?.n).toBeGreaterThanOrEqual(0);
  });
});
