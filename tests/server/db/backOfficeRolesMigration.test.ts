// Issue 21 §4: reviewer accounts made before roles existed keep working. On a database at the
// migration before roles (0009), a reviewer and an applicant exist; the rest of the migrations run;
// the reviewer now holds reviewer + approver (an approval under four eyes still needs two of them),
// the applicant holds no back-office role, and nobody became admin.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, runMigrations } from '../../../src/server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../../support/testDb';

const ROLES_MIGRATION = '0010_back_office_roles';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** The migrations folder as it was before `tag`: the files, and a journal that stops before it. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return dir;
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('back-office roles migration', () => {
  it('gives existing reviewers reviewer + approver, applicants nothing, and makes no admin', async () => {
    const db: TestDatabase = await createTestDatabase({ empty: true });
    cleanups.push(() => db.drop());
    await runMigrations(db.url, { migrationsFolder: migrationsBefore(ROLES_MIGRATION) });
    await sql(
      db.url,
      `INSERT INTO users (email, first_name, last_name, password_hash, role, status)
       VALUES ('old.reviewer@example.test', 'Old', 'Reviewer', '!x', 'reviewer', 'active'),
              ('old.applicant@example.test', 'Old', 'Applicant', '!x', 'applicant', 'active')`,
    );
    await runMigrations(db.url);
    const rows = await sql<{ email: string; back_office_roles: string[] }>(
      db.url,
      'SELECT email, back_office_roles FROM users ORDER BY email',
    );
    expect(rows).toEqual([
      { email: 'old.applicant@example.test', back_office_roles: [] },
      { email: 'old.reviewer@example.test', back_office_roles: ['reviewer', 'approver'] },
    ]);
  });
});
