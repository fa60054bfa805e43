// After a kill -9 of the app, its postgres keeps running (orphaned) and holds the data directory:
// a new start would fail on postmaster.pid. We find that postgres through postmaster.pid, make sure it
// really is a postgres serving OUR directory, and stop it with a fast shutdown (SIGINT), which
// checkpoints every committed transaction. A postgres still owned by a live portal is not a leftover:
// we refuse to start instead of pulling the database from under it.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isPostgresServing, readProcess, waitForExit } from './processInfo';

const FAST_SHUTDOWN_MS = 30_000;
const IMMEDIATE_SHUTDOWN_MS = 10_000;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another running portal (process ${ownerPid}). ` +
        `Stop that one first, or give this one its own DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Which process started the postgres that currently runs on the data directory. */
export interface OwnerRecord {
  pid: number;
  port: number;
}

export function readOwner(ownerFile: string): OwnerRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(ownerFile, 'utf8')) as Partial<OwnerRecord>;
    return typeof parsed.pid === 'number' && typeof parsed.port === 'number'
      ? { pid: parsed.pid, port: parsed.port }
      : null;
  } catch {
    return null;
  }
}

export function writeOwner(ownerFile: string, owner: OwnerRecord): void {
  writeFileSync(ownerFile, JSON.stringify(owner) + '\n', { mode: 0o600 });
}

export function removeOwner(ownerFile: string): void {
  rmSync(ownerFile, { force: true });
}

/** The postmaster's pid from postmaster.pid (first line), or null when there is no lock file. */
export function readPostmasterPid(clusterDir: string): number | null {
  const file = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export type LeftoverOutcome = 'none' | 'stale-lock-removed' | 'stopped';

/**
 * Clears the way for a new postgres on clusterDir. Throws DataDirInUseError when a live portal
 * still owns the running postgres.
 */
export async function clearLeftover(
  clusterDir: string,
  ownerFile: string,
  log: (line: string) => void,
): Promise<LeftoverOutcome> {
  const pid = readPostmasterPid(clusterDir);
  if (pid === null) return 'none';
  const proc = readProcess(pid);
  // Dead pid: postgres itself removes a stale lock whose process is gone.
  if (!proc) return 'none';
  if (!isPostgresServing(proc, clusterDir)) {
    // The pid now belongs to another program; postgres would refuse ("lock file already exists").
    log(`removing stale postmaster.pid (pid ${pid} is no longer a postgres on this directory)`);
    rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
    return 'stale-lock-removed';
  }
  // Still the child of the portal that started it: that portal is alive and using it.
  const owner = readOwner(ownerFile);
  if (owner && proc.ppid === owner.pid) throw new DataDirInUseError(path.dirname(clusterDir), owner.pid);

  log(`stopping leftover postgres (pid ${pid}) from a previous run`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, FAST_SHUTDOWN_MS)) return 'stopped';
  log(`leftover postgres (pid ${pid}) ignored the fast shutdown; asking for an immediate one`);
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, IMMEDIATE_SHUTDOWN_MS)) return 'stopped';
  throw new Error(`A leftover postgres (pid ${pid}) on ${clusterDir} does not stop; stop it by hand.`);
}
