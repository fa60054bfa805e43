/// <reference types="vitest/config" />
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { bundleBudget, PORTAL_FIRST_LOAD_BUDGET, PORTAL_FIRST_LOADS } from './src/tools/bundleBudget';
import { precompressAssets } from './src/tools/precompressAssets';
import LongestFirst from './tests/support/longestFirst';

// The first load of /login must stay within budget; BUNDLE_BUDGET=report below only reports.
const ENFORCE_BUNDLE_BUDGET = true;

// The API the dev server proxies `/plat` to (`npm run dev` starts it; see src/tools/dev.ts).
const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3001';

/** A worker count from the environment (a whole number ≥ 1), else the default. */
function workers(variable: string, fallback: number): number {
  const value = Number(process.env[variable]);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** The build's name (src/web/appBuild.ts): package.json's version and the commit (GIT_COMMIT, else git). */
function appBuild(): { version: string; commit: string } {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  let commit = process.env.GIT_COMMIT?.slice(0, 12) ?? '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
    } catch {
      // A build from an exported tree: no repository to ask.
      commit = 'unknown';
    }
  }
  return { version, commit };
}

export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify(appBuild()) },
  plugins: [
    react(),
    // plugin-react 6 no longer runs Babel: the Lingui macro needs its own Babel pass (docs/stack.md).
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    // Issue 10 §1: a production build fails when the first load of /login is over budget.
    // BUNDLE_BUDGET=report only reports (the bench builds that way and judges the figures itself).
    bundleBudget({
      ...PORTAL_FIRST_LOAD_BUDGET,
      scenarios: PORTAL_FIRST_LOADS,
      enforce: ENFORCE_BUNDLE_BUDGET && process.env.BUNDLE_BUDGET !== 'report',
    }),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/plat': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    // Every suite runs in `npm test`; the runner's summary is the last thing printed, followed by
    // one plain line `tests: N passed, N failed, N skipped`.
    reporters: ['default', './tests/support/summaryReporter.ts'],
    // Vitest's default is one worker less than the cores: one worker on a 2-core CI machine, and the
    // suites spend much of their time waiting on servers, PostgreSQL and browsers, not on the CPU.
    // Three, in one group: two browser files, which mostly wait, beside one of the CPU-bound others
    // (the order in tests/support/longestFirst.ts), and three browser files once the others are done.
    // Four ran four browser files at once at the end and timed out waits on a loaded machine.
    maxWorkers: workers('TEST_WORKERS', 3),
    // A hang guard, not a speed check (speed is benched): the 5 s default failed CI on a test whose
    // first lint loaded the whole configuration on a loaded machine.
    testTimeout: 30_000,
    // One group for every project: the browser files overlap the others, about two at a time, the
    // longest of each kind first (a fresh checkout has no timing cache; docs/decisions/testing.md).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'paths', include: ['tests/paths/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, not per file: each file imported the server afresh, and
          // imports were a third of the suite's time (143 of 461 s). The server suites build their
          // own apps, clocks and databases and mock no module, so nothing they share by import is
          // state a test relies on (docs/decisions/ci-time.md "CI time: shared module graphs").
          isolate: false,
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The suites whose subject is the database's behaviour once more, against an external
        // PostgreSQL started by the harness (Debian's server, provisioned by .ci/run), reached only
        // through DATABASE_URL: connections, migrations, transactions and locks, the outbox's
        // SKIP LOCKED, counters and sessions, concurrent submits. The rest of the server suite
        // speaks to PostgreSQL through the same pool and queries, so a second run of it repeated
        // minutes of CI for no new question (docs/decisions/ci-time.md "CI time").
        extends: true,
        test: {
          name: 'server-external-pg',
          include: [
            'tests/server/db/**/*.test.ts',
            'tests/server/faults/**/*.test.ts',
            'tests/server/mail/**/*.test.ts',
            'tests/server/housekeeping/**/*.test.ts',
            'tests/server/accounts/**/*.test.ts',
            'tests/server/certification/**/*.test.ts',
          ],
          exclude: ['tests/server/**/*.embedded-only.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/support/globalSetup.ts'],
          env: { TEST_PG: 'external' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, as in the server suites: every file imported the server,
          // Playwright and the test support afresh (about 3 s a file on 2 loaded cores). Each file
          // still starts its own portal, database and Chromium (suite.ts) and mocks no module.
          isolate: false,
          globalSetup: ['tests/support/globalSetup.ts', 'tests/support/browserSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A file's concurrent tests (the accessibility visits) run three at a time: each waits
          // mostly on a fresh context loading the app, and three keep that wait off the wall clock.
          maxConcurrency: 3,
          // Each file has its own Chromium and portal; the file order (longestFirst.ts) runs about
          // two at a time beside the other projects, in the same group and worker pool (a project
          // with its own maxWorkers would be a group of its own, run after the others).
          // A poll waits like a Playwright locator (30 s), not expect.poll's default second: on a
          // loaded CI machine a page's answer arrives later (a puzzle's answer did, and failed CI).
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
