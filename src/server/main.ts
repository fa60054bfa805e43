// `npm start`: configuration → web build (when stale) → PostgreSQL (embedded unless DATABASE_URL) →
// migrations → API → listen. Ctrl-C / SIGTERM: drain HTTP and stop the plugins' workers
// (app.close()), then stop PostgreSQL, then exit 0. A failed start stops whatever had started and
// exits 1 with the real cause.
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_OUT = path.join(ROOT, 'dist', 'web');
/** What the web build is made of: a change to any of these makes dist/web stale. */
const WEB_INPUTS = [
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'src/web',
  'src/contract',
  'src/locales',
  'machines',
];
/** app.close() waits for open requests; a stuck stream must not keep PostgreSQL running forever. */
const SHUTDOWN_GRACE_MS = 20_000;

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds the web app with Vite when dist/web is missing or older than its sources. */
async function ensureWebBuild(): Promise<void> {
  const builtAt = newestMtime(path.join(WEB_OUT, 'index.html'));
  const sourcesAt = Math.max(...WEB_INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(
    builtAt === 0
      ? 'Building the web app (first start)…'
      : 'The web sources changed: rebuilding the web app…',
  );
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'info' });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const causes: string[] = [];
  for (let c: unknown = error.cause; c instanceof Error; c = c.cause) causes.push(c.message);
  return [error.message, ...causes.filter((m) => !error.message.includes(m))].join('\n  caused by: ');
}

const POSTGRES_PROBLEM = /\b(WARNING|ERROR|FATAL|PANIC):/;

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const serveWeb = process.env.SERVE_WEB !== '0';

  let embedded: EmbeddedPostgres | undefined;
  let app: FastifyInstance | undefined;
  let shuttingDown = false;

  const stopEverything = async (): Promise<boolean> => {
    let clean = true;
    if (app) {
      const closed = app.close().then(
        () => true,
        () => false,
      );
      const timedOut = new Promise<boolean>((r) => setTimeout(() => r(false), SHUTDOWN_GRACE_MS).unref());
      if (!(await Promise.race([closed, timedOut]))) {
        console.error('The API did not close in time; stopping the database anyway.');
        clean = false;
      }
    }
    await embedded?.stop();
    return clean;
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    shuttingDown = true;
    console.log(`${signal}: shutting down…`);
    void (async () => {
      // A start in progress finishes (or fails) first, so nothing it starts is left behind.
      await startup.catch(() => undefined);
      process.exit((await stopEverything()) ? 0 : 1);
    })();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // Assigned in the same tick as the handlers above: no signal can be handled before it exists.
  const startup = (async () => {
    if (serveWeb) await ensureWebBuild();
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        log: (line) => {
          if (verbose || POSTGRES_PROBLEM.test(line)) console.log(`[postgres] ${line}`);
        },
        notice: (message) => console.log(`[postgres] ${message}`),
      });
      databaseUrl = embedded.url;
    }
    await runMigrations(databaseUrl);
    app = await buildApp({ ...config, databaseUrl }, { serveWeb });
    await app.listen({ port: config.port, host: config.host });
  })();

  try {
    await startup;
  } catch (error) {
    if (shuttingDown) return; // the signal handler finishes the job
    console.error(`Start failed: ${describe(error)}`);
    if (verbose && error instanceof Error) console.error(error.stack);
    await stopEverything().catch(() => undefined);
    process.exit(1);
  }
  if (shuttingDown || !app) return;
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Portal listening on http://${host}:${port}`);
}

await main();
