// The whole portal for a browser test: the API and the built web app on one port (as `npm start`
// serves them), on a fresh copy of the migrated database and a temp DATA_DIR. close() removes all.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Clock } from '../../src/server/types';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { companies, users } from '../../src/server/db/schema/index';
import type { SessionUser } from '../../src/web/session/sessionStore';
import { createCompany, signInAs, type SignedIn } from './sessions';
import { createTestDatabase } from './testDb';
import { closeWithin } from './closeApp';
import { suiteWebDir } from './suiteWebBuild';

export interface PortalOptions {
  /** A web build other than the suite's own (e.g. one made with VITE_SENTRY_DSN). */
  webDir?: string;
  /** Config values the test needs (sentryDsn, supportChatUrl, …) on top of the test defaults. */
  config?: Partial<AppConfig>;
  /**
   * The API's clock (app.clock). Default: real time that a test may move (realTimeClock), so a
   * browser test moves this portal's time without touching the worker's shared system clock.
   */
  clock?: Clock;
}

/** A clock that follows real time (the browser beside it does too), moved ahead by `advance`. */
export interface MovableClock extends Clock {
  /** `ms` more pass at once. */
  advance(ms: number): void;
  /** Back to real time. */
  reset(): void;
}

/**
 * Real time plus an offset. Not a frozen test clock: a browser test runs for minutes against the
 * page's real clock, and rules comparing the two (the password transport's timestamp) must agree.
 */
export function realTimeClock(): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
    reset: () => {
      offsetMs = 0;
    },
  };
}

export interface Portal {
  /** http://127.0.0.1:<port>: the SPA and, under /plat, the API. */
  url: string;
  app: FastifyInstance;
  config: AppConfig;
  /** The test database's URL, for a test that wants to look at the rows itself. */
  databaseUrl: string;
  close(): Promise<void>;
}

export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-browser-'));
  const database = await createTestDatabase();
  const removeFiles = () => rmSync(dataDir, { recursive: true, force: true });
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
    ...options.config,
  };
  let app: FastifyInstance | undefined;
  try {
    // The suite's own production build (browserSetup.ts), unless the test brings one.
    app = await buildApp(config, {
      serveWeb: true,
      webDir: options.webDir ?? (await suiteWebDir()),
      clock: options.clock ?? realTimeClock(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.drop();
    removeFiles();
    throw error;
  }
  const listening = app;
  const { port } = listening.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    app: listening,
    config,
    databaseUrl: database.url,
    close: () =>
      (closing ??= (async () => {
        await closeWithin(listening);
        await database.drop();
        removeFiles();
      })()),
  };
}

export interface SeedOptions {
  /** enterpriseCertificationStatus; null leaves it out of the store (the spec's "missing" = -1). */
  certificationStatus?: number | null;
  auditStatus?: number | null;
  operatorId?: string | null;
  language?: 'zh-cn' | 'en-us';
}

export interface SeededUser {
  signedIn: SignedIn;
  /** Exactly what the app keeps in sessionStorage `user` after a login (src/web/session/sessionStore.ts). */
  sessionUser: SessionUser;
}

/**
 * A fresh company and applicant with a real session on the server, and the session-store entry the
 * login flow would write for them. The company row carries the requested certification state, so
 * the server and the browser agree on it.
 */
export async function seedSignedInUser(portal: Portal, options: SeedOptions = {}): Promise<SeededUser> {
  const company = await createCompany(portal.app);
  const status = options.certificationStatus === undefined ? 0 : options.certificationStatus;
  await portal.app.db
    .update(companies)
    .set({
      certificationStatus: status ?? 0,
      auditStatus: options.auditStatus ?? null,
      operatorId: options.operatorId ?? null,
    })
    .where(eq(companies.id, company.id));
  const signedIn = await signInAs(portal.app, {
    role: 'applicant',
    companyId: company.id,
    language: options.language,
  });

  const [user] = await portal.app.db.select().from(users).where(eq(users.id, signedIn.userId));
  const [row] = await portal.app.db.select().from(companies).where(eq(companies.id, company.id));
  if (!user || !row) throw new Error('seeded user or company row is missing');

  const stored: Omit<SessionUser, 'enterpriseCertificationStatus'> & {
    enterpriseCertificationStatus?: number;
  } = {
    isLogin: true,
    token: signedIn.token,
    operatorId: row.operatorId,
    userInfo: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      position: user.position,
      language: user.language,
    },
    enterpriseAuditStatus: row.auditStatus,
    companyCreditCode: row.creditCode,
    companyName: row.name,
    ...(status === null ? {} : { enterpriseCertificationStatus: row.certificationStatus }),
  };
  return { signedIn, sessionUser: stored as SessionUser };
}
