// The database a command-line tool works on: DATABASE_URL; else the embedded server of a portal that
// is running on this DATA_DIR (attached to, never stopped); else the embedded server started for the
// command and stopped after it. Migrations are applied either way, so a fresh DATA_DIR works.
import { readFileSync } from 'node:fs';
import type { AppConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import { APP_DATABASE, DataDirInUseError, embeddedPaths, startEmbeddedPostgres } from '../db/embedded';
import { readOwner } from '../db/embeddedServer/dataDirLock';
import { runMigrations } from '../db/migrate';
import { fenceSessionCaches } from '../security/sessionCache/sessionCache';

export interface CliDatabase {
  db: Database['db'];
  close(): Promise<void>;
}

function runningPortalUrl(dataDir: string): string | null {
  const paths = embeddedPaths(dataDir);
  const owner = readOwner(paths.ownerFile);
  if (!owner || owner.port === 0) return null;
  const password = readFileSync(paths.passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${owner.port}/${APP_DATABASE}`;
}

export async function openCliDatabase(config: AppConfig): Promise<CliDatabase> {
  let url = config.databaseUrl;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    try {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
      url = embedded.url;
      stop = () => embedded.stop();
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      url = runningPortalUrl(config.dataDir) ?? undefined;
      if (!url)
        throw new Error('The portal on this DATA_DIR is still starting; try again in a moment.', {
          cause: error,
        });
    }
  }
  await runMigrations(url);
  const database = createDatabase(url);
  return {
    db: database.db,
    close: async () => {
      try {
        // What the command changed (a reviewer's roles, an account) holds on every worker when it ends.
        const fenced = await fenceSessionCaches(
          database.pool,
          config.sessionCacheFenceTimeoutMs,
          () => undefined,
        );
        if (fenced === 'timedOut') console.warn('A portal worker did not confirm the change in time.');
      } finally {
        await database.close();
        await stop?.();
      }
    },
  };
}
