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
/** Sampling every 10 ms: fine enough to see a 20 ms stall, cheap enough not to be one. */
const RESOLUTION_MS = 10;

export function reportEventLoopDelayAtExit(dir: string | undefined): void {
  if (!dir) return;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  process.once('exit', () => {
    histogram.disable();
    // Node records each sampling interval whole: an idle loop reads 10 ms. The delay is what is over.
    const late = (ns: number) => Math.max(0, ns / NS_PER_MS - RESOLUTION_MS);
    const report: EventLoopDelayReport = {
      pid: process.pid,
      samples: histogram.count,
      meanMs: late(histogram.mean),
      p50Ms: late(histogram.percentile(50)),
      p99Ms: late(histogram.percentile(99)),
      maxMs: late(histogram.max),
    };
    try {
      writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(report));
    } catch {
      // A bench that removed its directory early loses one report; the worker still exits.
    }
  });
}
