// globalSetup of the browser suite: a real Chromium (Debian's) and a fresh production build of the
// web app. Missing Chromium fails the run with the fix; it is never skipped.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's package (apt-get update && apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH; .ci/run does this for CI.',
    );
  }
  // Always build: the browser suite tests what `npm start` would serve from these sources.
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { sourcemap: false } });
  project.provide('chromiumPath', chromiumPath);
}
