// Journey load (issue 10 §1): N applicants at once (default 100, `--applicants N`; quick 10), each
// from its own address doing register → activate → login → certification drafts and uploads →
// submit against the production-mode portal, mail through its outbox to a real SMTP sink.
// Figures: journeyErrors (budget 0), p95 per step, journeyApplicants, and the wall time.
import { randomUUID } from 'node:crypto';
import type { BenchFigure } from './benchFigure';
import { runApplicant } from './support/journeyApplicant';
import { applicantsFrom } from './support/journeyArgs';
import { JOURNEY_STEPS, recordFetches, StepTimings, type JourneyStep } from './support/journeyTimings';
import { LoopbackAddresses } from './support/portalHttp';
import { eventLoopFigures, startBenchPortal } from './support/portalServer';

const SHOWN_ERRORS = 5;

function figureName(step: JourneyStep): string {
  return `journeyP95${step[0]!.toUpperCase()}${step.slice(1)}Ms`;
}

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const applicants = applicantsFrom(process.argv.slice(2), options.quick);
  const portal = await startBenchPortal();
  const timings = new StepTimings();
  const stopRecording = recordFetches(portal.url, timings);
  let figures: BenchFigure[];
  try {
    const run = randomUUID().slice(0, 8);
    // Their own second octet, apart from the other benches' addresses.
    const addresses = new LoopbackAddresses(100);
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: applicants }, (_, i) =>
        runApplicant(portal, timings, { email: `bench-${run}-${i}@example.com`, from: addresses.take() }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const errors = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    for (const e of errors.slice(0, SHOWN_ERRORS))
      console.log(`  journey error: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`);
    if (errors.length > SHOWN_ERRORS) console.log(`  … and ${errors.length - SHOWN_ERRORS} more`);

    figures = [
      { name: 'journeyApplicants', value: applicants, unit: 'applicants' },
      { name: 'journeyErrors', value: errors.length, unit: 'errors', budget: { max: 0 } },
      { name: 'journeySeconds', value: seconds, unit: 's' },
      ...JOURNEY_STEPS.map((step) => ({ name: figureName(step), value: timings.p95(step), unit: 'ms' })),
    ];
  } finally {
    stopRecording();
    await portal.close();
  }
  // The workers report when they exit: after close().
  return [...figures, ...eventLoopFigures('journey', portal.eventLoopDelays())];
}
