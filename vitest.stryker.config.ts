// The test runs Stryker uses to judge mutants (issue 19 §2, `npm run test:mutation`): only the
// unit-level suites that exercise the mutated code (machines/, src/contract/ and the server's
// lifecycle services) and need no browser. No React/Lingui plugins: none of these suites renders.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify({ version: 'mutation', commit: 'mutation' }) },
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/paths/**/*.test.ts', 'tests/unit/contract/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Stryker runs one vitest per worker; its own `concurrency` decides how many (stryker.config.mjs).
    maxWorkers: 1,
  },
});
