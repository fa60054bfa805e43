// After a kill -9 of the app, its postgres keeps running (orphaned) and holds the data directory:
// a new start would fail on postmaster.pid. We find that postgres through postmaster.pid, make sure it
// really is a postgres serving OUR directory, and stop it with a fast shutdown (SIGINT), which
// checkpoints every committed transaction. Called only while holding the DATA_DIR lock
// (dataDirLock.ts), so a postgres found here belongs to no live portal.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isPostgresServing, readProcess, waitForExit } from './processInfo';

const FAST_SHUTDOWN_MS = 30_000;
const IMMEDIATE_SHUTDOWN_MS = 10_000;

/** The postmaster's pid from postmaster.pid (first line), or null when there is no lock file. */
export function readPostmasterPid(clusterDir: string): number | null {
  const file = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export type LeftoverOutcome = 'none' | 'stale-lock-removed' | 'stopped';

export async function clearLeftover(
  clusterDir: string,
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
  log(`stopping leftover postgres (pid ${pid}) from a previous run`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, FAST_SHUTDOWN_MS)) return 'stopped';
  log(`leftover postgres (pid ${pid}) ignored the fast shutdown; asking for an immediate one`);
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, IMMEDIATE_SHUTDOWN_MS)) return 'stopped';
  throw new Error(`A leftover postgres (pid ${pid}) on ${clusterDir} does not stop; stop it by hand.`);
}
