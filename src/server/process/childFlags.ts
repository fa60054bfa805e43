// The Node and V8 flags the supervisor starts its children with (issue 31 §1, the memory budget;
// docs/decisions/engine-process.md). A flag already given to the supervisor (its execArgv) or in
// NODE_OPTIONS is left as given.

/**
 * V8's young generation per semi-space, in MB, for the workers and the engine process: Node's
 * default lets it grow to 16 MB a semi-space, which an idle worker keeps resident after its start
 * (~38 MB); 2 MB brings an idle worker under its 150 MB budget for more frequent (each cheaper)
 * scavenges.
 */
export const CHILD_SEMI_SPACE_MB = 2;
/**
 * An HTTP worker's young generation, in MB: every request allocates, and with 2 MB the scavenges
 * were a fifth of a worker's time. On a quiet machine (docs/decisions/performance.md) 4 MB raised
 * the authenticated read from 0.43 to 0.50 of the bare-database yardstick (p99 39–47 → 21–40 ms),
 * while the largest idle worker stayed at 139 MB RSS (budget 150); 8 and 16 MB did a little more
 * for p99 but would not fit the budget.
 */
export const WORKER_SEMI_SPACE_MB = 4;
/**
 * V8's background threads (concurrent marking, compilation) per HTTP worker. Node's default is 4
 * per process; each holds its own malloc arena. With one worker per core the workers' threads only
 * contend with each other: 1 takes ~10 MB off an idle worker, and cost no CPU per request
 * (GET /plat/health at 50 connections: 114 against 122 ms CPU per 1 000 requests, p99 60 against
 * 58 ms, medians of six interleaved rounds). Not for the engine process, whose face checks were not
 * measured with it.
 */
export const WORKER_V8_POOL_SIZE = 1;

function withDefault(argv: string[], given: string, flag: string, value: number): string[] {
  return given.includes(flag) ? argv : [...argv, `${flag}=${value}`];
}

/** The engine process's flags. */
export function childExecArgv(
  execArgv: string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): string[] {
  const given = `${execArgv.join(' ')} ${nodeOptions}`;
  return withDefault(execArgv, given, '--max-semi-space-size', CHILD_SEMI_SPACE_MB);
}

/** An HTTP worker's flags. */
export function workerExecArgv(
  execArgv: string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): string[] {
  const given = `${execArgv.join(' ')} ${nodeOptions}`;
  const young = withDefault(execArgv, given, '--max-semi-space-size', WORKER_SEMI_SPACE_MB);
  return withDefault(young, given, '--v8-pool-size', WORKER_V8_POOL_SIZE);
}
