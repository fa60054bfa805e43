// The size-limit check of issue 10 §1: the build fails when the first load of a page is over its
// gzip budget. The first load is what a browser fetches before the page is usable: everything
// index.html loads or preloads, plus the lazy chunks the page needs at once (its route chunk, the
// language catalog) with their static imports and CSS, exactly what Vite's preload helper fetches
// for a dynamic import. bench/bundle.ts measures the same figure in a real Chromium.
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The parts of a Rolldown output bundle the check reads (a test can build one by hand). */
export interface BudgetChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: readonly string[];
  moduleIds: readonly string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: ReadonlySet<string> };
}
export interface BudgetAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
export type BudgetBundle = Record<string, BudgetChunk | BudgetAsset>;

/** One way a page is first loaded, e.g. "/login in Chinese". */
export interface FirstLoadScenario {
  name: string;
  /** Source modules (relative to the project root) loaded lazily before the page is usable. */
  lazyModules: readonly string[];
}

export interface FirstLoadBudget {
  /** KB = 1024 bytes of gzip (level 9), as bench/bundle.ts reports. */
  maxJsGzipKB: number;
  maxCssGzipKB: number;
}

export interface FirstLoadFile {
  fileName: string;
  kind: 'js' | 'css';
  gzipBytes: number;
}

export interface FirstLoad {
  scenario: string;
  files: FirstLoadFile[];
  jsGzipKB: number;
  cssGzipKB: number;
}

export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content, { level: 9 }).length;
}

/** Files index.html loads (module scripts, stylesheets) or preloads (modulepreload). */
export function filesReferencedByHtml(html: string, base = '/'): string[] {
  const refs: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    const isScript = /^<script/i.test(tag);
    const rel = attr('rel')?.toLowerCase();
    const url = isScript
      ? attr('src')
      : rel === 'stylesheet' || rel === 'modulepreload'
        ? attr('href')
        : undefined;
    // Absolute URLs (another origin) are not part of our bundle.
    if (!url || /^[a-z]+:\/\//i.test(url)) continue;
    refs.push(url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, ''));
  }
  return refs;
}

function chunkOf(bundle: BudgetBundle, fileName: string): BudgetChunk | undefined {
  const item = bundle[fileName];
  return item?.type === 'chunk' ? item : undefined;
}

/** The chunk a lazily imported module starts (its facade), or the chunk that holds it. */
function chunkHoldingModule(bundle: BudgetBundle, root: string, modulePath: string): BudgetChunk {
  const id = path.resolve(root, modulePath);
  const chunks = Object.values(bundle).filter((c): c is BudgetChunk => c.type === 'chunk');
  const found = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
  // A stale module path would silently shrink the figure: fail instead.
  if (!found) throw new Error(`bundle budget: no chunk contains ${modulePath} (is the path still right?)`);
  return found;
}

/** The file names (JS and CSS) of one first load, in a stable order. */
export function firstLoadFileNames(
  bundle: BudgetBundle,
  scenario: FirstLoadScenario,
  options: { root: string; html?: string; base?: string },
): string[] {
  const htmlAsset = bundle[options.html ?? 'index.html'];
  if (htmlAsset?.type !== 'asset') throw new Error('bundle budget: the bundle has no index.html');
  const html =
    typeof htmlAsset.source === 'string' ? htmlAsset.source : Buffer.from(htmlAsset.source).toString();

  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = chunkOf(bundle, fileName);
    if (!chunk) return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const ref of filesReferencedByHtml(html, options.base)) visit(ref);
  for (const modulePath of scenario.lazyModules) {
    visit(chunkHoldingModule(bundle, options.root, modulePath).fileName);
  }
  return [...files].filter((f) => /\.(m?js|css)$/.test(f)).sort();
}

export function measureFirstLoad(
  bundle: BudgetBundle,
  scenario: FirstLoadScenario,
  options: { root: string; html?: string; base?: string },
): FirstLoad {
  const files = firstLoadFileNames(bundle, scenario, options).map((fileName): FirstLoadFile => {
    const item = bundle[fileName];
    if (!item) throw new Error(`bundle budget: ${fileName} is referenced but not in the bundle`);
    const content = item.type === 'chunk' ? item.code : item.source;
    return { fileName, kind: fileName.endsWith('.css') ? 'css' : 'js', gzipBytes: gzipSize(content) };
  });
  const kb = (kind: 'js' | 'css') =>
    files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
  return { scenario: scenario.name, files, jsGzipKB: kb('js'), cssGzipKB: kb('css') };
}

/** What is over budget, one line each; empty when within. */
export function budgetProblems(load: FirstLoad, budget: FirstLoadBudget): string[] {
  const problems: string[] = [];
  if (load.jsGzipKB > budget.maxJsGzipKB)
    problems.push(`${load.scenario}: JS ${load.jsGzipKB.toFixed(1)} KB gzip > ${budget.maxJsGzipKB} KB`);
  if (load.cssGzipKB > budget.maxCssGzipKB)
    problems.push(`${load.scenario}: CSS ${load.cssGzipKB.toFixed(1)} KB gzip > ${budget.maxCssGzipKB} KB`);
  return problems;
}

export function describeFirstLoad(load: FirstLoad): string {
  const biggest = [...load.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 8);
  return [
    `${load.scenario}: JS ${load.jsGzipKB.toFixed(1)} KB, CSS ${load.cssGzipKB.toFixed(1)} KB gzip`,
    ...biggest.map((f) => `  ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${f.fileName}`),
  ].join('\n');
}

/** The login page as the route table loads it (src/web/features/auth/AuthPages.tsx). */
export const LOGIN_PAGE_MODULE = 'src/web/features/auth/login/LoginPage.tsx';

/** The first loads the portal guards (issue 10 §1): /login, in each language (one catalog each). */
export const PORTAL_FIRST_LOADS: readonly FirstLoadScenario[] = [
  { name: '/login (zh-cn)', lazyModules: [LOGIN_PAGE_MODULE, 'src/locales/zh-cn/messages.po'] },
  { name: '/login (en-us)', lazyModules: [LOGIN_PAGE_MODULE, 'src/locales/en-us/messages.po'] },
];

export const PORTAL_FIRST_LOAD_BUDGET: FirstLoadBudget = { maxJsGzipKB: 200, maxCssGzipKB: 40 };

export interface BundleBudgetOptions extends FirstLoadBudget {
  scenarios: readonly FirstLoadScenario[];
  /** Throw when over budget (default true); false only reports (the bench judges on its own). */
  enforce?: boolean;
  /** Print each scenario's figures after a build (default true). */
  report?: boolean;
}

/** Vite plugin: fails the production build when a first load is over budget. */
export function bundleBudget(options: BundleBudgetOptions): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'portal:bundle-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    writeBundle(_output, bundle) {
      const loads = options.scenarios.map((s) =>
        measureFirstLoad(bundle as unknown as BudgetBundle, s, { root, base }),
      );
      const problems = loads.flatMap((load) => budgetProblems(load, options));
      if (problems.length > 0 && (options.enforce ?? true)) {
        throw new Error(
          `First-load budget exceeded (issue 10 §1):\n${problems.join('\n')}\n\n${loads.map(describeFirstLoad).join('\n')}`,
        );
      }
      if (problems.length > 0) this.warn(problems.join('\n'));
      if (options.report ?? true) this.info(loads.map(describeFirstLoad).join('\n'));
    },
  };
}
