// The order of test files: within each group, the files known to run longest start first, then the
// rest in vitest's own order (its timing cache when there is one). A fresh CI checkout has no cache,
// and vitest then keeps the listing order, so a five-minute file could start last and leave one
// worker busy alone at the end. The list is measured (docs/decisions/ci-time.md "CI time"); a file missing
// from it only loses its head start.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, from CI runs on 2 cores (the browser part re-measured in session 9). */
export const LONGEST_FILES = [
  // browser (2 at a time), from the CI runs of session 9 (ci logs of 01:29 and 01:47 UTC)
  'tests/browser/accessibility.test.ts',
  'tests/browser/modelBased/certification.test.ts',
  'tests/browser/modelBased/qrVerification.test.ts',
  // Not yet in a CI log: 50–85 s alone here, by the load (docs/decisions/testing.md "Generated paths in the real UI: the phone page").
  'tests/browser/modelBased/identityVerification.test.ts',
  'tests/browser/modelBased/registration.test.ts',
  'tests/browser/modelBased/cardApplication.test.ts',
  'tests/browser/accounts.test.ts',
  'tests/browser/cardApplication.test.ts',
  'tests/browser/faceVerification.test.ts',
  'tests/browser/inputs/uploads.test.ts',
  'tests/browser/backOffice.test.ts',
  'tests/browser/faceVerificationRefusals.test.ts',
  'tests/browser/keyboard.test.ts',
  'tests/browser/modelBased/login.test.ts',
  'tests/browser/supportReplay.test.ts',
  'tests/browser/watermark.test.ts',
  'tests/browser/modelBased/resetPassword.test.ts',
  'tests/browser/inputs/navigation.test.ts',
  // the other projects (3 at a time)
  'tests/server/security/fuzz.test.ts',
  'tests/server/faults/killDuringSubmit.embedded-only.test.ts',
  'tests/server/paths/verificationSession.http.test.ts',
  'tests/server/process/twoInstances.test.ts',
  'tests/server/paths/certification.http.test.ts',
  'tests/server/faults/databaseRestart.embedded-only.test.ts',
  'tests/server/admin/caseViews.test.ts',
  'tests/paths/pathCoverage.test.ts',
  'tests/server/accounts/password.test.ts',
  'tests/server/certification/lifecycle.test.ts',
];

function rankOf(spec: TestSpecification): number {
  const file = spec.moduleId.replaceAll('\\', '/');
  const rank = LONGEST_FILES.findIndex((known) => file.endsWith(`/${known}`));
  return rank < 0 ? LONGEST_FILES.length : rank;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: unranked files keep vitest's order among themselves.
    return [...sorted].sort((a, b) => group(a) - group(b) || rankOf(a) - rankOf(b));
  }
}
