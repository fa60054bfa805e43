// The "external PostgreSQL" of the server-external-pg project: Debian's own server binaries
// (/usr/lib/postgresql/<version>/bin), in a throwaway cluster on a free port. The tests then reach it
// only through a DATABASE_URL, exactly as they would a managed server elsewhere.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '../../../src/server/db/embeddedServer/freePort';
import {
  ensurePostgresOsUser,
  ensureTraversable,
  runningAsRoot,
} from '../../../src/server/db/embeddedServer/osUser';
import { spawnPostgres } from '../../../src/server/db/embeddedServer/postgresProcess';
import { THROWAWAY_CLUSTER } from './throwawayCluster';

const execFileAsync = promisify(execFile);
export const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest Debian PostgreSQL server installed; throws with the fix when none is. */
export function findDebianPostgresBin(root = DEBIAN_POSTGRES_ROOT): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter(
          (v) =>
            existsSync(path.join(root, v, 'bin', 'postgres')) &&
            existsSync(path.join(root, v, 'bin', 'initdb')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      `TEST_PG=external needs Debian's PostgreSQL server binaries, and none were found in ${root}. ` +
        `Install them: apt-get update && apt-get install -y postgresql (.ci/run does this in CI).`,
    );
  }
  return path.join(root, newest, 'bin');
}

export interface ExternalServer {
  adminUrl: string;
  stop(): Promise<void>;
}

export async function startDebianPostgres(): Promise<ExternalServer> {
  const bin = findDebianPostgresBin();
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-extpg-'));
  const clusterDir = path.join(root, 'cluster');
  const osUser = runningAsRoot() ? await ensurePostgresOsUser() : null;
  const password = randomBytes(24).toString('base64url');
  const pwFile = path.join(root, 'pwfile');
  writeFileSync(pwFile, password + '\n', { mode: 0o600 });
  mkdirSync(clusterDir, { mode: 0o700 });
  if (osUser) {
    // PostgreSQL refuses root: the cluster and the pwfile belong to the unprivileged user.
    ensureTraversable(root, osUser);
    chownSync(pwFile, osUser.uid, osUser.gid);
    chownSync(clusterDir, osUser.uid, osUser.gid);
  }
  try {
    await execFileAsync(
      path.join(bin, 'initdb'),
      [
        `--pgdata=${clusterDir}`,
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      {
        ...(osUser ? { uid: osUser.uid, gid: osUser.gid } : {}),
        env: { ...process.env, LC_ALL: 'C' },
        cwd: root,
      },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`initdb of the external test server failed: ${error.stderr || error.message}`);
    });
  } finally {
    rmSync(pwFile, { force: true });
  }
  const port = await findFreePort();
  const server = await spawnPostgres({
    postgresBin: path.join(bin, 'postgres'),
    clusterDir,
    port,
    osUser,
    log: () => undefined,
    settings: { listen_addresses: '127.0.0.1', unix_socket_directories: '', ...THROWAWAY_CLUSTER },
  });
  return {
    adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
