// Idle memory of `npm start` (issue 31 §1): the real supervisor (`node --import tsx
// src/server/main.ts`, APP_ENV=production) with its embedded PostgreSQL in a temp DATA_DIR, read
// twice: idle after its start (the warm-ups done), and idle again after a warm-up of requests (a few
// hundred, 20 at a time, which open pool connections in every worker) once the pools' idle timeout
// has passed. Each reading is the median of a minute's samples (see SAMPLES). Each process of the
// tree is read from /proc and named by its role: supervisor, HTTP worker, engine process,
// PostgreSQL (its client connections counted apart), other. Twice: WORKERS=2 (one per core here)
// and WORKERS=3 (one more worker).
//
// Budgets: an idle HTTP worker ≤ 150 MB RSS; the whole tree ≤ 800 MB, held against its PSS (each
// page divided among the processes that map it, /proc/<pid>/smaps_rollup), which is what the tree
// costs the machine. The sum of RSS is reported beside it, not judged: it counts the node binary
// once per Node process, and PostgreSQL's binary and the shared memory a backend touched once per
// backend, pages the machine holds once (docs/decisions/engine-process.md). PSS depends on the
// neighbours: a page shared with another program on the machine (another Node process's binary) is
// divided with it too, so PSS reads lower on a busy machine; the RSS sum does not move with them.
// BENCH_MEMORY_ENV='K=V,…' adds environment (e.g. ENGINE_PROCESS=off, to measure the old layout).
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure, BenchOptions } from './benchFigure';
import { processTree } from '../tests/support/processTree';
import { startSmtpPeer } from '../tests/server/mail/smtpPeer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
/** After "listening": the face engine loads its models, the puzzles are drawn ahead. */
const SETTLE_MS = 45_000;
/** After the warm-up: longer than the pools' idle timeout (IDLE_CONNECTION_MS, 10 s). */
const AFTER_WARM_UP_MS = 15_000;
const WARM_UP_REQUESTS = 400;
const WARM_UP_CONCURRENCY = 20;
/**
 * A reading is the median of SAMPLES samples SAMPLE_EVERY_MS apart (a minute): an idle worker still
 * has periodic work (the document reader's poll every 30 s, the transport keys' refresh every 60 s,
 * the first housekeeping round after 60 s), each holding a connection until the pool's idle timeout;
 * one sample would catch them or not by chance.
 */
const SAMPLES = 30;
const SAMPLE_EVERY_MS = 2_000;

type Role = 'supervisor' | 'worker' | 'engine' | 'postgres' | 'other';

function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Proportional set size: shared pages (PostgreSQL's shared buffers, the node binary) divided among their users. */
function pssOf(pid: number): number {
  const match = /^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** A backend serving a client ("postgres: user db 127.0.0.1(port) idle"), not a background process. */
function isClientBackend(pid: number): boolean {
  return /^postgres: \S+ \S+ [\d.:a-f]+\(\d+\)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
}

function roleOf(pid: number, root: number): Role {
  if (pid === root) return 'supervisor';
  const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  if (cmd.includes('workerMain')) return 'worker';
  if (cmd.includes('engineMain')) return 'engine';
  if (/postgres/.test(cmd)) return 'postgres';
  return 'other';
}

export interface TreeMemory {
  byRole: Record<Role, number[]>;
  total: number;
  /** The sum of PSS: what the tree costs the machine, each shared page counted once. */
  pss: number;
  /** PostgreSQL backends serving a connection (the workers' pools and LISTENs). */
  connections: number;
}

export function treeMemory(root: number): TreeMemory {
  const byRole: Record<Role, number[]> = { supervisor: [], worker: [], engine: [], postgres: [], other: [] };
  let total = 0;
  let pss = 0;
  let connections = 0;
  for (const pid of processTree(root)) {
    try {
      const rss = rssOf(pid);
      const role = roleOf(pid, root);
      byRole[role].push(rss);
      total += rss;
      pss += pssOf(pid);
      if (role === 'postgres' && isClientBackend(pid)) connections += 1;
    } catch {
      // a process that just ended
    }
  }
  return { byRole, total, pss, connections };
}

function extraEnv(): Record<string, string> {
  const spec = process.env.BENCH_MEMORY_ENV ?? '';
  return Object.fromEntries(
    spec
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
}

/** GET /plat/health (one query each) from `concurrency` clients: every worker's pool opens connections. */
async function warmUp(baseUrl: string, requests: number, concurrency: number): Promise<void> {
  let left = requests;
  const client = async () => {
    while (left-- > 0) {
      const res = await fetch(`${baseUrl}/plat/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`warm-up: GET /plat/health answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
}

/** The sample whose RSS sum is the median: one consistent picture of the tree. */
async function medianReading(root: number, samples = SAMPLES): Promise<TreeMemory> {
  const readings: TreeMemory[] = [];
  for (let i = 0; i < samples; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, SAMPLE_EVERY_MS));
    readings.push(treeMemory(root));
  }
  readings.sort((a, b) => a.total - b.total);
  return readings[Math.floor(readings.length / 2)]!;
}

export interface IdleReadings {
  /** Idle after the start, the warm-ups done. */
  afterStart: TreeMemory;
  /** Idle again after a warm-up of requests, once the pools' idle timeout has passed. */
  afterWarmUp: TreeMemory;
}

/** Starts `npm start` with `workers` workers, reads it idle, warms it up, reads it again, stops it. */
export async function idleTree(
  workers: number,
  settleMs: number,
  afterWarmUpMs = AFTER_WARM_UP_MS,
): Promise<IdleReadings> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-memory-'));
  chmodSync(root, 0o711); // run as root, PostgreSQL's own user must pass through
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  const logFile = path.join(root, 'server.log');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PORT', 'HOST', 'DATA_DIR', 'PUBLIC_URL', 'WORKERS'])
    delete env[name];
  Object.assign(env, {
    APP_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SERVE_WEB: '0',
    METRICS_PORT: 'off',
    WORKERS: String(workers),
    ...extraEnv(),
  });
  const smtp = await startSmtpPeer();
  env.SMTP_URL = smtp.url;
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 240_000;
    let baseUrl: string;
    for (;;) {
      const text = readFileSync(logFile, 'utf8');
      const listening = /Portal listening on (http:\/\/\S+)/.exec(text);
      if (listening) {
        baseUrl = listening[1]!;
        break;
      }
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${text.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`npm start did not listen in time:\n${text.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, settleMs));
    const afterStart = await medianReading(child.pid!);
    await warmUp(baseUrl, WARM_UP_REQUESTS, WARM_UP_CONCURRENCY);
    await new Promise((r) => setTimeout(r, afterWarmUpMs));
    return { afterStart, afterWarmUp: await medianReading(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
    await smtp.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => Math.round(bytes / MB);

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function describeTree(tree: TreeMemory): string {
  return (
    (Object.entries(tree.byRole) as [Role, number[]][])
      .map(([role, list]) => `${role} ${list.map(mb).join('+') || 0} MB`)
      .join(', ') +
    `; ${tree.connections} PostgreSQL connections; total ${mb(tree.total)} MB RSS, ${mb(tree.pss)} MB PSS`
  );
}

function figuresOf(tree: TreeMemory, suffix: string): BenchFigure[] {
  return [
    {
      name: `idle HTTP worker RSS, largest ${suffix}`,
      value: mb(Math.max(...tree.byRole.worker)),
      unit: 'MB',
      budget: { max: 150 },
    },
    { name: `idle engine process RSS ${suffix}`, value: mb(sum(tree.byRole.engine)), unit: 'MB' },
    { name: `idle supervisor RSS ${suffix}`, value: mb(sum(tree.byRole.supervisor)), unit: 'MB' },
    { name: `idle PostgreSQL RSS ${suffix}`, value: mb(sum(tree.byRole.postgres)), unit: 'MB' },
    { name: `idle PostgreSQL connections ${suffix}`, value: tree.connections, unit: 'count' },
    // The budget's figure: what the tree costs the machine (see the head of this file).
    { name: `idle npm start tree PSS ${suffix}`, value: mb(tree.pss), unit: 'MB', budget: { max: 800 } },
    // Reported, not judged: shared pages counted once per process that maps them.
    { name: `idle npm start tree RSS sum ${suffix}`, value: mb(tree.total), unit: 'MB' },
  ];
}

export async function measure(options: BenchOptions): Promise<BenchFigure[]> {
  const settle = options.quick ? 15_000 : SETTLE_MS;
  const figures: BenchFigure[] = [];
  for (const workers of [2, 3]) {
    const { afterStart, afterWarmUp } = await idleTree(workers, settle);
    console.log(`  WORKERS=${workers}, after start: ${describeTree(afterStart)}`);
    console.log(`  WORKERS=${workers}, after warm-up: ${describeTree(afterWarmUp)}`);
    figures.push(
      ...figuresOf(afterStart, `(WORKERS=${workers})`),
      ...figuresOf(afterWarmUp, `(WORKERS=${workers}, after warm-up)`),
    );
  }
  return figures;
}

// `tsx bench/memory.ts [workers]`: one reading, printed (for the decision record's before/after).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const workers = Number(process.argv[2] ?? 2);
  const readings = await idleTree(workers, Number(process.env.SETTLE_MS ?? SETTLE_MS));
  console.log('after start:', describeTree(readings.afterStart));
  console.log('after warm-up:', describeTree(readings.afterWarmUp));
}
