// The first load of a page as Vite's build manifest describes it: the entry of index.html and the
// page's lazy modules, each with its static imports and CSS (what Vite's preload helper fetches for
// a dynamic import). The bench compares it with what the browser really fetched.
import type { Manifest } from './bundleBuild';

export function manifestFirstLoad(manifest: Manifest, lazySources: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) throw new Error(`the build manifest has no entry "${key}"`);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const source of lazySources) visit(source);
  return [...files].filter((f) => /\.(m?js|css)$/.test(f)).sort();
}

export interface FileSetDifference {
  /** Fetched by the browser, missing from the manifest's first load. */
  unexpected: string[];
  /** In the manifest's first load, never fetched by the browser. */
  notLoaded: string[];
}

export function compareFileSets(loaded: readonly string[], expected: readonly string[]): FileSetDifference {
  return {
    unexpected: loaded.filter((f) => !expected.includes(f)).sort(),
    notLoaded: expected.filter((f) => !loaded.includes(f)).sort(),
  };
}
