// globalSetup of the browser suite: a real Chromium (Debian's) and a fresh PRODUCTION build of the
// web app in a folder of this run's own (a shared dist/web rebuilt by a concurrent run would pull
// the assets from under the pages). Missing Chromium fails the run with the fix; it is never skipped.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    webDir: string;
  }
}

/** Vite bundles React's development build unless NODE_ENV says production (Vitest sets 'test'). */
export async function productionBuild(outDir: string, env: Record<string, string> = {}): Promise<void> {
  const changed = { NODE_ENV: 'production', ...env };
  const previous = Object.fromEntries(Object.keys(changed).map((k) => [k, process.env[k]]));
  Object.assign(process.env, changed);
  try {
    const { build } = await import('vite');
    await build({
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
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
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'portal-browser-web-'));
  await productionBuild(webDir);
  project.provide('chromiumPath', chromiumPath);
  project.provide('webDir', webDir);
  return () => rmSync(webDir, { recursive: true, force: true });
}
