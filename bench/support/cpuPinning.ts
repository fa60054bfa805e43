// Keeps a load generator and the servers it measures off each other's cores (issue 31 §5): with
// util-linux's `taskset`, the last core runs the load generator (this process, autocannon in it) and
// every other core the servers (the portal's tree, the yardsticks, PostgreSQL), so a server's figure
// is not what is left of a core after autocannon took its share. Where `taskset` is missing, or the
// machine has one core, nothing is pinned and the plan says so: the figures are then "not separated".
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { processTree } from '../../tests/support/processTree';

export interface CpuPlan {
  /** True when the servers and the load generator run on separate cores. */
  separated: boolean;
  /** Cores the servers run on (all of them when not separated). */
  serverCpus: number[];
  /** Cores the load generator runs on (all of them when not separated). */
  loadCpus: number[];
  /** Why not separated, when not. */
  reason?: string;
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export function planCpus(cpus: number = availableParallelism()): CpuPlan {
  const all = range(cpus);
  if (cpus < 2) return { separated: false, serverCpus: all, loadCpus: all, reason: 'one core' };
  if (!hasTaskset()) return { separated: false, serverCpus: all, loadCpus: all, reason: 'no taskset' };
  return { separated: true, serverCpus: all.slice(0, -1), loadCpus: [cpus - 1] };
}

/** Every thread of one process (`-a`: Node's helper threads too), not its children. */
function pinProcess(pid: number, cpus: readonly number[]): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus.join(','), String(pid)], { stdio: 'ignore' });
  } catch {
    // a process that ended between the listing and the call
  }
}

/** The process and its descendants (cluster workers, the engine process, PostgreSQL backends). */
export function pinTree(pid: number, cpus: readonly number[]): void {
  for (const member of processTree(pid)) pinProcess(member, cpus);
}

/**
 * Pins the servers' trees to the server cores and this process to the load generator's; the
 * returned function gives this process every core back. Processes forked later (a restarted worker,
 * a new PostgreSQL backend) inherit their parent's cores. A no-op when the plan is not separated.
 */
export function applyPlan(plan: CpuPlan, serverPids: readonly number[]): () => void {
  if (!plan.separated) return () => undefined;
  // This process alone: its children are servers (PostgreSQL, the portal, the yardsticks).
  pinProcess(process.pid, plan.loadCpus);
  for (const pid of serverPids) pinTree(pid, plan.serverCpus);
  return () => pinProcess(process.pid, range(availableParallelism()));
}
