// Generated path-coverage tests (issue 9 §3): for every machine in the registry, the graph tools
// generate paths to every state and through every transition; each path is replayed on a real actor
// and must end where the chart predicts; the coverage line is printed and must be 100 %.
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { CoverageRecorder, coverageLine } from '../../src/tools/machineGraph/coverage';
import { describePath, planPaths } from '../../src/tools/machineGraph/pathPlan';
import { replayPath } from '../../src/tools/machineGraph/pathReplay';

it('has machines to cover', () => {
  expect(machineRegistry.length).toBeGreaterThan(0);
});

for (const entry of machineRegistry) {
  describe(`${entry.id} (generated paths)`, () => {
    const paths = planPaths(entry);
    const coverage = new CoverageRecorder(entry.id, entry.machine);

    it('has generated paths', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const path of paths) {
      it(describePath(path), async () => {
        const result = await replayPath(entry, path);
        coverage.add(result);
        expect(result.observedValues).toEqual(path.expectedValues);
      });
    }

    // Runs after the path tests above (tests of a file run in order).
    it('reaches every state and takes every transition', () => {
      const report = coverage.report();
      console.log(coverageLine(report));
      expect({ missedStates: report.missedStates, missedTransitions: report.missedTransitions }).toEqual({
        missedStates: [],
        missedTransitions: [],
      });
    });
  });
}
