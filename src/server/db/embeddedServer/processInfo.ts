// What /proc says about a process: enough to tell a live postgres serving a given data directory
// from a dead pid or a pid the kernel has since given to an unrelated program.
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Start time in clock ticks since boot: tells a pid apart from a later process given the same pid. */
  startTime: number;
  argv: string[];
}

/** The process, or null when it does not exist or is a zombie (already exited, not yet reaped). */
export function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may contain spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null;
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // fields[0] is field 3 of stat(5) (state); ppid is field 4, starttime field 22.
    return { pid, ppid: Number(fields[1]), startTime: Number(fields[19]), argv };
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  return readProcess(pid) !== null;
}

function samePath(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/** True when the process is a postgres postmaster started with `-D <clusterDir>`. */
export function isPostgresServing(info: ProcessInfo, clusterDir: string): boolean {
  const program = path.basename(info.argv[0] ?? '');
  if (program !== 'postgres' && program !== 'postmaster') return false;
  const dIndex = info.argv.indexOf('-D');
  const dataArg =
    dIndex >= 0 ? info.argv[dIndex + 1] : info.argv.find((a) => a.startsWith('--pgdata='))?.slice(9);
  return dataArg !== undefined && samePath(dataArg, clusterDir);
}

/** Polls until the process is gone (or a zombie); false on timeout. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}
