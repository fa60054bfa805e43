// A production build of the web app with build-time variables of its own (e.g. VITE_SENTRY_DSN),
// into a temp folder that a portal serves through buildApp's webDir.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productionBuild } from '../../support/browserSetup';

export interface WebBuild {
  outDir: string;
  remove(): void;
}

export async function buildWebWith(env: Record<string, string>): Promise<WebBuild> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  try {
    await productionBuild(outDir, env);
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
