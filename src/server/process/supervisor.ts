// `npm start`'s primary process (issue 17 §2): it owns what there is one of — the web build, the
// embedded PostgreSQL, the migrations, the port — and forks WORKERS HTTP workers (Node's cluster:
// they share the port), each told the database URL. A worker that ends is replaced, at once if it
// had been running a while, otherwise with a growing delay (backoff.ts). SIGTERM/SIGINT: the workers
// drain (shutdown.ts), then PostgreSQL stops cleanly, exit 0; a second signal kills them and exits
// 1. A failed start stops whatever had started and exits 1 with the real cause. With METRICS_PORT,
// it serves GET /metrics on its own port: every worker's figures, asked over the cluster channel and
// summed (observability/metrics/gather.ts). Unless ENGINE_PROCESS=off, it also keeps the machine's one
// engine process (engineProcess.ts): the face engine, puzzles and document reader every worker calls
// over a Unix socket; it is started before the workers, replaced with back-off, and stopped last.
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { createLineLogger } from '../observability/logger';
import { createMetricsGatherer, peersOf, type MetricsPeer } from '../observability/metrics/gather';
import { startProcessMetrics } from '../observability/metrics/registry';
import { startMetricsServer, type MetricsServer } from '../observability/metrics/server';
import { engineSocketPath, removeStaleSockets } from '../engine/paths';
import { ENGINE_SOCKET_ENV } from '../engine/protocol';
import { DEFAULT_BACKOFF, planRestart } from './backoff';
import { childExecArgv, workerExecArgv } from './childFlags';
import { compileWorker, PUZZLE_THREAD_ENV } from './compiledWorker';
import { createEngineKeeper, type EngineKeeper } from './engineProcess';
import { describeError, within } from './describeError';
import { pickFreePort } from './freePort';
import { isWorkerMessage, type MetricsRequest, type WorkerMessage } from './messages';
import { SHUTDOWN_GRACE_MS } from './shutdown';
import { ensureWebBuild } from './webBuild';

const WORKER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'workerMain.ts');
/** After the workers' own grace, what is left is killed. */
const STOP_MARGIN_MS = 5_000;
/** A repeat of the first signal within this time is the same signal delivered twice. */
const SAME_SIGNAL_MS = 500;
const POSTGRES_PROBLEM = /\b(WARNING|ERROR|FATAL|PANIC):/;

export interface SupervisorOptions {
  serveWeb: boolean;
  verbose: boolean;
}

class WorkerStartError extends Error {
  constructor(
    message: string,
    readonly workerStack?: string,
  ) {
    super(message);
    this.name = 'WorkerStartError';
  }
}

/** One place for a worker: it keeps its back-off count across the workers that fill it. */
interface Slot {
  /** 1-based, as the logs name it. */
  id: number;
  worker?: Worker;
  /** When its worker started listening (0 until it does): a worker that never served died quickly. */
  listeningSince: number;
  streak: number;
  timer?: NodeJS.Timeout;
  /** When the slot lost its worker: the log says how long it stayed empty. */
  downSince?: number;
  lastFault?: string;
  /** Set while the slot's first worker starts, with `npm start` waiting on it. */
  initial?: { resolve: () => void; reject: (error: Error) => void };
}

export async function runSupervisor(config: AppConfig, options: SupervisorOptions): Promise<void> {
  const log = createLineLogger('supervisor', config);
  const slots: Slot[] = Array.from({ length: config.workers }, (_, i) => ({
    id: i + 1,
    listeningSince: 0,
    streak: 0,
  }));
  const live = new Set<Worker>();
  let exitWaiters: (() => void)[] = [];
  let embedded: EmbeddedPostgres | undefined;
  let workerEnv: Record<string, string> = {};
  let signalled = false;
  let stopping = false;
  let cleanExits = true;
  const metrics = createMetricsGatherer();
  let metricsServer: MetricsServer | undefined;
  let engine: EngineKeeper | undefined;

  const allExited = () =>
    live.size === 0 ? Promise.resolve(true) : new Promise<boolean>((r) => exitWaiters.push(() => r(true)));

  function fork(slot: Slot) {
    const worker = cluster.fork({ ...workerEnv, PORTAL_WORKER: String(slot.id) });
    slot.worker = worker;
    slot.listeningSince = 0;
    live.add(worker);
    worker.on('message', (message: unknown) => {
      if (isWorkerMessage(message)) onMessage(slot, worker, message);
    });
    worker.on('exit', (code: number | null, signal: string | null) => onExit(slot, worker, code, signal));
    // A message to a worker that is going away must not take the supervisor with it.
    worker.on('error', (err: Error) =>
      log.warn({ worker: slot.id, err: err.message }, 'worker channel error'),
    );
  }

  function replace(slot: Slot) {
    const plan = planRestart(
      slot.streak,
      slot.listeningSince === 0 ? 0 : Date.now() - slot.listeningSince,
      DEFAULT_BACKOFF,
    );
    slot.streak = plan.streak;
    slot.downSince ??= Date.now();
    log.warn(
      { worker: slot.id, delayMs: plan.delayMs, streak: plan.streak },
      plan.delayMs === 0
        ? 'starting a new worker now'
        : `starting a new worker in ${plan.delayMs} ms (back-off)`,
    );
    slot.timer = setTimeout(() => {
      slot.timer = undefined;
      if (!stopping) fork(slot);
    }, plan.delayMs);
  }

  function onMessage(slot: Slot, worker: Worker, message: WorkerMessage) {
    const workerPid = worker.process.pid;
    switch (message.type) {
      case 'portal:metrics':
        metrics.receive(message.id, message.registries);
        return;
      case 'portal:listening':
        if (slot.worker !== worker) return;
        slot.listeningSince = Date.now();
        if (slot.initial) {
          slot.initial.resolve();
        } else {
          const downMs = slot.downSince === undefined ? undefined : Date.now() - slot.downSince;
          log.info({ worker: slot.id, workerPid, downMs }, 'worker listening: the portal answers again');
        }
        slot.downSince = undefined;
        return;
      case 'portal:startFailed':
        slot.lastFault = message.message;
        if (slot.initial) slot.initial.reject(new WorkerStartError(message.message, message.stack));
        else log.error({ worker: slot.id, workerPid }, `worker could not start: ${message.message}`);
        return;
      case 'portal:engineReady':
        return;
      case 'portal:fault':
        slot.lastFault = message.message;
        if (slot.initial) {
          slot.initial.reject(new WorkerStartError(message.message));
          return;
        }
        log.error(
          { worker: slot.id, workerPid },
          `worker hit a fault (${message.message}); it drains and exits`,
        );
        // Its replacement starts while it drains: the gap is a start, not a drain plus a start.
        if (slot.worker === worker && !stopping) {
          slot.worker = undefined;
          replace(slot);
        }
        return;
    }
  }

  function onExit(slot: Slot, worker: Worker, code: number | null, signal: string | null) {
    live.delete(worker);
    if (live.size === 0) {
      const waiters = exitWaiters;
      exitWaiters = [];
      waiters.forEach((w) => w());
    }
    const workerPid = worker.process.pid;
    if (stopping) {
      if (code !== 0) {
        cleanExits = false;
        log.warn({ worker: slot.id, workerPid, code, signal }, 'a worker did not stop cleanly');
      }
      return;
    }
    if (slot.worker !== worker) {
      log.warn({ worker: slot.id, workerPid, code, signal }, 'the replaced worker exited');
      return;
    }
    slot.worker = undefined;
    if (slot.initial) {
      slot.initial.reject(
        new WorkerStartError(slot.lastFault ?? `the HTTP worker exited (${code ?? signal}) before listening`),
      );
      return;
    }
    log.warn({ worker: slot.id, workerPid, code, signal }, 'worker exited');
    replace(slot);
  }

  /** The workers that listen, then the engine process when it is ready (a worker reads the shared figures). */
  const metricsPeers = (): MetricsPeer[] => {
    const engineChannel = engine?.metricsChannel();
    return peersOf([
      ...slots
        .filter((slot) => slot.listeningSince > 0 && slot.worker?.isConnected())
        .map((slot) => ({ send: (request: MetricsRequest) => void slot.worker?.send(request) })),
      ...(engineChannel ? [engineChannel] : []),
    ]);
  };

  /** A metrics port that cannot be had is logged, not fatal: the portal serves its users without it. */
  async function serveMetrics() {
    const { port, host, token } = config.metrics;
    if (port === null) return;
    startProcessMetrics('supervisor');
    try {
      metricsServer = await startMetricsServer({
        host,
        port,
        token,
        collect: () => metrics.gather(metricsPeers()),
        onError: (err) => log.error({ err: describeError(err) }, 'metrics scrape failed'),
      });
      console.log(`Metrics on ${metricsServer.url}${token ? ' (bearer token)' : ''}`);
    } catch (error) {
      log.error(
        { host, port },
        `metrics not served: ${describeError(error)} (METRICS_PORT, METRICS_HOST; 'off' to silence)`,
      );
    }
  }

  const startSlot = (slot: Slot) =>
    new Promise<void>((resolve, reject) => {
      slot.initial = {
        resolve: () => {
          slot.initial = undefined;
          resolve();
        },
        reject: (error) => {
          slot.initial = undefined;
          reject(error);
        },
      };
      fork(slot);
    });

  const stopEverything = async (): Promise<boolean> => {
    stopping = true;
    for (const slot of slots) clearTimeout(slot.timer);
    await metricsServer?.close();
    for (const worker of live) worker.process.kill('SIGTERM');
    let clean = await within(allExited(), SHUTDOWN_GRACE_MS + STOP_MARGIN_MS, false);
    if (!clean) {
      console.error('The API did not close in time; stopping the database anyway.');
      for (const worker of live) worker.process.kill('SIGKILL');
      await within(allExited(), STOP_MARGIN_MS, false);
    }
    clean &&= cleanExits;
    // The engine after the workers: a check still draining finishes on it.
    await engine?.stop();
    await embedded?.stop();
    return clean;
  };

  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // One signal sent to the whole process group (a terminal's Ctrl-C, `timeout`, some service
    // managers) can reach us twice within microseconds: that is not a person asking twice.
    if (signalled && Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
    if (signalled) {
      console.error(`${signal} again: exiting without waiting.`);
      for (const worker of live) worker.process.kill('SIGKILL');
      if (engine?.pid) process.kill(engine.pid, 'SIGKILL');
      process.exit(1);
    }
    signalled = true;
    firstSignalAt = Date.now();
    console.log(`${signal}: shutting down…`);
    void (async () => {
      // A start in progress finishes (or fails) first, so nothing it starts is left behind.
      await startup.catch(() => undefined);
      process.exit((await stopEverything()) ? 0 : 1);
    })();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let port = config.port;
  // Assigned in the same tick as the handlers above: no signal can be handled before it exists.
  const startup = (async () => {
    if (options.serveWeb) await ensureWebBuild();
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        log: (line) => {
          if (options.verbose || POSTGRES_PROBLEM.test(line)) console.log(`[postgres] ${line}`);
        },
        notice: (message) => console.log(`[postgres] ${message}`),
      });
      databaseUrl = embedded.url;
    }
    await runMigrations(databaseUrl, { connectTimeoutMs: config.databaseTimeouts.connectTimeoutMs });
    if (port === 0) port = await pickFreePort(config.host);
    workerEnv = { DATABASE_URL: databaseUrl, PORT: String(port) };
    if (config.engineProcess) {
      // Not waited for: until it is ready, the workers' checks answer "busy, try again".
      removeStaleSockets(config.dataDir);
      engine = createEngineKeeper({
        socketPath: engineSocketPath(config.dataDir),
        execArgv: childExecArgv(),
        log,
        onMessage: (message) => {
          if (message.type === 'portal:metrics') metrics.receive(message.id, message.registries);
        },
      });
      engine.start();
      workerEnv[ENGINE_SOCKET_ENV] = engine.socketPath;
    }
    // The workers run compiled JavaScript (compiledWorker.ts: ~35 MB less each than under tsx);
    // should compiling fail (a read-only checkout), they run the sources as before.
    const compiled = await compileWorker().catch((error: unknown) => {
      log.warn({ err: describeError(error) }, 'could not compile the worker: running its sources');
      return null;
    });
    if (compiled) workerEnv[PUZZLE_THREAD_ENV] = compiled.puzzleThreadUrl;
    cluster.setupPrimary({
      exec: compiled?.entry ?? WORKER_ENTRY,
      execArgv: workerExecArgv(undefined, undefined, { compiled: compiled !== null }),
    });
    if (signalled) return;
    await Promise.all(slots.map(startSlot));
  })();

  try {
    await startup;
  } catch (error) {
    if (signalled) return; // the signal handler finishes the job
    console.error(`Start failed: ${describeError(error)}`);
    if (options.verbose && error instanceof Error) {
      console.error(error instanceof WorkerStartError ? (error.workerStack ?? error.stack) : error.stack);
    }
    await stopEverything().catch(() => undefined);
    process.exit(1);
  }
  if (signalled) return;
  await serveMetrics();
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Portal listening on http://${host}:${port}`);
}
