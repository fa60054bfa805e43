// The file the supervisor forks for the machine's engine process (issue 31 §1; child_process.fork,
// so it has an IPC channel to the supervisor). It serves the engine socket named in its environment,
// warms the face engine and the puzzles outside tests, answers metric requests as
// process="engine", and tells the supervisor when it is ready. Its fault policy is the simplest:
// anything uncaught ends it (exit 1) and the supervisor starts another with back-off; while it is
// away the workers' checks answer "busy, try again". It ends with the supervisor (IPC disconnect).
// Test-only (APP_ENV=test): while the file PORTAL_TEST_ENGINE_HOLD names exists, it waits before it
// listens, so a process test can hold the engine "restarting" for as long as it looks.
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../config';
import { createLineLogger } from '../observability/logger';
import { contributeMetrics } from '../observability/metrics/contribute';
import { tellSupervisor } from '../process/messages';
import { ENGINE_SOCKET_PATH_ENV } from './paths';
import { startEngineServer } from './server';

const config = loadConfig();
const log = createLineLogger('engine', config);
const socketPath = process.env[ENGINE_SOCKET_PATH_ENV];
if (!socketPath) throw new Error(`${ENGINE_SOCKET_PATH_ENV} is not set: the supervisor starts this process`);

const die = (what: string) => (error: unknown) => {
  log.error(
    { err: error instanceof Error ? error.stack : String(error) },
    `engine process: ${what}; exiting`,
  );
  process.exit(1);
};
process.on('uncaughtException', die('uncaught exception'));
process.on('unhandledRejection', die('unhandled rejection'));

const hold = config.env === 'test' ? process.env.PORTAL_TEST_ENGINE_HOLD : undefined;
while (hold && existsSync(hold)) await sleep(100);

const engine = await startEngineServer(config, socketPath, log);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void engine.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', () => undefined); // a terminal's Ctrl-C: the supervisor decides, then SIGTERMs
process.on('disconnect', stop); // the supervisor is gone: nothing would restart or stop us

contributeMetrics('engine');
tellSupervisor({ type: 'portal:engineReady', pid: process.pid });
log.info({ socket: socketPath }, 'engine socket listening');
if (config.env !== 'test') {
  engine.warm().catch((err: unknown) => log.warn({ err: String(err) }, 'face engine warm-up failed'));
}
