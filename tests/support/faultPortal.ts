// The fault tests' API: `npm start`'s entry (src/server/main.ts) as a real child process on a
// database and a DATA_DIR that outlive it, so kill -9 hits what it hits in production. Beside it, a
// "services" app in the test process on the same database, never started (no mail worker, no
// port): it only makes sessions and seed rows the way the other server tests do.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { startPortal, type PortalProcess } from '../server/db/support/portalProcess';
import type { TestApp } from './testApp';
import { createTestClock } from './testApp';

export interface FaultPortalEnv {
  DATABASE_URL: string;
  DATA_DIR: string;
  SMTP_URL: string;
}

export interface FaultPortal {
  /** http://127.0.0.1:<port> */
  url: string;
  process: PortalProcess;
  /** True while the process has not exited. */
  alive(): boolean;
  kill9(): Promise<void>;
  /** SIGINT (graceful) if still running, and wait for the exit. */
  stop(): Promise<void>;
}

export async function startFaultPortal(env: FaultPortalEnv): Promise<FaultPortal> {
  const child = startPortal({ APP_ENV: 'test', LOG_LEVEL: 'warn', ...env });
  const url = await child.listening(90_000);
  const alive = () => child.child.exitCode === null && child.child.signalCode === null;
  return {
    url,
    process: child,
    alive,
    kill9: async () => {
      child.child.kill('SIGKILL');
      await child.exited();
    },
    stop: async () => {
      if (alive()) child.child.kill('SIGINT');
      await child.exited(60_000).catch(() => {
        child.child.kill('SIGKILL');
      });
    },
  };
}

/** The config the portal child runs with, for an in-process app on the same database and files. */
export function configLike(env: FaultPortalEnv): AppConfig {
  return loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

/**
 * An app built on the portal's database but never made ready: its plugins' decorations (db,
 * sessions, storage) work, its mail worker never starts, so it cannot deliver anything the
 * portal process is supposed to deliver.
 */
export async function openServicesApp(env: FaultPortalEnv): Promise<FastifyInstance> {
  return buildApp(configLike(env), { clock: { now: () => new Date() } });
}

/**
 * What the certification and verification test helpers need (t.url for HTTP, t.app for seed rows),
 * with HTTP going to the portal process. Only those two fields are real.
 */
export function portalAsTestApp(services: FastifyInstance, url: string): TestApp {
  const unused = () => {
    throw new Error('not available on a fault portal');
  };
  return {
    app: services,
    url,
    clock: createTestClock(),
    config: services.config,
    reopen: unused,
    close: unused,
  };
}
