// The CI file order: every project is one group, and the order replays the pool so that about
// BROWSER_LANES browser files run beside the others, each kind longest first; groups (if a project
// sets one) still keep their order. Without a timing cache the measured table decides.
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import LongestFirst, { BROWSER_LANES, interleave, KNOWN_SECONDS } from '../support/longestFirst';

const root = '/repo';
const spec = (file: string, project: string, groupOrder = 0) =>
  ({
    moduleId: `${root}/${file}`,
    project: { name: project, config: { sequence: { groupOrder }, isolate: true } },
  }) as unknown as TestSpecification;

// No timing cache (a fresh checkout): vitest would keep the listing order within a project.
const freshCheckout = (maxWorkers: number, durations: Record<string, number> = {}) =>
  ({
    cache: {
      getFileTestResults: (key: string) =>
        key in durations ? { duration: durations[key], failed: false } : undefined,
      getFileStats: () => undefined,
    },
    config: { root, shard: undefined, maxWorkers },
  }) as unknown as Vitest;

const order = (specs: TestSpecification[]) => specs.map((s) => s.moduleId.slice(root.length + 1));

describe('the file order', () => {
  it('starts the longest browser files in their lanes and fills the other workers with the longest other files', async () => {
    expect(BROWSER_LANES).toBe(2);
    const files = [
      spec('tests/browser/shell.test.ts', 'browser'),
      spec('tests/browser/accessibility.test.ts', 'browser'),
      spec('tests/server/a.test.ts', 'server'),
      spec('tests/browser/modelBased/certification.test.ts', 'browser'),
      spec('tests/paths/pathCoverage.test.ts', 'paths'),
      spec('tests/server/security/fuzz.test.ts', 'server'),
      spec('tests/server/b.test.ts', 'server'),
    ];
    const sorted = order(await new LongestFirst(freshCheckout(4)).sort(files));
    // certification (128 s) and accessibility (94 s) in the two lanes, fuzz (26 s) and path coverage
    // (20 s) beside them; then the files that free first take the rest of their own kind.
    expect(sorted.slice(0, 4)).toEqual([
      'tests/browser/modelBased/certification.test.ts',
      'tests/browser/accessibility.test.ts',
      'tests/server/security/fuzz.test.ts',
      'tests/paths/pathCoverage.test.ts',
    ]);
    expect(sorted.slice(4)).toEqual([
      'tests/server/a.test.ts',
      'tests/server/b.test.ts',
      // Every other file has started: shell fills a freed worker.
      'tests/browser/shell.test.ts',
    ]);
  });

  it('prefers the durations of the timing cache to the table', async () => {
    const files = [
      spec('tests/browser/accessibility.test.ts', 'browser'),
      spec('tests/browser/shell.test.ts', 'browser'),
      spec('tests/browser/keyboard.test.ts', 'browser'),
    ];
    const cache = { 'browser:tests/browser/shell.test.ts': 500_000 };
    const sorted = order(await new LongestFirst(freshCheckout(1, cache)).sort(files));
    expect(sorted).toEqual([
      'tests/browser/shell.test.ts',
      'tests/browser/accessibility.test.ts',
      'tests/browser/keyboard.test.ts',
    ]);
  });

  it('keeps a later group after an earlier one', async () => {
    const files = [
      spec('tests/browser/shell.test.ts', 'browser', 1),
      spec('tests/server/a.test.ts', 'server', 0),
    ];
    expect(order(await new LongestFirst(freshCheckout(4)).sort(files))).toEqual([
      'tests/server/a.test.ts',
      'tests/browser/shell.test.ts',
    ]);
  });

  it('replays the pool: a freed browser lane takes the next browser file, never a third lane while others wait', () => {
    const t = (name: string, seconds: number) => ({ spec: { moduleId: name } as TestSpecification, seconds });
    const browser = [t('b1', 100), t('b2', 50), t('b3', 40), t('b4', 10)];
    const other = [t('o1', 30), t('o2', 30), t('o3', 30), t('o4', 30), t('o5', 30)];
    const names = interleave(browser, other, 4, 2).map((x) => x.spec.moduleId);
    // t=0: b1 b2 o1 o2; t=30: o3 o4; t=50 (b2 ends): b3; t=60: o5, then no other file is left: b4.
    expect(names).toEqual(['b1', 'b2', 'o1', 'o2', 'o3', 'o4', 'b3', 'o5', 'b4']);
  });

  it('names only files that exist', async () => {
    const { existsSync } = await import('node:fs');
    const path = await import('node:path');
    const repo = path.resolve(import.meta.dirname, '../..');
    expect(Object.keys(KNOWN_SECONDS).filter((file) => !existsSync(path.join(repo, file)))).toEqual([]);
  });
});
