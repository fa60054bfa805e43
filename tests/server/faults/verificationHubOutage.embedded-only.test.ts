// Issue 17 §4 (faults), one layer: the verification hub (services/verification/liveUpdates.ts) when
// its LISTEN connection cannot be had (the pool has no connection to give within its timeout, as in
// an outage). The stream's subscribe fails, and must leave nothing behind: the old hub kept the
// failed subscriber, so once the database was back the LISTEN connection was never given back to
// the pool, even after every stream had closed. A real pool on a real database, no mocks.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerApplicationName } from '../../../src/server/db/pgListener';
import { createVerificationHub } from '../../../src/server/services/verification/liveUpdates';
import { VERIFICATION_NOTIFY_CHANNEL } from '../../../src/server/services/verification/sessionStore';
import { waitUntil } from '../../support/faultWait';
import { createTestDatabase, type TestDatabase } from '../../support/testDb';

let database: TestDatabase;
let pool: pg.Pool;
let counter: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, a short wait for it: holding it is an outage as far as the hub can tell.
  pool = new pg.Pool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 300 });
  counter = new pg.Client({ connectionString: database.url });
  await counter.connect();
});
afterAll(async () => {
  await counter?.end();
  await pool?.end();
  await database?.drop();
});

async function listens(): Promise<number> {
  const r = await counter.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [listenerApplicationName(VERIFICATION_NOTIFY_CHANNEL)],
  );
  return r.rows[0]?.n ?? -1;
}

describe('the verification hub when its LISTEN connection cannot be had', () => {
  it('a failed subscribe leaves no subscriber: the LISTEN goes back once the last stream closes', async () => {
    const errors: unknown[] = [];
    const hub = createVerificationHub(pool, (err) => errors.push(err));
    try {
      const held = await pool.connect();
      await expect(hub.subscribe('session-during-outage', () => undefined)).rejects.toThrow(/timeout/i);
      held.release();

      // The database is back: a stream subscribes, listens, and closes.
      const unsubscribe = await hub.subscribe('session-after-outage', () => undefined);
      expect(await listens()).toBe(1);
      unsubscribe();

      await waitUntil(async () => (await listens()) === 0, 'the LISTEN given up', 10_000);
      await waitUntil(() => pool.idleCount === pool.totalCount, 'the connection back in the pool', 10_000);
    } finally {
      await hub.close();
    }
  });
});
