// The run's template database: created once with every migration applied, then copied per test
// database (CREATE DATABASE … TEMPLATE …), which is much faster than migrating each one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '../../../src/server/db/migrate';

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(
  adminUrl: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function createMigratedTemplate(adminUrl: string): Promise<string> {
  const name = `portal_template_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
  await runMigrations(databaseUrl(adminUrl, name));
  // Marked as a template: no one can connect to it by accident and block the copies.
  await withAdminClient(adminUrl, (c) =>
    c.query(`ALTER DATABASE ${c.escapeIdentifier(name)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
  );
  return name;
}
