// Mutation testing of the server's lifecycle services (issue 19 §2): the second half of
// `npm run test:mutation` (the first is stryker.config.mjs: machines/ and src/contract/). Scope, the
// tests that judge and the measured rate: docs/decisions/mutation-testing.md "Mutation testing of the server's lifecycle services".
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Every included server suite imports the whole app, so vitest's `related` filter selects them
  // all anyway; off, it saves the module-graph walk in each run.
  vitest: { configFile: 'vitest.stryker.server.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  // The files that apply the lifecycle charts (machines/) on the server, and the two that map the
  // charts' states to the back office's queue statuses.
  mutate: [
    'src/server/services/accounts/activation.ts',
    'src/server/services/admin/approvals.ts',
    'src/server/services/admin/cardDecisions.ts',
    'src/server/services/admin/cardStatus.ts',
    'src/server/services/admin/certificationDecisions.ts',
    'src/server/services/admin/certificationStatus.ts',
    'src/server/services/admin/decisionCase.ts',
    'src/server/services/card/applicationView.ts',
    'src/server/services/card/lifecycle.ts',
    'src/server/services/certification/lifecycleState.ts',
    'src/server/services/verification/sessionLifecycle.ts',
  ],
  // A mutant runs only the tests that reached it; code reached while a file's beforeAll builds its
  // fixtures counts as static and runs every included file.
  coverageAnalysis: 'perTest',
  ignoreStatic: process.env.MUTATION_IGNORE_STATIC === '1',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  incremental: true,
  incrementalFile: 'bench/mutation/stryker-incremental-server.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation-server/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation-server/mutation.html' },
  thresholds: { high: 90, low: 85, break: null },
  // Above the tests' own 20 s timeout (vitest.stryker.server.config.ts), so a hang is a test failure.
  timeoutMS: 30_000,
  tempDirName: '.stryker-tmp',
};
