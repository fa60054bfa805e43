// globalSetup of the browser suite: a real Chromium (Debian's) and a fresh PRODUCTION build of the
// web app in a folder of this run's own (a shared dist/web rebuilt by a concurrent run would pull
// the assets from under the pages). Missing Chromium fails the run with the fix; it is never skipped.
// The build runs in a child process while the other projects' files already run (all projects are
// one group, vite.config.ts); a browser file's portal waits for it (suiteWebBuild.ts) and fails with the
// build's own error if it failed.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    webDir: string;
    /** Written when the suite's build ended: `{ ok: true }` or `{ ok: false, error }`. */
    webBuildResult: string;
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

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * productionBuild in a child process: the main process's own environment (NODE_ENV, which the
 * workers started meanwhile inherit) is not touched while tests run beside the build.
 */
export function productionBuildInChild(outDir: string): Promise<void> {
  const script = `const { build } = await import('vite');
await build({ logLevel: 'warn', mode: 'production', build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, sourcemap: false } });`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', script],
      { cwd: REPO_ROOT, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`the web app's production build failed:\n${stderr || stdout || error.message}`));
        else resolve();
      },
    );
  });
}

export default async function setup(project: TestProject) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's package (apt-get update && apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH; .ci/run does this for CI.',
    );
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-browser-web-'));
  const webDir = path.join(root, 'web');
  const resultFile = path.join(root, 'build-result.json');
  // Not awaited: the other projects' files run meanwhile; the result file is written last.
  const building = productionBuildInChild(webDir).then(
    () => writeFileSync(resultFile, JSON.stringify({ ok: true })),
    (error: unknown) =>
      writeFileSync(
        resultFile,
        JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      ),
  );
  project.provide('chromiumPath', chromiumPath);
  project.provide('webDir', webDir);
  project.provide('webBuildResult', resultFile);
  return async () => {
    await building;
    rmSync(root, { recursive: true, force: true });
  };
}
