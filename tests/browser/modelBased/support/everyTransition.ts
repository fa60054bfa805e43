// The bar of issue 19 §1 for the flows added in session 8: the UI paths a file runs take every
// transition of the machine, not only reach every state. describeUiModel (uiModel.ts) checks the
// states and prints the transitions it leaves out; this adds the test that fails on any left out.
import { describe, expect, it } from 'vitest';
import { allTransitions } from '../../../../src/tools/machineGraph/machineStructure';
import type { PlannedPath } from '../../../../src/tools/machineGraph/pathPlan';
import type { BrowserSuite } from '../../support/suite';
import { describeUiModel, planUi, type UiModel } from './uiModel';

/**
 * describeUiModel, plus: the selected paths take every transition of the machine. `paths`: a plan
 * of the caller's own (drivablePlan.ts), when the planner's shortest paths run into undrivable steps.
 */
export async function describeEveryTransition<D>(
  suite: BrowserSuite,
  model: UiModel<D>,
  paths?: PlannedPath[],
): Promise<void> {
  const plan = await planUi(model as unknown as UiModel<never>, paths);
  describeUiModel(suite, model, plan);
  describe(`UI paths of ${model.entryId}`, () => {
    it('take every transition of the machine', () => {
      const untaken = allTransitions(plan.entry.machine)
        .map((transition) => transition.key)
        .filter((key) => !plan.takenTransitions.has(key));
      expect(untaken).toEqual([]);
      expect(plan.takenTransitions.size).toBe(plan.totalTransitions);
    });
  });
}
