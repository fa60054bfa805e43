// The portal a bench measures: `src/server/main.ts` in a CHILD process (so its CPU and memory are its
// own, and the load generator in this process does not share its event loop), started as
// `npm start` starts it but with APP_ENV=production, on 127.0.0.1 at a port chosen at start, with a
// temp DATA_DIR. PostgreSQL (the embedded server) and the SMTP sink run here, in the bench process:
// the bench reads rows (slider gaps) and mails the way the tests do. close() removes everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database } from '../../src/server/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import type { EventLoopDelayReport } from '../../src/server/observability/eventLoopDelay';
import { readLoopDelays } from './eventLoopFigures';
import { processTree } from '../../tests/support/processTree';
import { startSmtpPeer, type SmtpPeer } from '../../tests/server/mail/smtpPeer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;
const LISTENING = /Portal listening on (http:\/\/\S+)/;

export interface BenchPortal {
  /** http://127.0.0.1:<port>; the API is under /plat. */
  url: string;
  /** The server's own Node process (not a wrapper): its /proc entry is the server's memory. */
  pid: number;
  database: Database;
  /** The embedded PostgreSQL the portal uses (for yardsticks that read the same data). */
  databaseUrl: string;
  /** Its postmaster's pid (the backends are its children): a bench may pin it to cores. */
  postgresPid: number;
  smtp: SmtpPeer;
  /** Where the server's stdout and stderr go (pino's request log at the production level). */
  logFile: string;
  /** The server's resident set size now, in bytes: VmRSS of the supervisor and its workers. */
  rssBytes(): number;
  close(): Promise<void>;
  /** Each worker's event-loop delay over its life; read once close() has resolved (empty before). */
  eventLoopDelays(): readonly EventLoopDelayReport[];
}

export interface BenchPortalOptions {
  /** Extra environment for the server (e.g. LOG_LEVEL). */
  env?: Record<string, string>;
}


/** Resident set size of the server: the supervisor and its workers together. */
function serverRss(pid: number): number {
  return processTree(pid).reduce((sum, p) => {
    try {
      return sum + rssOf(p);
    } catch {
      return sum; // a worker that just ended
    }
  }, 0);
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

function tail(file: string, lines = 12): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitForListening(child: ChildProcess, logFile: string): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  // An object, not a `let`: TypeScript cannot see the callback assign it and narrows a let to null.
  const exit: { reason: string | null } = { reason: null };
  child.once('exit', (code, signal) => {
    exit.reason = `exited with ${code ?? signal}`;
  });
  for (;;) {
    let log = '';
    try {
      log = readFileSync(logFile, 'utf8');
    } catch {
      // not written yet
    }
    const match = LISTENING.exec(log);
    if (match) return match[1]!;
    if (exit.reason) throw new Error(`the bench portal ${exit.reason} before listening:\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`the bench portal did not start in time:\n${tail(logFile)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Environment variables of the bench process that would change what the server does. */
const INHERITED_OUT = ['DATABASE_URL', 'SMTP_URL', 'SENTRY_DSN', 'PORT', 'HOST', 'DATA_DIR', 'PUBLIC_URL'];

export async function startBenchPortal(options: BenchPortalOptions = {}): Promise<BenchPortal> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  // Run as root, PostgreSQL runs as its own OS user and must be able to pass through (not list) here.
  chmodSync(root, 0o711);
  const dataDir = path.join(root, 'portal');
  mkdirSync(dataDir);
  const logFile = path.join(root, 'server.log');
  // Each worker writes its event-loop delay here when it exits (src/server/observability).
  const loopDir = path.join(root, 'event-loop');
  mkdirSync(loopDir);
  const loopDelays: EventLoopDelayReport[] = [];
  let pg: EmbeddedPostgres | undefined;
  let smtp: SmtpPeer | undefined;
  let child: ChildProcess | undefined;
  let database: Database | undefined;

  const cleanUp = async () => {
    if (child) await stopChild(child);
    loopDelays.push(...readLoopDelays(loopDir));
    // BENCH_KEEP_SERVER_LOG=<file>: the server's log (each request's responseTime) outlives the run.
    const keep = process.env.BENCH_KEEP_SERVER_LOG;
    if (keep) copyFileSync(logFile, keep);
    await database?.close().catch(() => undefined);
    await smtp?.close().catch(() => undefined);
    await pg?.stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    pg = await startEmbeddedPostgres({ dataDir: path.join(root, 'db') });
    smtp = await startSmtpPeer();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of INHERITED_OUT) delete env[name];
    Object.assign(env, {
      APP_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      SMTP_URL: smtp.url,
      // The API only: the front-end benches measure the web build.
      SERVE_WEB: '0',
      EVENT_LOOP_REPORT_DIR: loopDir,
      // The slider's proof of work is the client's cost (bench/abuse.ts measures it at scale 1):
      // the other benches earn hundreds of tokens before their window and measure the server.
      CAPTCHA_WORK_SCALE: '0.01',
      ...options.env,
    });
    const log = openSync(logFile, 'a');
    try {
      // `node --import tsx`, not the tsx CLI: the CLI would be a wrapper process with its own pid.
      // BENCH_SERVER_CPU_PROF=<dir> writes a V8 CPU profile of the server when it exits (to see where
      // a figure's time goes; NODE_OPTIONS may not carry --cpu-prof).
      const profile = process.env.BENCH_SERVER_CPU_PROF;
      const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
      child = spawn(process.execPath, [...profiling, '--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', log, log],
      });
    } finally {
      closeSync(log);
    }
    const url = await waitForListening(child, logFile);
    database = createDatabase(pg.url, { max: 4 });
    const pid = child.pid!;
    let closing: Promise<void> | undefined;
    return {
      url,
      pid,
      database,
      databaseUrl: pg.url,
      postgresPid: pg.pid,
      smtp,
      logFile,
      rssBytes: () => serverRss(pid),
      close: () => (closing ??= cleanUp()),
      eventLoopDelays: () => loopDelays,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
