// The test runs Stryker uses to judge mutants (issue 19 §2, `npm run test:mutation`): only the
// unit-level suites that exercise the mutated code (machines/, src/contract/ and the server's
// lifecycle services) and need no browser. No React/Lingui plugins: none of these suites renders.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify({ version: 'mutation', commit: 'mutation' }) },
  test: {
    // The lean set (docs/decisions/mutation-testing.md "Mutation testing: a feasible scope"): the machine and contract tests, ~3 s of
    // tests for all 53 files. The path suites (pathCoverage 11 s, noSecretsInContext 5 s,
    // diagramCheck 2.6 s) replay each chart on itself or check its documentation; with them each
    // surviving static mutant of a chart costs ~19 s more. MUTATION_PATH_TESTS=1 adds them back.
    // Fewer tests can only lower the score: the lean score is a lower bound of the full one.
    include: [
      'tests/machines/**/*.test.ts',
      'tests/unit/contract/**/*.test.ts',
      ...(process.env.MUTATION_PATH_TESTS === '1' ? ['tests/paths/**/*.test.ts'] : []),
    ],
    environment: 'node',
    // A mutant that makes a machine test's `waitFor` wait forever fails here after 5 s (a kill)
    // instead of Stryker's timeout (10 s + 1.5 × net time) and a worker restart: ~4 times cheaper.
    // The lean set's slowest test takes well under 1 s.
    testTimeout: 5_000,
    // Stryker runs one vitest per worker; its own `concurrency` decides how many (stryker.config.mjs).
    maxWorkers: 1,
  },
});
