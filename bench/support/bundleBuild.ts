// The production web build a front-end bench measures: made here, from the sources, into a temp
// folder of its own (dist/web may be rebuilt by someone else mid-run), with Vite's manifest for the
// cross-check. The build's own budget check only reports here: the bench judges the figures itself.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One entry of .vite/manifest.json (Vite's build manifest). */
export interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestEntry>;

export interface BenchWebBuild {
  outDir: string;
  manifest: Manifest;
  remove(): void;
}

/** Vite bundles React's development build unless NODE_ENV says production. */
export async function buildWebForBench(): Promise<BenchWebBuild> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const remove = () => rmSync(outDir, { recursive: true, force: true });
  const changed = { NODE_ENV: 'production', BUNDLE_BUDGET: 'report' };
  const previous = Object.fromEntries(Object.keys(changed).map((k) => [k, process.env[k]]));
  Object.assign(process.env, changed);
  try {
    const { build } = await import('vite');
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      // Source maps as `npm start` builds them: the served files carry their sourceMappingURL lines.
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    return { outDir, manifest, remove };
  } catch (error) {
    remove();
    throw error;
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
