// A PostgreSQL the fault test owns and can restart under a running API: the embedded server (the
// default engine) in a cluster of its own, stopped and started again on the SAME port, so the API's
// DATABASE_URL stays valid across the outage. The run's shared server (globalSetup) is never
// touched: other test files use it at the same time.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedPaths, startEmbeddedPostgres } from '../../src/server/db/embedded';
import { platformPackageDir } from '../../src/server/db/embeddedServer/nativeLibraries';
import { ensurePostgresOsUser, runningAsRoot } from '../../src/server/db/embeddedServer/osUser';
import { spawnPostgres, type PostgresProcess } from '../../src/server/db/embeddedServer/postgresProcess';
import { runMigrations } from '../../src/server/db/migrate';
import { THROWAWAY_CLUSTER } from './pg/throwawayCluster';

export interface RestartablePostgres {
  /** The migrated app database. */
  url: string;
  /** The maintenance database, for pg_stat_activity and the like. */
  adminUrl: string;
  /** Fast shutdown (what a restart or failover does to every connection: 57P01); resolves when down. */
  stop(): Promise<void>;
  /** Starts again on the same port and data; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes the cluster. */
  destroy(): Promise<void>;
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-fault-pg-'));
  // The first start does what the app's own start does: cluster, password, app database. As root,
  // the cluster belongs to the unprivileged "postgres" user (PostgreSQL refuses root).
  const first = await startEmbeddedPostgres({ dataDir, settings: THROWAWAY_CLUSTER });
  const { url, adminUrl, port } = first;
  let running: { stop(): Promise<void> } | null = first;
  try {
    await runMigrations(url);
  } catch (error) {
    await first.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const osUser = runningAsRoot() ? await ensurePostgresOsUser() : null;

  const stop = async () => {
    const current = running;
    running = null;
    await current?.stop();
  };
  return {
    url,
    adminUrl,
    stop,
    start: async () => {
      if (running) throw new Error('this PostgreSQL is already running');
      // The same server binary and settings the embedded start uses, on the port the API knows.
      const server: PostgresProcess = await spawnPostgres({
        postgresBin: path.join(platformPackageDir(), 'native', 'bin', 'postgres'),
        clusterDir: embeddedPaths(dataDir).clusterDir,
        port,
        osUser,
        log: () => undefined,
        settings: {
          listen_addresses: '127.0.0.1',
          unix_socket_directories: '',
          password_encryption: 'scram-sha-256',
          lc_messages: 'C',
          ...THROWAWAY_CLUSTER,
        },
      });
      running = server;
    },
    destroy: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
