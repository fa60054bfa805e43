// How long the event loop was held up while a worker ran (issue 18 §6: "find what blocks the event
// loop under load, measure it"). Off unless EVENT_LOOP_REPORT_DIR names a directory: the benches set
// it and read one JSON file per worker after the portal has stopped. At exit, not on a timer: the
// report must not itself add work to the loop it measures.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** One worker's event-loop delay over its life, in milliseconds. */
export interface EventLoopDelayReport {
  pid: number;
  samples: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const NS_PER_MS = 1e6;

export function reportEventLoopDelayAtExit(dir: string | undefined): void {
  if (!dir) return;
  // 10 ms sampling: fine enough to see a 20 ms stall, cheap enough not to be one.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.once('exit', () => {
    histogram.disable();
    const report: EventLoopDelayReport = {
      pid: process.pid,
      samples: histogram.count,
      meanMs: histogram.mean / NS_PER_MS,
      p50Ms: histogram.percentile(50) / NS_PER_MS,
      p99Ms: histogram.percentile(99) / NS_PER_MS,
      maxMs: histogram.max / NS_PER_MS,
    };
    try {
      writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(report));
    } catch {
      // A bench that removed its directory early loses one report; the worker still exits.
    }
  });
}
