// Every chart module builds its machine when it loads (XState checks a definition in createMachine:
// an empty `initial`, a missing initial child or an unknown `#id` target throws there). The imports
// happen inside the tests on purpose: a module that throws at import makes vitest drop its file's
// tests instead of failing them, which Stryker's vitest runner reads as "survived" (issue 19 §2,
// docs/decisions/mutation-testing.md "Mutation testing: a feasible scope"). Here such a chart fails a named test.
import { describe, expect, it } from 'vitest';

const charts = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts');

describe('chart modules', () => {
  it('are all found', () => {
    expect(Object.keys(charts).length).toBeGreaterThanOrEqual(20);
  });

  it.each(Object.keys(charts))('%s loads and builds its machines', async (file) => {
    const module = await charts[file]!();
    const machines = Object.values(module).filter(
      (value) => typeof value === 'object' && value !== null && 'root' in value && 'config' in value,
    );
    expect(machines.length).toBeGreaterThan(0);
  });
});
