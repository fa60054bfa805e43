// Issue 29 §1: ALTCHA (altcha-lib v2) against Cap (@cap.js/server + its widget's solvers), measured
// the same way on this machine, for docs/decisions/abuse-proof-of-work.md. Not part of `npm run
// bench` (it only informs the choice): `npx tsx bench/support/abusePowLibraries.ts`.
// - solve time per difficulty in Node (what a bot pays) and in a Chromium Web Worker (what a person
//   pays), single thread each;
// - the server's cost to create and to verify one challenge.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHROMIUM_ARGS } from '../../tests/support/browser';

const ROOT = path.resolve(import.meta.dirname, '../..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const REPEAT = Number(process.env.REPEAT ?? 5);

async function cpuMs<T>(run: () => Promise<T>): Promise<{ ms: number; cpu: number; value: T }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await run();
  const c = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpu: (c.user + c.system) / 1000, value };
}

/** An ALTCHA v2 challenge whose answer is exactly `counter` attempts away (deterministic mode). */
function altchaChallenge(cost: number, counter: number) {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost,
    counter,
    deriveKey,
    hmacSignatureSecret: 'bench-secret',
    hmacKeySignatureSecret: 'bench-key-secret',
  });
}

/** Cap's sub-challenges as @cap.js/server derives them from its token (prng is not exported). */
function capPairs(count: number, difficulty: number): [string, string][] {
  const prng = (seed: string, length: number) => {
    let h = 2166136261;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h += (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24);
    }
    let state = h >>> 0;
    let out = '';
    while (out.length < length) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      out += (state >>> 0).toString(16).padStart(8, '0');
    }
    return out.substring(0, length);
  };
  const token = createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 50);
  return Array.from({ length: count }, (_, i) => [prng(`${token}${i + 1}`, 32), prng(`${token}${i + 1}d`, difficulty)]);
}

function capSolveNode(pairs: [string, string][]): number[] {
  return pairs.map(([salt, target]) => {
    for (let nonce = 0; ; nonce++)
      if (createHash('sha256').update(salt + nonce).digest('hex').startsWith(target)) return nonce;
  });
}

async function browserPage() {
  const bundle = await build({
    entryPoints: [path.join(ROOT, 'bench/support/abusePowWorker.js')],
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
  });
  const wasmHashes = readFileSync(path.join(ROOT, 'node_modules/@cap.js/widget/wasm-hashes.min.js'), 'utf8');
  const worker = `${wasmHashes}\n${bundle.outputFiles[0]!.text}`;
  const server = http.createServer((req, res) => {
    if (req.url === '/worker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>pow</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const run = (message: unknown) =>
    page.evaluate(
      (m) =>
        new Promise<number>((resolve, reject) => {
          const w = new Worker('/worker.js');
          w.onmessage = (e) => {
            w.terminate();
            resolve((e.data as { ms: number }).ms);
          };
          w.onerror = (e) => reject(new Error(e.message));
          w.postMessage(m);
        }),
      message,
    );
  return {
    run,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

const browser = await browserPage();
const rows: string[] = [];
try {
  // ALTCHA: PBKDF2/SHA-256, `cost` iterations per attempt, `counter` attempts (deterministic).
  for (const [cost, counter] of [
    [1_000, 200],
    [1_000, 800],
    [5_000, 200],
    [10_000, 100],
  ] as const) {
    const node: number[] = [];
    const nodeCpu: number[] = [];
    const chrome: number[] = [];
    const verify: number[] = [];
    const create: number[] = [];
    for (let r = 0; r < REPEAT; r++) {
      const made = await cpuMs(() => altchaChallenge(cost, counter));
      create.push(made.ms);
      const solved = await cpuMs(() => solveChallenge({ challenge: made.value, deriveKey }));
      node.push(solved.ms);
      nodeCpu.push(solved.cpu);
      const checked = await cpuMs(() =>
        verifySolution({
          challenge: made.value,
          solution: solved.value!,
          deriveKey,
          hmacSignatureSecret: 'bench-secret',
          hmacKeySignatureSecret: 'bench-key-secret',
        }),
      );
      if (!checked.value.verified) throw new Error('altcha did not verify');
      verify.push(checked.ms);
      chrome.push(await browser.run({ kind: 'altcha', challenge: made.value }));
    }
    rows.push(
      `altcha PBKDF2 cost=${cost} counter=${counter} (${cost * counter} iterations): node ${median(node).toFixed(0)} ms ` +
        `(cpu ${median(nodeCpu).toFixed(0)} ms), chromium worker ${median(chrome).toFixed(0)} ms, ` +
        `ratio ${(median(chrome) / median(node)).toFixed(2)}; create ${median(create).toFixed(2)} ms, verify ${median(verify).toFixed(3)} ms`,
    );
    console.log(rows.at(-1));
  }
  // Cap: `count` sub-challenges of `difficulty` hex digits (16^difficulty hashes each, on average).
  for (const [count, difficulty] of [
    [10, 4],
    [50, 4],
  ] as const) {
    const node: number[] = [];
    const nodeCpu: number[] = [];
    const fallback: number[] = [];
    const wasm: number[] = [];
    for (let r = 0; r < REPEAT; r++) {
      const pairs = capPairs(count, difficulty);
      const solved = await cpuMs(async () => capSolveNode(pairs));
      node.push(solved.ms);
      nodeCpu.push(solved.cpu);
      wasm.push(await browser.run({ kind: 'capWasm', pairs }));
      if (r < 1 && count <= 10) fallback.push(await browser.run({ kind: 'capFallback', pairs }));
    }
    rows.push(
      `cap c=${count} d=${difficulty}: node ${median(node).toFixed(0)} ms (cpu ${median(nodeCpu).toFixed(0)} ms), ` +
        `chromium hash-wasm ${median(wasm).toFixed(0)} ms (ratio ${(median(wasm) / median(node)).toFixed(2)}), ` +
        (fallback.length
        ? `chromium JS fallback ${median(fallback).toFixed(0)} ms (ratio ${(median(fallback) / median(node)).toFixed(2)})`
        : ''),
    );
    console.log(rows.at(-1));
  }
  // Cap's server: create and redeem (it recomputes every sub-challenge's hash).
  const { default: Cap } = await import('@cap.js/server');
  const cap = new Cap({ noFSState: true, disableAutoCleanup: true });
  const creates: number[] = [];
  const redeems: number[] = [];
  for (let r = 0; r < REPEAT; r++) {
    const made = await cpuMs(() => cap.createChallenge({ challengeCount: 50, challengeDifficulty: 4 }));
    creates.push(made.ms);
    const token = made.value.token!;
    const pairs = capPairsFromToken(token, 50, 4);
    const solutions = capSolveNode(pairs);
    const redeemed = await cpuMs(() => cap.redeemChallenge({ token, solutions }));
    if (!redeemed.value.success) throw new Error(`cap did not redeem: ${redeemed.value.message}`);
    redeems.push(redeemed.ms);
  }
  rows.push(`cap server c=50 d=4: create ${median(creates).toFixed(2)} ms, redeem ${median(redeems).toFixed(2)} ms`);
  console.log(rows.at(-1));
} finally {
  await browser.close();
}

function capPairsFromToken(token: string, count: number, difficulty: number): [string, string][] {
  const prng = (seed: string, length: number) => {
    let h = 2166136261;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h += (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24);
    }
    let state = h >>> 0;
    let out = '';
    while (out.length < length) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      out += (state >>> 0).toString(16).padStart(8, '0');
    }
    return out.substring(0, length);
  };
  return Array.from({ length: count }, (_, i) => [prng(`${token}${i + 1}`, 32), prng(`${token}${i + 1}d`, difficulty)]);
}
process.exit(0);
