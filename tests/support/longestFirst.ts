// The order of test files. Every project runs in ONE group (vite.config.ts), so the browser files,
// which mostly wait (on pages, servers, timers), overlap the CPU-bound unit, web and server files
// instead of running after them. The pool hands each freed worker the next file of one list, so the
// list is made by replaying the pool on the files' expected durations: a freed worker takes the next
// browser file while fewer than BROWSER_LANES browser files run, else the next other file, each kind
// longest first. A fresh CI checkout has no timing cache, hence the measured table below; with a
// cache (local runs), vitest's own durations win. A file in neither only falls back to its kind's
// typical time (docs/decisions/testing.md "One group for every project").
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** How many browser files the order lets run at once (each has its own Chromium, portal and database). */
export const BROWSER_LANES = 2;

/** The project whose files drive Chromium. */
export const BROWSER_PROJECT = 'browser';

/**
 * Seconds per file, from session 14's quiet full 2-core run (results.json of `npm test`), the files
 * over ~5 s. Only the order depends on them; a stale figure costs a little overlap, never a test.
 */
export const KNOWN_SECONDS: Record<string, number> = {
  // browser
  'tests/browser/accessibility.test.ts': 94,
  'tests/browser/modelBased/certification.test.ts': 128,
  'tests/browser/modelBased/identityVerification.test.ts': 78,
  'tests/browser/modelBased/qrVerification.test.ts': 75,
  'tests/browser/facePresentationAttack.test.ts': 100,
  'tests/browser/modelBased/registration.test.ts': 49,
  'tests/browser/modelBased/cardApplication.test.ts': 45,
  'tests/browser/backOffice.test.ts': 79,
  'tests/browser/accounts.test.ts': 56,
  'tests/browser/cardApplication.test.ts': 43,
  'tests/browser/faceVerificationRefusals.test.ts': 36,
  'tests/browser/inputs/uploads.test.ts': 42,
  'tests/browser/faceVerificationChallenge.test.ts': 46,
  'tests/browser/watermark.test.ts': 30,
  'tests/browser/certification.test.ts': 23,
  'tests/browser/errorReporting.test.ts': 26,
  'tests/browser/supportReplay.test.ts': 32,
  'tests/browser/modelBased/resetPassword.test.ts': 26,
  'tests/browser/modelBased/login.test.ts': 31,
  'tests/browser/inputs/cardUploads.test.ts': 17,
  'tests/browser/documentHint.test.ts': 37,
  'tests/browser/keyboard.test.ts': 34,
  'tests/browser/inputs/keyboardAndNarrow.test.ts': 12,
  'tests/browser/shell.test.ts': 18,
  'tests/browser/modelBased/activation.test.ts': 17,
  'tests/browser/inputs/navigation.test.ts': 21,
  'tests/browser/caseView.test.ts': 18,
  'tests/browser/languages.test.ts': 17,
  'tests/browser/modelBased/forgotPassword.test.ts': 17,
  'tests/browser/storedText.test.ts': 15,
  'tests/browser/faceVerification.test.ts': 10,
  'tests/browser/inputs/network.test.ts': 17,
  'tests/browser/identityVerification.test.ts': 15,
  // unit, web, paths
  'tests/unit/server/faceEngine.test.ts': 24,
  'tests/unit/server/faceScreenPhysics.test.ts': 7,
  'tests/web/admin/machinesAndReplay.test.tsx': 8,
  'tests/web/admin/faceEvidence.test.tsx': 21,
  'tests/web/support/supportReplayView.test.tsx': 15,
  'tests/paths/pathCoverage.test.ts': 20,
  'tests/web/cardApplication/cardApplicationFlow.test.tsx': 15,
  'tests/web/accounts/accountFlows.test.tsx': 16,
  'tests/web/admin/queue.test.tsx': 14,
  'tests/web/support/supportReplayAllFlows.test.tsx': 8,
  'tests/unit/server/faceChallengeEngine.test.ts': 5,
  // server (and server-external-pg, which repeats some of its files)
  'tests/server/security/fuzz.test.ts': 26,
  'tests/server/documents/documentReading.test.ts': 94,
  'tests/server/faults/killDuringSubmit.embedded-only.test.ts': 31,
  'tests/server/faults/databaseRestart.embedded-only.test.ts': 25,
  'tests/server/process/twoInstances.test.ts': 19,
  'tests/server/db/killRecovery.embedded-only.test.ts': 16,
  'tests/server/cli/admin.test.ts': 20,
  'tests/server/process/sigterm.test.ts': 17,
  'tests/server/process/crashLoop.test.ts': 21,
  'tests/server/security/accessMatrix.test.ts': 10,
  'tests/server/process/faultRecovery.test.ts': 15,
  'tests/server/paths/verificationSession.http.test.ts': 19,
  'tests/server/paths/certification.http.test.ts': 8,
  'tests/server/admin/caseViews.test.ts': 4,
  'tests/server/mail/deliveryLanes.test.ts': 8,
  'tests/server/accounts/password.test.ts': 13,
};

/** What a file in neither the cache nor the table is taken to last: a browser file starts a portal and Chromium. */
const TYPICAL_SECONDS = { browser: 10, other: 2 };

/** A file's path from the repository root, with forward slashes. */
function fileOf(spec: TestSpecification, root: string): string {
  return relative(root, spec.moduleId).replaceAll('\\', '/');
}

interface Timed {
  spec: TestSpecification;
  seconds: number;
}

/**
 * The list a pool of `workers` should receive: replays the pool (a freed worker takes the list's next
 * file) and puts next the longest browser file while fewer than `lanes` run, else the longest other
 * file; when one kind is used up, the other fills every worker.
 */
export function interleave(browser: Timed[], other: Timed[], workers: number, lanes: number): Timed[] {
  const byLength = (a: Timed, b: Timed) => b.seconds - a.seconds;
  const queues = { browser: [...browser].sort(byLength), other: [...other].sort(byLength) };
  const running: { ends: number; browser: boolean }[] = [];
  const order: Timed[] = [];
  let now = 0;
  while (queues.browser.length + queues.other.length > 0) {
    if (running.length >= workers) {
      running.sort((a, b) => a.ends - b.ends);
      const done = running.shift();
      if (done) now = done.ends;
      continue;
    }
    const browserRunning = running.filter((r) => r.browser).length;
    const takeBrowser = queues.other.length === 0 || (queues.browser.length > 0 && browserRunning < lanes);
    const next = (takeBrowser ? queues.browser : queues.other).shift();
    if (!next) break;
    order.push(next);
    running.push({ ends: now + next.seconds, browser: takeBrowser });
  }
  return order;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const secondsOf = (spec: TestSpecification): number => {
      const file = fileOf(spec, root);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (cached && cached.duration > 0) return cached.duration / 1000;
      const known = KNOWN_SECONDS[file];
      if (known !== undefined) return known;
      return spec.project.name === BROWSER_PROJECT ? TYPICAL_SECONDS.browser : TYPICAL_SECONDS.other;
    };
    const workers = this.ctx.config.maxWorkers;
    // Groups (sequence.groupOrder) still run one after another: order each on its own.
    const groups = new Map<number, TestSpecification[]>();
    for (const spec of sorted) {
      const group = spec.project.config.sequence.groupOrder;
      groups.set(group, [...(groups.get(group) ?? []), spec]);
    }
    return [...groups.keys()]
      .sort((a, b) => a - b)
      .flatMap((group) => {
        const timed = (groups.get(group) ?? []).map((spec) => ({ spec, seconds: secondsOf(spec) }));
        const isBrowser = (t: Timed) => t.spec.project.name === BROWSER_PROJECT;
        return interleave(
          timed.filter(isBrowser),
          timed.filter((t) => !isBrowser(t)),
          workers,
          BROWSER_LANES,
        ).map((t) => t.spec);
      });
  }
}
