// Issue 10 §1, front end: the first load of /login from the production build, measured in the
// system Chromium (every JS and CSS response, each gzipped at level 9, summed), in both languages
// (each loads its own catalog), and cross-checked with the first load Vite's manifest describes.
// The same first load fails the build when over budget (src/tools/bundleBudget.ts).
import { PORTAL_FIRST_LOAD_BUDGET, PORTAL_FIRST_LOADS } from '../src/tools/bundleBudget';
import type { BrowserLocale } from '../tests/support/browser';
import type { BenchFigure, BenchOptions } from './benchFigure';
import { loadLoginPage, type LoadedFile } from './support/bundleBrowser';
import { buildWebForBench } from './support/bundleBuild';
import { compareFileSets, manifestFirstLoad } from './support/bundleManifest';
import { startFrontEndPortal } from './support/bundlePortal';

const LOCALES: readonly BrowserLocale[] = ['zh-cn', 'en-us'];

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const sum = (files: readonly LoadedFile[], kind: LoadedFile['kind']) =>
  files.filter((f) => f.kind === kind).reduce((total, f) => total + f.gzipBytes, 0);

function scenarioFor(locale: BrowserLocale) {
  const scenario = PORTAL_FIRST_LOADS.find((s) => s.name.includes(locale));
  if (!scenario) throw new Error(`no first-load scenario for ${locale} in src/tools/bundleBudget.ts`);
  return scenario;
}

export async function measure(_options: BenchOptions): Promise<BenchFigure[]> {
  const build = await buildWebForBench();
  try {
    const portal = await startFrontEndPortal(build.outDir);
    try {
      let jsBytes = 0;
      let cssBytes = 0;
      let mismatches = 0;
      for (const locale of LOCALES) {
        const loaded = await loadLoginPage(portal.url, locale);
        const expected = manifestFirstLoad(build.manifest, scenarioFor(locale).lazyModules);
        const diff = compareFileSets(
          loaded.map((f) => f.file),
          expected,
        );
        mismatches += diff.unexpected.length + diff.notLoaded.length;
        const [js, css] = [sum(loaded, 'js'), sum(loaded, 'css')];
        console.log(
          `  /login (${locale}): ${loaded.length} files, JS ${kb(js)} KB, CSS ${kb(css)} KB gzip; ` +
            `manifest cross-check: ${diff.unexpected.length + diff.notLoaded.length === 0 ? 'same files' : 'DIFFERENT'}`,
        );
        for (const file of diff.unexpected) console.log(`    loaded but not in the manifest's first load: ${file}`);
        for (const file of diff.notLoaded) console.log(`    in the manifest's first load but not loaded: ${file}`);
        for (const f of [...loaded].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5))
          console.log(`    ${String(kb(f.gzipBytes)).padStart(6)} KB  ${f.file}`);
        // The figure is the heavier language's first load.
        jsBytes = Math.max(jsBytes, js);
        cssBytes = Math.max(cssBytes, css);
      }
      return [
        { name: 'initialJsGzipKB', value: kb(jsBytes), unit: 'KB', budget: { max: PORTAL_FIRST_LOAD_BUDGET.maxJsGzipKB } },
        { name: 'initialCssGzipKB', value: kb(cssBytes), unit: 'KB', budget: { max: PORTAL_FIRST_LOAD_BUDGET.maxCssGzipKB } },
        // Files the browser and the manifest disagree on: the build check would be measuring something else.
        { name: 'initialLoadManifestMismatches', value: mismatches, unit: 'files', budget: { max: 0 } },
      ];
    } finally {
      await portal.close();
    }
  } finally {
    build.remove();
  }
}
