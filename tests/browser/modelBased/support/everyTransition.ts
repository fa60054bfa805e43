// The bar of issue 19 §1 for the flows added in session 8: the UI paths a file runs take every
// transition of the machine, not only reach every state. describeUiModel (uiModel.ts) checks the
// states and prints the transitions it leaves out; this adds the test that fails on any left out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allTransitions } from '../../../../src/tools/machineGraph/machineStructure';
import type { PlannedPath } from '../../../../src/tools/machineGraph/pathPlan';
import type { BrowserSuite } from '../../support/suite';
import { describeUiModel, planUi, type UiModel } from './uiModel';

/** A transition no person's input on the page produces: why, and the test that covers it instead. */
export interface ExcludedTransition {
  reason: string;
  /** A test file (from the repository's root) and the exact title of the test in it. */
  coveredBy: { file: string; test: string };
}

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * describeUiModel, plus: the selected paths take every transition of the machine. `paths`: a plan
 * of the caller's own (drivablePlan.ts), when the planner's shortest paths run into undrivable steps.
 * `excluded`: transitions decided one by one as not drivable in the UI (by key): the untaken ones
 * must be exactly these, so a new transition fails until it is driven or decided.
 */
export async function describeEveryTransition<D>(
  suite: BrowserSuite,
  model: UiModel<D>,
  paths?: PlannedPath[],
  excluded: Readonly<Record<string, ExcludedTransition>> = {},
): Promise<void> {
  const plan = await planUi(model as unknown as UiModel<never>, paths);
  describeUiModel(suite, model, plan);
  describe(`UI paths of ${model.entryId}`, () => {
    it('take every transition of the machine', () => {
      const untaken = allTransitions(plan.entry.machine)
        .map((transition) => transition.key)
        .filter((key) => !plan.takenTransitions.has(key));
      expect([...untaken].sort()).toEqual(Object.keys(excluded).sort());
      expect(plan.takenTransitions.size).toBe(plan.totalTransitions - Object.keys(excluded).length);
    });
    if (Object.keys(excluded).length > 0)
      it('leave out only transitions with a reason and a test that covers them instead', () => {
        for (const [key, { reason, coveredBy }] of Object.entries(excluded)) {
          expect(reason.trim(), key).not.toBe('');
          const source = readFileSync(path.join(ROOT, coveredBy.file), 'utf8');
          expect(source.includes(`'${coveredBy.test}'`), `${coveredBy.file}: '${coveredBy.test}'`).toBe(true);
        }
      });
  });
}
