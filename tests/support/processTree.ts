// A process's children as Linux lists them (/proc/<pid>/task/<pid>/children): the supervisor's
// workers, for the benches that measure or kill them. Empty when the process is gone.
import { readFileSync } from 'node:fs';

export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The process and all its descendants. */
export function processTree(pid: number): number[] {
  return [pid, ...childPids(pid).flatMap(processTree)];
}

/** The supervisor's HTTP workers only (its children also include the engine process). */
export function workerPids(supervisorPid: number): number[] {
  return childPids(supervisorPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerMain');
    } catch {
      return false; // it just ended
    }
  });
}
