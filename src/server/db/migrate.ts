// Applies the drizzle-kit migrations in ./migrations (next to this file, so any working directory
// works). Several API instances may start at once against one server: a PostgreSQL advisory lock
// makes them apply the migrations one after the other instead of racing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { connectAtStart } from './connectAtStart';
import { DEFAULT_DATABASE_TIMEOUTS } from './timeouts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An arbitrary constant that names "the portal's migrations" among advisory locks. */
const MIGRATION_LOCK_KEY = 7_305_112_001;

export interface MigrateOptions {
  migrationsFolder?: string;
  /** How long to wait for the connection (config DATABASE_CONNECT_TIMEOUT_MS); then a clear error. */
  connectTimeoutMs?: number;
}

/** Often the first connection of a start: a server that is not there fails it within the timeout. */
export async function runMigrations(url: string, options: MigrateOptions = {}): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_DIR;
  const client = await connectAtStart(
    url,
    options.connectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs,
  );
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
