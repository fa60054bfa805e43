// The migrations create the whole drizzle schema on an empty database, once, whatever the working
// directory and however many instances start together.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../../src/server/db/schema/index';
import { MIGRATIONS_DIR, runMigrations } from '../../../src/server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../../support/testDb';
import { REPO_ROOT } from './support/portalProcess';

const execFileAsync = promisify(execFile);
const created: TestDatabase[] = [];
afterAll(() => Promise.all(created.map((d) => d.drop())));

async function emptyDatabase() {
  const db = await createTestDatabase({ empty: true });
  created.push(db);
  return db;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const schemaTables = Object.values(schema as Record<string, unknown>)
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableName(t))
  .sort();
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function publicTables(url: string) {
  const rows = await query<{ name: string }>(
    url,
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  return rows.map((r) => r.name).sort();
}
async function appliedCount(url: string) {
  return Number(
    (await query<{ n: string }>(url, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations'))[0]?.n,
  );
}

describe('migrations', () => {
  it('create every table of the drizzle schema on an empty database, and a second run changes nothing', async () => {
    expect(schemaTables.length).toBeGreaterThan(0);
    const db = await emptyDatabase();
    expect(await publicTables(db.url)).toEqual([]);
    await runMigrations(db.url);
    expect(await publicTables(db.url)).toEqual(schemaTables);
    expect(await appliedCount(db.url)).toBe(journal.entries.length);
    await runMigrations(db.url);
    expect(await appliedCount(db.url)).toBe(journal.entries.length);
  });

  it('apply once when several instances start at the same time', async () => {
    const db = await emptyDatabase();
    await Promise.all([runMigrations(db.url), runMigrations(db.url), runMigrations(db.url)]);
    expect(await publicTables(db.url)).toEqual(schemaTables);
    expect(await appliedCount(db.url)).toBe(journal.entries.length);
  });

  it('`npm run db:migrate` works from any working directory', async () => {
    const db = await emptyDatabase();
    const { stdout } = await execFileAsync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(REPO_ROOT, 'src', 'server', 'db', 'migrateCli.ts')],
      { cwd: os.tmpdir(), env: { ...process.env, DATABASE_URL: db.url } },
    );
    expect(stdout).toContain('Migrations applied to DATABASE_URL');
    expect(await publicTables(db.url)).toEqual(schemaTables);
  });
});
