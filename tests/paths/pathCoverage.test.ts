// Generated path coverage of every registered chart (issue 9 §3, issue 19 §1): the graph tools plan
// paths to every state and through every transition, and this file proves the plan is complete:
// replayed on a real actor (simulated clock, fake actors), the paths reach every state and take
// every transition, and each ends where the chart predicts. A state or transition no event can reach
// (a chart error) fails here. What the paths are for is driving something independent: the server
// over HTTP (tests/server/paths) and the real UI (tests/browser/modelBased); a replay on the chart
// it came from cannot find a product bug, so it stops as soon as the plan is shown complete instead
// of replaying thousands of paths (12 429 replays took 150 s of every CI run, and up to 490 s loaded).
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { CoverageRecorder, coverageLine } from '../../src/tools/machineGraph/coverage';
import { describePath, planPaths, type PlannedPath } from '../../src/tools/machineGraph/pathPlan';
import { replayPath } from '../../src/tools/machineGraph/pathReplay';

/** The plan's paths, those with a step not seen in an earlier path (from this state value, by this
 *  event with its payload or actor output, to that state value) first: replaying these usually
 *  completes the coverage, and the rest follow only if it does not. */
function novelStepsFirst(paths: readonly PlannedPath[]): PlannedPath[] {
  const seen = new Set<string>();
  const novel: PlannedPath[] = [];
  const rest: PlannedPath[] = [];
  for (const path of paths) {
    // The start (with its input) counts as a step: the initial path alone can take an eventless
    // transition of the first state that no longer path takes.
    const start = JSON.stringify(['start', path.input ?? null, path.expectedValues[0]]);
    const steps = [
      start,
      ...path.events.map((event, i) =>
        JSON.stringify([path.expectedValues[i], event, path.expectedValues[i + 1]]),
      ),
    ];
    (steps.some((step) => !seen.has(step)) ? novel : rest).push(path);
    for (const step of steps) seen.add(step);
  }
  return [...novel, ...rest];
}

it('has machines to cover', () => {
  expect(machineRegistry.length).toBeGreaterThan(0);
});

// Planning the identity chart alone takes 7 s on an idle core (7 922 paths), more on a loaded one.
describe('generated paths of every chart', { timeout: 180_000 }, () => {
  for (const entry of machineRegistry) {
    it(`${entry.id}: the plan reaches every state and takes every transition, each path as predicted`, async () => {
      const paths = planPaths(entry);
      expect(paths.length).toBeGreaterThan(0);
      const coverage = new CoverageRecorder(entry.id, entry.machine);
      let replayed = 0;
      for (const path of novelStepsFirst(paths)) {
        const result = await replayPath(entry, path);
        expect(result.observedValues, describePath(path)).toEqual(path.expectedValues);
        replayed++;
        if (coverage.add(result) && coverage.complete()) break;
      }
      const report = coverage.report();
      console.log(`${coverageLine(report)} (${replayed} of ${paths.length} planned paths replayed)`);
      expect({ missedStates: report.missedStates, missedTransitions: report.missedTransitions }).toEqual({
        missedStates: [],
        missedTransitions: [],
      });
    });
  }
});
