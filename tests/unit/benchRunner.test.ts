// The bench runner's judgement (bench/support/runner*.ts): a figure over its budget, a broken
// measurement or a module that did not measure fails `npm run bench`; --no-fail only reports.
// The figures themselves are measured by `npm run bench`, never asserted here.
import { describe, expect, it } from 'vitest';
import { applicantsFrom } from '../../bench/support/journeyArgs';
import { parseRunnerArgs, BENCH_MODULES } from '../../bench/support/runnerArgs';
import { exitCode, judge, withinBudget } from '../../bench/support/runnerBudget';
import { mergeResults } from '../../bench/support/runnerResults';
import { percentile } from '../../bench/support/runnerStats';
import { formatTable } from '../../bench/support/runnerTable';

const figure = (value: number, budget?: { max?: number; min?: number }) => ({
  name: 'f',
  value,
  unit: 'ms',
  budget,
});

describe('budgets', () => {
  it('a maximum is kept at the limit and broken just above it', () => {
    expect(withinBudget(figure(50, { max: 50 }))).toBe(true);
    expect(withinBudget(figure(50.01, { max: 50 }))).toBe(false);
  });

  it('a minimum is kept at the floor and broken just below it', () => {
    expect(withinBudget(figure(12, { min: 12 }))).toBe(true);
    expect(withinBudget(figure(11.99, { min: 12 }))).toBe(false);
  });

  it('both bounds apply together', () => {
    expect(withinBudget(figure(5, { min: 1, max: 10 }))).toBe(true);
    expect(withinBudget(figure(0, { min: 1, max: 10 }))).toBe(false);
    expect(withinBudget(figure(11, { min: 1, max: 10 }))).toBe(false);
  });

  it('a figure without a budget passes, unless the measurement is broken (NaN, Infinity)', () => {
    expect(withinBudget(figure(123_456))).toBe(true);
    expect(withinBudget(figure(Number.NaN))).toBe(false);
    expect(withinBudget(figure(Number.POSITIVE_INFINITY, { min: 1 }))).toBe(false);
  });

  it('journeyErrors with budget max 0 fails on a single error', () => {
    expect(judge({ name: 'journeyErrors', value: 1, unit: 'errors', budget: { max: 0 } }).ok).toBe(false);
    expect(judge({ name: 'journeyErrors', value: 0, unit: 'errors', budget: { max: 0 } }).ok).toBe(true);
  });
});

describe('exit status', () => {
  const ok = judge(figure(1, { max: 2 }));
  const over = judge(figure(3, { max: 2 }));
  const missing = { module: 'lighthouse', kind: 'missing' as const, message: 'absent' };

  it('is 0 only when every figure is within budget and every module measured', () => {
    expect(exitCode([ok], [], { noFail: false })).toBe(0);
    expect(exitCode([ok, over], [], { noFail: false })).toBe(1);
    expect(exitCode([ok], [missing], { noFail: false })).toBe(1);
  });

  it('--no-fail reports without failing', () => {
    expect(exitCode([over], [missing], { noFail: true })).toBe(0);
  });

  it('the table marks an over-budget figure OVER and names a missing module', () => {
    const table = formatTable([ok, over], [missing]);
    expect(table.split('\n').filter((l) => l.includes('OVER'))).toHaveLength(1);
    expect(table).toContain('lighthouse: MISSING');
  });
});

describe('command line', () => {
  it('runs every module by default, in order', () => {
    expect(parseRunnerArgs([])).toEqual({ quick: false, noFail: false, modules: [...BENCH_MODULES] });
  });

  it('reads --quick, --no-fail and --only (repeated or comma-separated), leaving module flags alone', () => {
    expect(
      parseRunnerArgs(['--quick', '--only', 'api', '--only=login,api', '--no-fail', '--applicants', '7']),
    ).toEqual({ quick: true, noFail: true, modules: ['api', 'login'] });
  });

  it('refuses an unknown module instead of measuring nothing', () => {
    expect(() => parseRunnerArgs(['--only', 'nope'])).toThrow(/unknown module "nope"/);
    expect(() => parseRunnerArgs(['--only'])).toThrow(/needs a module/);
  });

  it('--applicants sets the journey load; default 100, quick 10', () => {
    expect(applicantsFrom([], false)).toBe(100);
    expect(applicantsFrom([], true)).toBe(10);
    expect(applicantsFrom(['--applicants', '25'], true)).toBe(25);
    expect(applicantsFrom(['--applicants=3'], false)).toBe(3);
    expect(() => applicantsFrom(['--applicants', '0'], false)).toThrow();
    expect(() => applicantsFrom(['--applicants', 'x'], false)).toThrow();
  });
});

describe('percentiles', () => {
  it('nearest rank on the sorted values; NaN (a broken figure) when nothing was measured', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('results.json after a partial run', () => {
  const stored = (value: number, module?: string) => ({ value, unit: 'ms', budget: {}, ok: true, module });
  const results = (figures: Record<string, ReturnType<typeof stored>>, problems = {}) => ({
    machine: {},
    at: 'now',
    quick: false,
    figures,
    problems,
  });
  const all = ['api', 'face', 'upload'];

  it('--only keeps the other modules’ figures and replaces the ones it measured', () => {
    const before = results({ apiP99Ms: stored(44, 'api'), faceP95Ms: stored(5400, 'face'), old: stored(1) });
    const merged = mergeResults(before, results({ faceP95Ms: stored(1800, 'face') }), ['face'], all);
    expect(merged.figures).toEqual({
      apiP99Ms: stored(44, 'api'),
      faceP95Ms: stored(1800, 'face'),
      old: stored(1),
    });
    expect(merged.partial).toEqual(['face']);
  });

  it('a figure its module no longer reports is dropped, and so is the module’s old problem', () => {
    const before = results(
      { faceGone: stored(1, 'face'), apiP99Ms: stored(44, 'api') },
      { face: { kind: 'failed', message: 'x' }, upload: { kind: 'failed', message: 'y' } },
    );
    const merged = mergeResults(before, results({ faceP95Ms: stored(1800, 'face') }), ['face'], all);
    expect(Object.keys(merged.figures).sort()).toEqual(['apiP99Ms', 'faceP95Ms']);
    expect(Object.keys(merged.problems)).toEqual(['upload']);
  });

  it('a run of every module replaces the file', () => {
    const before = results({ old: stored(1, 'api') });
    const now = results({ apiP99Ms: stored(40, 'api') });
    expect(mergeResults(before, now, all, all)).toEqual(now);
  });
});
