// Prints the plain closing line `tests: N passed, N failed, N skipped` after Vitest's own summary,
// so any CI that reads closing lines sees the count (Vitest's own summary is not in that form).
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load has no tests to count but is a failure all the same.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    failed += unhandledErrors.length;
    // After Vitest's summary (printed in the same hook by the default reporter, registered first).
    setImmediate(() =>
      process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`),
    );
  }
}
