// The browser suite's web build, made by its globalSetup (browserSetup.ts) while the other projects'
// files run: a portal waits here until it is there, and fails with the build's own error.
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/** How long a browser file waits for the suite's build: a hang guard (the build takes ~20 s). */
const BUILD_WAIT_MS = 170_000;

/** The suite's build folder, once the build (started by the globalSetup) has finished. */
export async function suiteWebDir(): Promise<string> {
  const resultFile = inject('webBuildResult');
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (!existsSync(resultFile)) {
    if (Date.now() > deadline)
      throw new Error(`the web app's build did not finish in ${BUILD_WAIT_MS / 1000} s`);
    await sleep(100);
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8')) as { ok: boolean; error?: string };
  if (!result.ok) throw new Error(result.error ?? 'the web app build failed');
  return inject('webDir');
}
