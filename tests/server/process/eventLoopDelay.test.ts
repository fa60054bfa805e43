// The event-loop delay a worker reports when it exits (src/server/observability/eventLoopDelay.ts,
// issue 18 §6): the benches read it to say what blocked the loop under load. A process that holds
// its loop for 600 ms must report a delay of that order, one that does not, less.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventLoopDelayReport } from '../../../src/server/observability/eventLoopDelay';

const MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../src/server/observability/eventLoopDelay.ts',
);

/** A child that starts the report, lets the loop run, holds it for `blockMs`, and exits. */
function runChild(dir: string | undefined, blockMs: number): void {
  const script = `
    const { reportEventLoopDelayAtExit } = await import(${JSON.stringify(MODULE)});
    reportEventLoopDelayAtExit(process.env.EVENT_LOOP_REPORT_DIR);
    await new Promise((r) => setTimeout(r, 100));
    const until = Date.now() + ${blockMs};
    while (Date.now() < until) {}
    await new Promise((r) => setTimeout(r, 50));
  `;
  const env = { ...process.env };
  if (dir) env.EVENT_LOOP_REPORT_DIR = dir;
  else delete env.EVENT_LOOP_REPORT_DIR;
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env });
}

describe('event-loop delay report', { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'loop-delay-'));
    dirs.push(dir);
    return dir;
  };

  it('a loop held for 600 ms reports a delay of at least 500 ms, in its own file', () => {
    const dir = tempDir();
    runChild(dir, 600);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const report = JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8')) as EventLoopDelayReport;
    expect(files[0]).toBe(`${report.pid}.json`);
    expect(report.maxMs).toBeGreaterThanOrEqual(500);
    expect(report.samples).toBeGreaterThan(0);
  });

  it('a loop that is never held reports no stall of that order', () => {
    const dir = tempDir();
    runChild(dir, 0);
    const [file] = readdirSync(dir);
    const report = JSON.parse(readFileSync(path.join(dir, file!), 'utf8')) as EventLoopDelayReport;
    expect(report.maxMs).toBeLessThan(500);
    // An idle loop is on time: the sampling interval itself is not a delay.
    expect(report.p50Ms).toBeLessThan(5);
  });
});
