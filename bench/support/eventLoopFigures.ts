// The event-loop delay each worker of a bench portal reported when it exited
// (src/server/observability/eventLoopDelay.ts, EVENT_LOOP_REPORT_DIR), as bench figures.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EventLoopDelayReport } from '../../src/server/observability/eventLoopDelay';
import type { BenchFigure } from '../benchFigure';

/** The reports the workers wrote into `dir`; none when the directory is missing. */
export function readLoopDelays(dir: string): EventLoopDelayReport[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as EventLoopDelayReport);
  } catch {
    return [];
  }
}

/** Figures of the worst worker: a stall in any one of them is what its requests waited for. */
export function eventLoopFigures(
  prefix: string,
  reports: readonly EventLoopDelayReport[],
  suffix = '',
): BenchFigure[] {
  if (reports.length === 0) return [];
  const worst = (pick: (r: EventLoopDelayReport) => number) => Math.max(...reports.map(pick));
  return [
    { name: `${prefix}LoopDelayP99Ms${suffix}`, value: worst((r) => r.p99Ms), unit: 'ms' },
    { name: `${prefix}LoopDelayMaxMs${suffix}`, value: worst((r) => r.maxMs), unit: 'ms' },
    { name: `${prefix}LoopDelayMeanMs${suffix}`, value: worst((r) => r.meanMs), unit: 'ms' },
  ];
}
