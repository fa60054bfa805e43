// The test runs Stryker uses to judge the server's lifecycle services (issue 19 §2,
// stryker.server.config.mjs; decisions in docs/decisions/mutation-testing.md "Mutation testing of the server's lifecycle services"): the server suites that
// reach those services through the real API, on the server project's PostgreSQL (vite.config.ts
// `server`). Only these files: each starts a real server, and every server suite is "related" to every
// service (they all import the app), so the list is what keeps a survivor's run short.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      // The decisions, four eyes, claims and queues (admin/cardDecisions.ts, certificationDecisions.ts,
      // approvals.ts, decisionCase.ts, cardStatus.ts, certificationStatus.ts).
      'tests/server/admin/cardDecisions.test.ts',
      'tests/server/admin/certificationDecisions.test.ts',
      'tests/server/admin/cardRevision.test.ts',
      'tests/server/admin/claims.test.ts',
      'tests/server/admin/queues.test.ts',
      'tests/server/admin/queueWorkflow.test.ts',
      'tests/server/admin/caseViews.test.ts',
      'tests/server/admin/faceOverride.test.ts',
      // The applicant's side of the charts (card/lifecycle.ts, applicationView.ts,
      // certification/lifecycleState.ts, verification/sessionLifecycle.ts, accounts/activation.ts).
      'tests/server/card/lifecycle.test.ts',
      'tests/server/card/eligibility.test.ts',
      'tests/server/certification/lifecycle.test.ts',
      'tests/server/certification/submit.test.ts',
      'tests/server/verification/sessionRules.test.ts',
      'tests/server/accounts/activation.test.ts',
      // The charts' generated paths replayed over HTTP.
      'tests/server/paths/*.http.test.ts',
    ],
    environment: 'node',
    // As the server project: one PostgreSQL for the run (a database per test file), embedded.
    globalSetup: ['tests/support/globalSetup.ts'],
    // A static mutant (a module-level constant) is only active if its module is evaluated again in
    // each mutant run: a fresh module graph per test file (vitest's default). When static mutants are
    // skipped (MUTATION_IGNORE_STATIC=1), every mutant is switched at run time and the worker keeps
    // its modules, as the server project does: no re-import of the app for each file of each run.
    isolate: process.env.MUTATION_IGNORE_STATIC !== '1',
    // A mutant that makes a request hang fails here (a kill) before Stryker's own timeout, which
    // would restart the worker and with it PostgreSQL. The included suites' slowest test takes a
    // few seconds alone.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
