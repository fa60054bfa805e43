// The workers' batched log (src/server/observability/batchedStdout.ts): the lines written before the
// scheduled flush leave in one write, in order, none dropped; a batch never grows past
// BATCH_MAX_CHARS (what waits is written first); the lines still waiting when the process exits are
// written (a dying worker's last words), and pino through Fastify writes through it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATCH_MAX_CHARS, createBatchedStream } from '../../../src/server/observability/batchedStdout';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A schedule the test runs by hand: what the stream asked to run later, in order. */
function manualSchedule() {
  const due: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => void due.push(flush),
    runDue: () => due.splice(0).forEach((flush) => flush()),
    count: () => due.length,
  };
}

describe('batched log stream', () => {
  it('writes the lines waiting when the flush comes in one write, in order, one flush scheduled', () => {
    const writes: string[] = [];
    const timer = manualSchedule();
    const stream = createBatchedStream((chunk) => writes.push(chunk), timer.schedule);
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    expect(timer.count()).toBe(1);
    timer.runDue();
    expect(writes).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    expect(timer.count()).toBe(1);
    timer.runDue();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what waits before a batch would grow past its limit, and keeps the order', () => {
    const writes: string[] = [];
    const timer = manualSchedule();
    const stream = createBatchedStream((chunk) => writes.push(chunk), timer.schedule);
    const line = `${'x'.repeat(99)}\n`;
    const perBatch = Math.floor(BATCH_MAX_CHARS / line.length);
    for (let i = 0; i < perBatch + 1; i++) stream.write(line);
    expect(writes).toEqual([line.repeat(perBatch)]);
    timer.runDue();
    expect(writes).toEqual([line.repeat(perBatch), line]);
    expect(writes.every((chunk) => chunk.length <= BATCH_MAX_CHARS)).toBe(true);
  });

  it('writes with the default schedule too, without holding the process open', async () => {
    const writes: string[] = [];
    const stream = createBatchedStream((chunk) => writes.push(chunk));
    stream.write('soon\n');
    expect(writes).toEqual([]);
    await expect.poll(() => writes).toEqual(['soon\n']);
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
