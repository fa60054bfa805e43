// The HTTP workers run JavaScript the supervisor compiled at start (src/server/process/compiledWorker.ts,
// issue 31 §1/§5): no tsx loader in the worker, the puzzle thread compiled too and working without
// tsx, paths built from import.meta the same as in the sources, and stack traces that still name the
// .ts lines (Node's source maps).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileWorker } from '../../../src/server/process/compiledWorker';
import { waitUntil } from '../../support/faultWait';
import { injectFault, logLines, openWorld, workerPids, type World } from './support';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the compiled worker files', () => {
  let dir: string;
  beforeAll(() => {
    // Inside the checkout (dist/ is not in git): the bundle's packages resolve from node_modules.
    mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
    dir = mkdtempSync(path.join(ROOT, 'dist', 'compiled-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keep the sources’ import.meta paths, and the puzzle thread draws in plain Node', async () => {
    const compiled = await compileWorker(dir);
    const worker = readFileSync(compiled.entry, 'utf8');
    // puzzleSource.ts's own URL, as it is in the source tree, not the bundle's.
    const source = pathToFileURL(path.join(ROOT, 'src/server/security/captcha/puzzleSource.ts')).href;
    expect(worker).toContain(JSON.stringify(source));
    expect(worker).not.toContain('import.meta.url');
    // The thread booted as a compiled worker boots it, in a Node without tsx: one puzzle comes back.
    const script = `
      import { Worker } from 'node:worker_threads';
      const thread = new Worker("import('node:worker_threads').then(({ workerData }) => import(workerData.file));", {
        eval: true, workerData: { file: ${JSON.stringify(compiled.puzzleThreadUrl)} },
      });
      thread.on('message', (reply) => {
        console.log(JSON.stringify({ id: reply.id, error: reply.error, pixels: reply.puzzle?.background?.length }));
        process.exit(0);
      });
      thread.on('error', (error) => { console.error(error); process.exit(1); });
      thread.postMessage(7);
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ id: 7, pixels: expect.any(Number) });
  });
});

describe('a portal started as npm start starts it', () => {
  let world: World;
  beforeAll(async () => {
    world = await openWorld('compiled');
  }, 120_000);
  afterAll(async () => world?.close());

  it('runs its workers compiled, without tsx, and their stack traces name the TypeScript lines', async () => {
    const portal = await world.start({ WORKERS: '1', LOG_LEVEL: 'info', ENGINE_PROCESS: 'off' });
    await waitUntil(() => workerPids(portal.process.pid).length === 1, 'one worker', 60_000);
    const [worker] = workerPids(portal.process.pid);
    const command = readFileSync(`/proc/${worker}/cmdline`, 'utf8').split('\0');
    expect(command).toContain(path.join(ROOT, 'dist/server/workerMain.mjs'));
    expect(command).toContain('--enable-source-maps');
    expect(command.join(' ')).not.toMatch(/tsx/);

    // A slider puzzle: drawn by the worker's compiled puzzle thread (no engine process here).
    const captcha = await fetch(`${portal.url}/plat/ums/captcha`);
    expect(captcha.status).toBe(200);

    expect(await injectFault(portal.url, 'exception')).toBe(202);
    await waitUntil(
      () => logLines(portal.process.output()).some((l) => l.level === 60),
      'the fault logged',
      120_000,
    );
    const fatal = logLines(portal.process.output()).find((l) => l.level === 60) as {
      err?: { stack?: string };
    };
    expect(fatal.err?.stack).toMatch(/src\/server\/process\/testFaults\.ts:\d+/);
  }, 300_000);
});
