// The CI file order: known-long files start first within their group; groups keep their order, and
// the files vitest knows nothing about keep vitest's own order among themselves.
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import LongestFirst, { LONGEST_FILES } from '../support/longestFirst';

const root = '/repo';
const spec = (file: string, project: string, groupOrder: number) =>
  ({
    moduleId: `${root}/${file}`,
    project: { name: project, config: { sequence: { groupOrder }, isolate: true } },
  }) as unknown as TestSpecification;

// No timing cache (a fresh checkout): vitest would keep the listing order within a project.
const freshCheckout = {
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
  config: { root, shard: undefined },
} as unknown as Vitest;

describe('longest files first', () => {
  it('puts the known-long files first within each group, in the list’s order, the rest after as listed', async () => {
    const files = [
      spec('tests/browser/shell.test.ts', 'browser', 1),
      spec('tests/browser/accessibility.test.ts', 'browser', 1),
      spec('tests/server/a.test.ts', 'server', 0),
      spec('tests/browser/modelBased/certification.test.ts', 'browser', 1),
      spec('tests/paths/pathCoverage.test.ts', 'paths', 0),
      spec('tests/server/security/fuzz.test.ts', 'server', 0),
      spec('tests/server/b.test.ts', 'server', 0),
    ];
    const sorted = await new LongestFirst(freshCheckout).sort(files);
    expect(sorted.map((s) => s.moduleId.slice(root.length + 1))).toEqual([
      'tests/server/security/fuzz.test.ts',
      'tests/paths/pathCoverage.test.ts',
      'tests/server/a.test.ts',
      'tests/server/b.test.ts',
      'tests/browser/accessibility.test.ts',
      'tests/browser/modelBased/certification.test.ts',
      'tests/browser/shell.test.ts',
    ]);
  });

  it('names only files that exist', async () => {
    const { existsSync } = await import('node:fs');
    const path = await import('node:path');
    const repo = path.resolve(import.meta.dirname, '../..');
    expect(LONGEST_FILES.filter((file) => !existsSync(path.join(repo, file)))).toEqual([]);
  });
});
