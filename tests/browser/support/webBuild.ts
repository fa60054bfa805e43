// A production build of the web app with build-time variables of its own (e.g. VITE_SENTRY_DSN),
// into a temp folder that a portal serves through buildApp's webDir.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface WebBuild {
  outDir: string;
  remove(): void;
}

export async function buildWebWith(env: Record<string, string>): Promise<WebBuild> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  // Vite reads VITE_* variables from process.env at build time; put back what was there after.
  const previous = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const { build } = await import('vite');
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
