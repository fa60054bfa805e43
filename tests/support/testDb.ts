// A fresh database per test file (or per test): a copy of the run's migrated template, on the one
// PostgreSQL that globalSetup started. drop() removes it even if a connection was left open.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { databaseUrl, withAdminClient } from './pg/templateDatabase';
import './pg/providedContext';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function harness() {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  if (!adminUrl || !template) {
    throw new Error(
      'No test PostgreSQL: run this file in a project whose globalSetup is tests/support/globalSetup.ts',
    );
  }
  return { adminUrl, template };
}

export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const { adminUrl, template } = harness();
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (c) =>
    c.query(
      options.empty
        ? `CREATE DATABASE ${c.escapeIdentifier(name)}`
        : `CREATE DATABASE ${c.escapeIdentifier(name)} TEMPLATE ${c.escapeIdentifier(template)}`,
    ),
  );
  let dropping: Promise<void> | undefined;
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () =>
      (dropping ??= withAdminClient(adminUrl, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
      })),
  };
}
