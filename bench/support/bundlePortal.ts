// The portal the front-end benches load pages from: the API and a given web build on one port, as
// `npm start` serves them in production (APP_ENV=production: its security headers, no dev tools),
// on a fresh embedded PostgreSQL and a temp DATA_DIR, on 127.0.0.1 at a port chosen at start.
// In this process: the browser does the work, the server only answers a few requests.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { startSmtpPeer, type SmtpPeer } from '../../tests/server/mail/smtpPeer';

export interface FrontEndPortal {
  /** http://127.0.0.1:<port>: the SPA and, under /plat, the API. */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startFrontEndPortal(webDir: string): Promise<FrontEndPortal> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-fe-'));
  // As root, PostgreSQL runs as its own OS user and must be able to pass through (not list) here.
  chmodSync(root, 0o711);
  const dataDir = path.join(root, 'portal');
  mkdirSync(dataDir);
  let pg: EmbeddedPostgres | undefined;
  let smtp: SmtpPeer | undefined;
  let app: FastifyInstance | undefined;
  const cleanUp = async () => {
    await app?.close().catch(() => undefined);
    await smtp?.close().catch(() => undefined);
    await pg?.stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    pg = await startEmbeddedPostgres({ dataDir: path.join(root, 'db') });
    await runMigrations(pg.url);
    smtp = await startSmtpPeer();
    const config = loadConfig({
      APP_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'silent',
    });
    app = await buildApp(config, { serveWeb: true, webDir, scheduleHousekeeping: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const listening = app;
    let closing: Promise<void> | undefined;
    return { url: `http://127.0.0.1:${port}`, app: listening, close: () => (closing ??= cleanUp()) };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
