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
 * were a fifth of a worker's time. 4 MB raised the authenticated read from 0.43 to 0.50 of the
 * bare-database yardstick (Session 12). Since the workers run compiled, without tsx's ~35 MB loader
 * (compiledWorker.ts), 8 MB fits too: an idle worker measured 113–124 MB RSS with 4 MB and about
 * 8 MB more with 8; 16 MB measured 143–149 MB just after start, too near the 150 MB budget
 * (docs/decisions/performance.md, Session 13).
 */
export const WORKER_SEMI_SPACE_MB = 8;
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

/** Flags that load a module before the entry (`--import x`, `--require=x`, …). */
const PRELOAD = /^(--import|--require|-r|--loader|--experimental-loader)(=(.*))?$/;

/**
 * The supervisor's flags without tsx's loader (`tsx src/server/main.ts` gives its process
 * `--require …/tsx/dist/preflight.cjs --import …/tsx/dist/loader.mjs`; the benches `--import tsx`):
 * a compiled worker (compiledWorker.ts) does not need it, and it costs ~35 MB a process.
 */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const match = PRELOAD.exec(arg);
    if (!match) {
      kept.push(arg);
      continue;
    }
    const inline = match[2] !== undefined;
    const value = inline ? match[3]! : (execArgv[i + 1] ?? '');
    const flag = inline ? [arg] : execArgv.slice(i, i + 2);
    if (!inline) i += 1;
    if (!isTsx(value)) kept.push(...flag);
  }
  return kept;
}

/** `tsx`, `tsx/esm`, `…/node_modules/tsx/dist/loader.mjs`, `file:///…/tsx/dist/preflight.cjs`. */
const isTsx = (specifier: string) => /(^|[/\\])tsx([/\\@]|$)/.test(specifier);

/**
 * An HTTP worker's flags. A compiled worker runs plain JavaScript: no tsx loader, and Node's own
 * source maps so that stack traces still name the .ts lines (as tsx's did).
 */
export function workerExecArgv(
  execArgv: string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  options: { compiled?: boolean } = {},
): string[] {
  const given = `${execArgv.join(' ')} ${nodeOptions}`;
  const base = options.compiled ? [...withoutTsx(execArgv), '--enable-source-maps'] : execArgv;
  const young = withDefault(base, given, '--max-semi-space-size', WORKER_SEMI_SPACE_MB);
  return withDefault(young, given, '--v8-pool-size', WORKER_V8_POOL_SIZE);
}
