// CPU time (user + system) a process tree has used, from /proc (issue 31 §5): the API bench divides
// what the server tree (the server and PostgreSQL with its backends) used during a run by the run's
// requests, a figure that a busy neighbour on the machine moves far less than requests per second.
import { readFileSync } from 'node:fs';
import { processTree } from '../../tests/support/processTree';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on every architecture. */
const TICKS_PER_SECOND = 100;

function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0; // ended meanwhile
  }
}

/** CPU milliseconds used so far by each process of the roots' trees. */
export function treeCpuMs(roots: readonly number[]): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of roots.flatMap((root) => processTree(root))) byPid.set(pid, cpuMsOf(pid));
  return byPid;
}

/**
 * What the processes of `after` used since `before`, in ms: per process, so that one that ended
 * meanwhile (an idle PostgreSQL backend closed by its pool) does not subtract its whole life.
 */
export function cpuMsSince(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}
