// The supervisor's side of the machine's engine process (issue 31 §1): it forks engine/engineMain.ts
// (child_process.fork: an IPC channel for metrics and the ready message), replaces it when it ends
// with the same back-off as a worker (backoff.ts), and stops it last, after the workers have
// drained. The workers never wait for it: while it is away, their checks answer "busy, try again".
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_SOCKET_PATH_ENV } from '../engine/paths';
import { ENGINE_SOCKET_ENV } from '../engine/protocol';
import type { LineLogger } from '../observability/logger';
import type { MetricsRequest } from './messages';
import { isWorkerMessage, type WorkerMessage } from './messages';
import { DEFAULT_BACKOFF, planRestart } from './backoff';

const ENGINE_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'engine', 'engineMain.ts');
/** After SIGTERM, what is left is killed. */
const STOP_GRACE_MS = 5_000;

export interface EngineKeeper {
  readonly socketPath: string;
  /** The live engine process's pid (tests, the bench). */
  readonly pid: number | undefined;
  start(): void;
  /** The engine's metrics channel while it is ready; undefined otherwise. */
  metricsChannel(): { send(request: MetricsRequest): void } | undefined;
  stop(): Promise<void>;
}

export function createEngineKeeper(options: {
  socketPath: string;
  /** Node's flags for the engine process (the supervisor's own, with its memory settings). */
  execArgv?: string[];
  log: LineLogger;
  onMessage(message: WorkerMessage): void;
}): EngineKeeper {
  const { socketPath, log } = options;
  let child: ChildProcess | undefined;
  let readySince = 0;
  let startedAt = 0;
  let streak = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;

  function spawnEngine() {
    const env: NodeJS.ProcessEnv = { ...process.env, [ENGINE_SOCKET_PATH_ENV]: socketPath };
    // Its own pools are the in-thread ones: it must not see the workers' client setting.
    delete env[ENGINE_SOCKET_ENV];
    const engine = fork(ENGINE_ENTRY, [], {
      env,
      stdio: 'inherit',
      ...(options.execArgv ? { execArgv: options.execArgv } : {}),
    });
    child = engine;
    readySince = 0;
    startedAt = Date.now();
    engine.on('message', (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      if (message.type === 'portal:engineReady') {
        readySince = Date.now();
        log.info({ enginePid: engine.pid }, 'engine process ready');
      }
      options.onMessage(message);
    });
    engine.on('error', (err) => log.warn({ err: err.message }, 'engine channel error'));
    engine.on('exit', (code, signal) => {
      if (child !== engine) return;
      child = undefined;
      if (stopping) return;
      const plan = planRestart(streak, readySince === 0 ? 0 : Date.now() - readySince, DEFAULT_BACKOFF);
      streak = plan.streak;
      log.warn(
        { enginePid: engine.pid, code, signal, delayMs: plan.delayMs, livedMs: Date.now() - startedAt },
        'engine process exited: checks answer busy until it is back',
      );
      timer = setTimeout(() => {
        timer = undefined;
        if (!stopping) spawnEngine();
      }, plan.delayMs);
    });
  }

  return {
    socketPath,
    get pid() {
      return child?.pid;
    },
    start: spawnEngine,
    metricsChannel() {
      const engine = child;
      if (!engine || readySince === 0 || !engine.connected) return undefined;
      return { send: (request) => void engine.send(request, () => undefined) };
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      const engine = child;
      if (!engine || engine.exitCode !== null || engine.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => engine.once('exit', () => resolve()));
      engine.kill('SIGTERM');
      const kill = setTimeout(() => engine.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(kill);
    },
  };
}
