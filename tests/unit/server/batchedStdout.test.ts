// The workers' batched log (src/server/observability/batchedStdout.ts): the lines of one turn of the
// event loop leave in one write, in order, none dropped; the lines still waiting when the process
// exits are written (a dying worker's last words), and pino through Fastify writes through it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBatchedStream } from '../../../src/server/observability/batchedStdout';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched log stream', () => {
  it('writes the lines of one turn in one write, in order, at the next turn', async () => {
    const writes: string[] = [];
    const stream = createBatchedStream((chunk) => writes.push(chunk));
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what waits at once when flushed', () => {
    const writes: string[] = [];
    const stream = createBatchedStream((chunk) => writes.push(chunk));
    stream.write('last\n');
    let called = false;
    stream.flush(() => (called = true));
    expect(writes).toEqual(['last\n']);
    expect(called).toBe(true);
  });

  it("writes a process's last lines when it exits right after logging them", () => {
    // A worker's fault policy logs `fatal` and calls process.exit: no further turn of the loop runs.
    const script = `
      import Fastify from 'fastify';
      import { loggerOptions } from './src/server/observability/logger.ts';
      const app = Fastify({ logger: loggerOptions({ logLevel: 'info' }, false) });
      for (let i = 0; i < 3; i++) app.log.info({ n: i }, 'line');
      app.log.fatal('last words');
      process.exit(1);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(run.status, run.stderr).toBe(1);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; n?: number; level: number });
    expect(lines.map((l) => l.msg)).toEqual(['line', 'line', 'line', 'last words']);
    expect(lines.map((l) => l.n)).toEqual([0, 1, 2, undefined]);
    expect(lines[3]!.level).toBe(60);
  });
});
