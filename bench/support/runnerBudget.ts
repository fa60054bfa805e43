// Judging figures against their budgets, and what the run's exit status is. Kept apart from the
// runner so a unit test can show that an over-budget figure (or a module that did not measure) fails.
import type { BenchFigure } from '../benchFigure';

export interface JudgedFigure extends BenchFigure {
  ok: boolean;
}

/** A module that could not measure: absent (not written yet) or failed while measuring. */
export interface ModuleProblem {
  module: string;
  kind: 'missing' | 'failed';
  message: string;
}

export function withinBudget(figure: BenchFigure): boolean {
  // NaN or ±Infinity is a broken measurement, never a pass.
  if (!Number.isFinite(figure.value)) return false;
  const { max, min } = figure.budget ?? {};
  if (max !== undefined && figure.value > max) return false;
  if (min !== undefined && figure.value < min) return false;
  return true;
}

export function judge(figure: BenchFigure): JudgedFigure {
  return { ...figure, ok: withinBudget(figure) };
}

/** Non-zero when anything is over budget or was not measured, unless the run only reports. */
export function exitCode(
  figures: readonly JudgedFigure[],
  problems: readonly ModuleProblem[],
  options: { noFail: boolean },
): number {
  if (options.noFail) return 0;
  return figures.every((f) => f.ok) && problems.length === 0 ? 0 : 1;
}
