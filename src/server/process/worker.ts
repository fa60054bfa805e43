// One HTTP worker of `npm start` (issue 17 §2): builds the API on the database the supervisor
// started (DATABASE_URL, PORT in its environment), serves until told to stop, and follows the one
// process-level error policy (faultPolicy.ts). The supervisor restarts it when it ends.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { warmFaceEngine } from '../routes/verify/deps';
import { puzzleSource } from '../security/captcha/puzzleSource';
import { loadConfig } from '../config';
import { reportEventLoopDelayAtExit } from '../observability/eventLoopDelay';
import { createProcessFaultReporter } from '../observability/faultReporter';
import { contributeMetrics } from '../observability/metrics/contribute';
import { describeError } from './describeError';
import { installFaultPolicy } from './faultPolicy';
import { tellSupervisor } from './messages';
import { createDrain, SHUTDOWN_GRACE_MS } from './shutdown';
import { testFaultRoutes, testFaultsEnabled } from './testFaults';

export async function runWorker(): Promise<void> {
  // The supervisor validated the same environment before forking.
  const config = loadConfig();
  reportEventLoopDelayAtExit(process.env.EVENT_LOOP_REPORT_DIR);
  let app: FastifyInstance | undefined;
  let starting: Promise<void> = Promise.resolve();
  const drain = createDrain(async () => {
    // A stop asked for while starting waits for the start, so nothing it opens is left behind.
    await starting.catch(() => undefined);
    try {
      await app?.close();
    } catch (err) {
      // The drain answers only clean or not: the reason a close failed is logged here, or lost.
      app?.log.error({ err }, 'closing the API failed');
      throw err;
    }
  });

  installFaultPolicy({
    app: () => app,
    drain,
    report: config.sentryDsn ? createProcessFaultReporter(config.sentryDsn, config.env) : undefined,
  });

  // SIGTERM from the supervisor (or a service manager); SIGINT from a terminal's Ctrl-C, which
  // reaches the whole process group. The first one drains; the supervisor forces if asked twice.
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app?.log.info(`${signal}: draining`);
    void drain(SHUTDOWN_GRACE_MS).then((clean) => {
      // What still holds the process open (sockets, timers, threads) names the cause next time:
      // CI saw a replacement worker miss the grace after a fault test (session 10).
      if (!clean)
        app?.log.error(
          {
            activeResources: process.getActiveResourcesInfo(),
            // Whether the database pool is what waits: a client still checked out keeps pool.end()
            // waiting (a full local run saw three open TCP sockets once more in session 15, cause not yet known).
            pool: app.pool && {
              total: app.pool.totalCount,
              idle: app.pool.idleCount,
              waiting: app.pool.waitingCount,
            },
            sessionCacheListening: app.sessionCache?.holder.isListening() ?? null,
          },
          `not closed cleanly within ${SHUTDOWN_GRACE_MS} ms: exiting anyway`,
        );
      process.exit(clean ? 0 : 1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  starting = (async () => {
    const built = await buildApp(config, { serveWeb: process.env.SERVE_WEB !== '0' });
    app = built;
    if (testFaultsEnabled()) await built.register(testFaultRoutes, { prefix: '/plat' });
    await built.listen({ port: config.port, host: config.host });
    // The engine loads its models in its own threads while the API already answers; test portals
    // (APP_ENV=test) leave it cold, as their checks start it lazily if they need it at all.
    if (config.env !== 'test') {
      warmFaceEngine(built).catch((err: unknown) => built.log.warn({ err }, 'face engine warm-up failed'));
      // Slider puzzles drawn ahead in their thread: the first sign-ins find them ready.
      puzzleSource().warm();
    }
  })();
  try {
    await starting;
  } catch (error) {
    tellSupervisor({
      type: 'portal:startFailed',
      message: describeError(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    await app?.close().catch(() => undefined);
    process.exit(1);
  }
  if (stopping) return;
  // Before 'listening': the supervisor asks only workers that listen, and this one then answers.
  contributeMetrics('worker');
  tellSupervisor({ type: 'portal:listening', port: config.port });
}
