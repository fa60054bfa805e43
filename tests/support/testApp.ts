// A real API for a server test: its own database (a copy of the migrated template), its own DATA_DIR,
// a clock the test moves, listening on 127.0.0.1 at a free port. close() tears all of it down.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import type { Clock } from '../../src/server/types';
import { closeWithin } from './closeApp';
import { createTestDatabase } from './testDb';

export interface TestClock extends Clock {
  set(date: Date | string | number): void;
  advance(ms: number): void;
}

/** Stands still unless the test moves it. Starts at the real time, so it agrees with the database's now(). */
export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> of the listening app. */
  url: string;
  clock: TestClock;
  config: AppConfig;
  /** Another API instance on the same database, DATA_DIR and clock (the "two instances" tests). */
  reopen(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Adds routes or hooks before the app starts (e.g. a route that fails on purpose). */
export type ExtendApp = (app: FastifyInstance) => void | Promise<void>;

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  extend?: ExtendApp,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-testapp-'));
  const database = await createTestDatabase();
  const clock = createTestClock();
  const config: AppConfig = {
    ...loadConfig({
      APP_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      // Synthetic test pictures have no face: the engine-free provider, unless a test asks for
      // faceProvider 'human' (the real engine, tests/support/faces.ts pictures).
      FACE_PROVIDER: 'builtin',
      // Tests share two cores with a browser and a database: an event-loop stall there is the test
      // machine's, not overload. The overload tests set their thresholds themselves.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    }),
    ...overrides,
  };
  const instances: FastifyInstance[] = [];
  const open = async () => {
    const app = await buildApp(config, { clock });
    instances.push(app);
    await extend?.(app);
    await app.ready();
    return app;
  };
  let app: FastifyInstance;
  try {
    app = await open();
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await Promise.allSettled(instances.map(closeWithin));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    clock,
    config,
    reopen: open,
    close: () =>
      (closing ??= (async () => {
        await Promise.allSettled(instances.map(closeWithin));
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}
