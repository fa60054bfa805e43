// Every contract module builds its zod schemas when it loads (a discriminated union checks its
// options there: an option without the discriminator throws). The imports happen inside the tests
// on purpose, as in tests/machines/chartsLoad.test.ts: a module that throws at import makes vitest
// drop its file's tests instead of failing them, which Stryker's vitest runner reads as "survived"
// (issue 19 §2, docs/decisions/mutation-testing.md "Mutation testing: a feasible scope"). Here it fails a named test.
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, unknown>>([
  '../../../src/contract/*.ts',
  '../../../src/contract/schemas/*.ts',
  '../../../src/contract/api/*.ts',
]);

describe('contract modules', () => {
  it('are all found', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(40);
  });

  it.each(Object.keys(modules))('%s loads and exports its values', async (file) => {
    const module = await modules[file]!();
    expect(Object.values(module).every((value) => value !== undefined)).toBe(true);
  });
});
