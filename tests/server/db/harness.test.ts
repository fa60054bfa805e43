// The server test harness itself: one PostgreSQL per run, a database per test app copied from the
// migrated template, isolated from the others and dropped afterwards, and a clock the test moves.
import { existsSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { companies } from '../../../src/server/db/schema/index';
import { withAdminClient } from '../../support/pg/templateDatabase';
import { createTestApp } from '../../support/testApp';
import { createTestDatabase } from '../../support/testDb';

const databaseExists = (name: string) =>
  withAdminClient(inject('pgAdminUrl'), async (c) => {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return r.rowCount === 1;
  });

describe('test harness', () => {
  it('runs on the server the project asks for', async () => {
    const expected = process.env.TEST_PG === 'external' ? 'external' : 'embedded';
    expect(inject('pgServerKind')).toBe(expected);
    const version = await withAdminClient(
      inject('pgAdminUrl'),
      async (c) => (await c.query('SHOW server_version_num')).rows[0],
    );
    const major = Math.floor(Number(version.server_version_num) / 10_000);
    // The embedded package ships PostgreSQL 18; the external run uses whatever Debian installed.
    if (expected === 'embedded') expect(major).toBe(18);
    else expect(major).toBeGreaterThanOrEqual(13);
  });

  it('gives each test app its own migrated database, isolated, and drops it on close', async () => {
    const a = await createTestApp();
    const b = await createTestApp();
    try {
      await a.app.db.insert(companies).values({ name: 'Only in A', location: 'CN' });
      expect(await a.app.db.select().from(companies)).toHaveLength(1);
      expect(await b.app.db.select().from(companies)).toHaveLength(0);
    } finally {
      await a.close();
      await b.close();
    }
    const nameA = new URL(a.config.databaseUrl!).pathname.slice(1);
    expect(await databaseExists(nameA)).toBe(false);
    expect(existsSync(a.config.dataDir)).toBe(false);
  });

  it('createTestDatabase gives a droppable copy of the template', async () => {
    const db = await createTestDatabase();
    expect(await databaseExists(db.name)).toBe(true);
    await db.drop();
    expect(await databaseExists(db.name)).toBe(false);
  });

  it('the app reads the test clock, which stands still until moved, and listens on 127.0.0.1', async () => {
    const t = await createTestApp();
    try {
      const start = t.app.clock.now().getTime();
      await new Promise((r) => setTimeout(r, 20));
      expect(t.app.clock.now().getTime()).toBe(start);
      t.clock.advance(90_000);
      expect(t.app.clock.now().getTime()).toBe(start + 90_000);
      t.clock.set('2030-01-02T03:04:05Z');
      expect(t.app.clock.now().toISOString()).toBe('2030-01-02T03:04:05.000Z');

      expect(new URL(t.url).hostname).toBe('127.0.0.1');
      const res = await fetch(`${t.url}/plat/no-such-route`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    } finally {
      await t.close();
    }
  });
});
