// Idle memory of `npm start` (issue 31 §1): the real supervisor (`node --import tsx
// src/server/main.ts`, APP_ENV=production) with its embedded PostgreSQL in a temp DATA_DIR, left idle
// until the warm-ups are done, then each process of the tree read from /proc (VmRSS) and named by
// its role: supervisor, HTTP worker, engine process, PostgreSQL, other. Twice: WORKERS=2 (one per
// core here) and WORKERS=3 (one more worker). Budgets: an idle HTTP worker ≤ 150 MB RSS, the whole
// tree ≤ 800 MB in both runs, as PSS: a sum of RSS counts every shared page once per process that
// maps it (the node binary's ~55 MB in each Node process, PostgreSQL's shared buffers in each
// backend), which is memory the machine does not spend; the RSS sum is reported beside it
// (docs/decisions/engine-process.md). BENCH_MEMORY_ENV='K=V,…' adds environment (e.g. ENGINE_PROCESS=off, to
// measure the old layout).
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
}

export function treeMemory(root: number): TreeMemory {
  const byRole: Record<Role, number[]> = { supervisor: [], worker: [], engine: [], postgres: [], other: [] };
  let total = 0;
  let pss = 0;
  for (const pid of processTree(root)) {
    try {
      const rss = rssOf(pid);
      byRole[roleOf(pid, root)].push(rss);
      total += rss;
      pss += pssOf(pid);
    } catch {
      // a process that just ended
    }
  }
  return { byRole, total, pss };
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

/** Starts `npm start` with `workers` workers, waits idle, reads the tree, stops it. */
export async function idleTree(workers: number, settleMs: number): Promise<TreeMemory> {
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
    for (;;) {
      const text = readFileSync(logFile, 'utf8');
      if (text.includes('Portal listening on')) break;
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${text.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`npm start did not listen in time:\n${text.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, settleMs));
    return treeMemory(child.pid!);
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

export async function measure(options: BenchOptions): Promise<BenchFigure[]> {
  const settle = options.quick ? 15_000 : SETTLE_MS;
  const figures: BenchFigure[] = [];
  for (const workers of [2, 3]) {
    const tree = await idleTree(workers, settle);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    console.log(
      `  WORKERS=${workers}: ` +
        (Object.entries(tree.byRole) as [Role, number[]][])
          .map(([role, list]) => `${role} ${list.map(mb).join('+') || 0} MB`)
          .join(', ') +
        `; total ${mb(tree.total)} MB RSS, ${mb(tree.pss)} MB PSS`,
    );
    const suffix = `(WORKERS=${workers})`;
    figures.push(
      {
        name: `idle HTTP worker RSS, largest ${suffix}`,
        value: mb(Math.max(...tree.byRole.worker)),
        unit: 'MB',
        budget: { max: 150 },
      },
      { name: `idle engine process RSS ${suffix}`, value: mb(sum(tree.byRole.engine)), unit: 'MB' },
      { name: `idle PostgreSQL RSS ${suffix}`, value: mb(sum(tree.byRole.postgres)), unit: 'MB' },
      { name: `idle npm start tree PSS ${suffix}`, value: mb(tree.pss), unit: 'MB', budget: { max: 800 } },
      { name: `idle npm start tree RSS sum ${suffix}`, value: mb(tree.total), unit: 'MB' },
    );
  }
  return figures;
}

// `tsx bench/memory.ts [workers]`: one reading, printed (for the decision record's before/after).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const workers = Number(process.argv[2] ?? 2);
  const tree = await idleTree(workers, Number(process.env.SETTLE_MS ?? SETTLE_MS));
  for (const [role, list] of Object.entries(tree.byRole)) console.log(role, list.map(mb));
  console.log('total', mb(tree.total), 'MB RSS,', mb(tree.pss), 'MB PSS');
}
