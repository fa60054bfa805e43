// The path generator, the replay and the coverage count on purpose-made machines: what they must
// cover (invoked actors, delays, guards, parallel regions) and what they must catch.
import { describe, expect, it } from 'vitest';
import { CoverageRecorder, coverageLine } from '../../src/tools/machineGraph/coverage';
import { mermaidStateDiagram } from '../../src/tools/machineGraph/diagramMarkdown';
import { planPaths } from '../../src/tools/machineGraph/pathPlan';
import { replayPath } from '../../src/tools/machineGraph/pathReplay';
import { orphanFixture, racingDelaysFixture, uploadFixture } from './support/fixtureMachines';

describe('path coverage on a flow with an invoked actor, guards, a delay and parallel regions', () => {
  it('replays every generated path as predicted and covers 100 %', async () => {
    const coverage = new CoverageRecorder(uploadFixture.id, uploadFixture.machine);
    const paths = planPaths(uploadFixture);
    for (const path of paths) {
      const result = await replayPath(uploadFixture, path);
      expect(result.observedValues).toEqual(path.expectedValues);
      coverage.add(result);
    }
    const report = coverage.report();
    expect(report.missedStates).toEqual([]);
    expect(report.missedTransitions).toEqual([]);
    expect(coverageLine(report)).toBe('uploadFixture states 12/12 transitions 10/10');
  });

  it('settles the invoked actor from the path: done with its output, error with its error', async () => {
    const toConfirming = planPaths(uploadFixture).find((path) =>
      path.events.some((event) => event.type === 'xstate.done.actor.upload'),
    );
    const toFailed = planPaths(uploadFixture).find((path) =>
      path.events.some((event) => event.type === 'xstate.error.actor.upload'),
    );
    expect(toConfirming).toBeDefined();
    expect(toFailed).toBeDefined();
    const failed = await replayPath(uploadFixture, toFailed!);
    expect(failed.observedValues).toContain('failed');
  });

  it('the toast delay fires on the simulated clock, not before', async () => {
    const path = planPaths(uploadFixture).find((candidate) =>
      candidate.events.some((event) => event.type.startsWith('xstate.after.')),
    );
    expect(path).toBeDefined();
    const result = await replayPath(uploadFixture, path!);
    expect(result.observedValues).toEqual(path!.expectedValues);
    expect(result.takenTransitionKeys).toContain(
      'uploadFixture.tooLarge xstate.after.toastDuration.uploadFixture.tooLarge #0',
    );
  });
});

describe('what the coverage must catch', () => {
  it('reports a state no path reaches, and a transition out of it that is never taken', async () => {
    const coverage = new CoverageRecorder(orphanFixture.id, orphanFixture.machine);
    for (const path of planPaths(orphanFixture)) coverage.add(await replayPath(orphanFixture, path));
    const report = coverage.report();
    expect(report.missedStates).toEqual(['orphanFixture.neverEntered']);
    expect(report.missedTransitions).toEqual(['orphanFixture.neverEntered back #0']);
    expect(coverageLine(report)).toBe('orphanFixture states 2/3 transitions 1/2');
  });

  it('fails a path the chart allows but a real clock cannot produce', async () => {
    const impossible = planPaths(racingDelaysFixture).find(
      (path) => path.expectedValues.at(-1) === 'longWon',
    );
    expect(impossible).toBeDefined();
    const result = await replayPath(racingDelaysFixture, impossible!);
    expect(result.observedValues.at(-1)).toBe('shortWon');
    expect(result.observedValues).not.toEqual(impossible!.expectedValues);
  });
});

describe('diagram of the fixture flow', () => {
  const diagram = mermaidStateDiagram(uploadFixture.machine);

  it.each([
    ['the initial state', '  [*] --> idle'],
    ['guard names in brackets', 'idle --> uploading : user.pick [is small enough]'],
    ['the unguarded fallback', 'idle --> tooLarge : user.pick\n'],
    ['named delays', 'tooLarge --> idle : after(toastDuration)'],
    ["the invoked actor's done", 'uploading --> confirming : done(upload)'],
    ["the invoked actor's error", 'uploading --> failed : error(upload)'],
    ['parallel regions', '    --\n    state "notice" as confirming_notice {'],
    ['a parallel state finishing', 'confirming --> finished : done'],
    ['nested final states', '      confirming_owner_confirmed --> [*]'],
    ['top-level final states', '  finished --> [*]'],
  ])('draws %s', (_what, fragment) => {
    expect(diagram).toContain(fragment);
  });
});
