// The size-limit check of issue 10 §1 (src/tools/bundleBudget.ts): the first load it computes from
// a bundle, and a real Vite build that it fails when that first load is over budget.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import {
  budgetProblems,
  bundleBudget,
  filesReferencedByHtml,
  firstLoadFileNames,
  gzipSize,
  measureFirstLoad,
  type BudgetBundle,
  type BudgetChunk,
} from '../../src/tools/bundleBudget';

const ROOT = '/project';

function chunk(fileName: string, init: Partial<BudgetChunk> = {}): BudgetChunk {
  return {
    type: 'chunk',
    fileName,
    code: init.code ?? `export const name = ${JSON.stringify(fileName)};`,
    imports: init.imports ?? [],
    moduleIds: init.moduleIds ?? [],
    facadeModuleId: init.facadeModuleId ?? null,
    viteMetadata: init.viteMetadata,
  };
}

/** index.html → entry (→ shared, entry.css); login page chunk (→ shared, form chunk, login.css);
 *  an admin chunk nobody loads at first; a catalog chunk per language. */
function fakeBundle(entryCode = 'export {};'): BudgetBundle {
  const html = [
    '<!doctype html><html><head>',
    '<script type="module" crossorigin src="/assets/entry.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/shared.js">',
    '<link rel="stylesheet" crossorigin href="/assets/entry.css">',
    '<link rel="icon" href="/favicon.ico">',
    '<script src="https://cdn.example.com/other.js"></script>',
    '</head><body></body></html>',
  ].join('\n');
  const items: Array<BudgetBundle[string]> = [
    { type: 'asset', fileName: 'index.html', source: html },
    chunk('assets/entry.js', {
      code: entryCode,
      imports: ['assets/shared.js'],
      moduleIds: [`${ROOT}/src/main.tsx`],
      facadeModuleId: `${ROOT}/src/main.tsx`,
      viteMetadata: { importedCss: new Set(['assets/entry.css']) },
    }),
    chunk('assets/shared.js', { moduleIds: [`${ROOT}/node_modules/react/index.js`] }),
    chunk('assets/login.js', {
      imports: ['assets/shared.js', 'assets/form.js'],
      moduleIds: [`${ROOT}/src/login/LoginPage.tsx`],
      facadeModuleId: `${ROOT}/src/login/LoginPage.tsx`,
      viteMetadata: { importedCss: new Set(['assets/login.css']) },
    }),
    chunk('assets/form.js', { moduleIds: [`${ROOT}/src/form.ts`] }),
    chunk('assets/admin.js', {
      imports: ['assets/shared.js'],
      moduleIds: [`${ROOT}/src/admin/AdminPages.tsx`],
      facadeModuleId: `${ROOT}/src/admin/AdminPages.tsx`,
    }),
    chunk('assets/zh.js', {
      moduleIds: [`${ROOT}/src/locales/zh.po`],
      facadeModuleId: `${ROOT}/src/locales/zh.po`,
    }),
    { type: 'asset', fileName: 'assets/entry.css', source: 'body{margin:0}' },
    { type: 'asset', fileName: 'assets/login.css', source: new TextEncoder().encode('.login{color:red}') },
  ];
  return Object.fromEntries(items.map((item) => [item.fileName, item]));
}

const loginScenario = { name: '/login', lazyModules: ['src/login/LoginPage.tsx', 'src/locales/zh.po'] };

describe('the first load computed from the bundle graph', () => {
  it('reads what index.html loads and preloads, not icons or other origins', () => {
    const html = (fakeBundle()['index.html'] as { source: string }).source;
    expect(filesReferencedByHtml(html)).toEqual(['assets/entry.js', 'assets/shared.js', 'assets/entry.css']);
    expect(filesReferencedByHtml('<script type="module" src="/app/assets/a.js"></script>', '/app/')).toEqual([
      'assets/a.js',
    ]);
  });

  it('adds the lazy modules of the page with their static imports and CSS, and nothing else', () => {
    expect(firstLoadFileNames(fakeBundle(), loginScenario, { root: ROOT })).toEqual([
      'assets/entry.css',
      'assets/entry.js',
      'assets/form.js',
      'assets/login.css',
      'assets/login.js',
      'assets/shared.js',
      'assets/zh.js',
    ]);
    expect(firstLoadFileNames(fakeBundle(), { name: 'shell only', lazyModules: [] }, { root: ROOT })).toEqual(
      ['assets/entry.css', 'assets/entry.js', 'assets/shared.js'],
    );
  });

  it('refuses a lazy module that is in no chunk, rather than measuring less', () => {
    expect(() =>
      firstLoadFileNames(
        fakeBundle(),
        { name: 'moved', lazyModules: ['src/login/Gone.tsx'] },
        { root: ROOT },
      ),
    ).toThrow(/no chunk contains src\/login\/Gone.tsx/);
  });

  it('sums gzip sizes (level 9) per kind, in KB of 1024 bytes', () => {
    const bundle = fakeBundle();
    const load = measureFirstLoad(bundle, loginScenario, { root: ROOT });
    const js = ['assets/entry.js', 'assets/form.js', 'assets/login.js', 'assets/shared.js', 'assets/zh.js']
      .map((f) => gzipSize((bundle[f] as BudgetChunk).code))
      .reduce((a, b) => a + b, 0);
    expect(load.jsGzipKB).toBeCloseTo(js / 1024, 10);
    expect(load.cssGzipKB).toBeCloseTo(
      (gzipSize('body{margin:0}') + gzipSize('.login{color:red}')) / 1024,
      10,
    );
  });

  it('is over budget only past the limit', () => {
    const load = { scenario: '/login', files: [], jsGzipKB: 200.4, cssGzipKB: 40 };
    expect(budgetProblems(load, { maxJsGzipKB: 200, maxCssGzipKB: 40 })).toEqual([
      '/login: JS 200.4 KB gzip > 200 KB',
    ]);
    expect(budgetProblems(load, { maxJsGzipKB: 201, maxCssGzipKB: 40 })).toEqual([]);
    expect(budgetProblems(load, { maxJsGzipKB: 201, maxCssGzipKB: 39.9 })).toEqual([
      '/login: CSS 40.0 KB gzip > 39.9 KB',
    ]);
  });
});

describe('the bundle budget plugin', () => {
  // Random bytes do not compress: 48 KB of them in base64 stay above 40 KB gzip.
  const incompressible = () => randomBytes(48 * 1024).toString('base64');

  function runWriteBundle(plugin: ReturnType<typeof bundleBudget>, bundle: BudgetBundle, logs: string[]) {
    const configResolved = plugin.configResolved as (config: { root: string; base: string }) => void;
    configResolved({ root: ROOT, base: '/' });
    const writeBundle = plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    const context = {
      info: (m: string) => logs.push(`info ${m}`),
      warn: (m: string) => logs.push(`warn ${m}`),
    };
    writeBundle.call(context, {}, bundle);
  }

  it('throws for an over-budget bundle, naming the scenario and the biggest files', () => {
    const plugin = bundleBudget({ maxJsGzipKB: 20, maxCssGzipKB: 40, scenarios: [loginScenario] });
    const logs: string[] = [];
    expect(() =>
      runWriteBundle(plugin, fakeBundle(`export const blob = "${incompressible()}";`), logs),
    ).toThrow(/First-load budget exceeded[\s\S]*\/login: JS \d+\.\d KB gzip > 20 KB[\s\S]*assets\/entry\.js/);
  });

  it('passes the same bundle under a budget it fits, and only reports when told not to enforce', () => {
    const bundle = fakeBundle(`export const blob = "${incompressible()}";`);
    const logs: string[] = [];
    runWriteBundle(
      bundleBudget({ maxJsGzipKB: 100, maxCssGzipKB: 40, scenarios: [loginScenario] }),
      bundle,
      logs,
    );
    expect(logs.some((l) => l.startsWith('info /login: JS'))).toBe(true);
    expect(logs.some((l) => l.startsWith('warn'))).toBe(false);

    const reported: string[] = [];
    const reportOnly = bundleBudget({
      maxJsGzipKB: 20,
      maxCssGzipKB: 40,
      scenarios: [loginScenario],
      enforce: false,
    });
    runWriteBundle(reportOnly, bundle, reported);
    expect(reported.some((l) => /^warn \/login: JS .* > 20 KB/.test(l))).toBe(true);
  });

  describe('in a real Vite build', () => {
    let project: string | undefined;
    afterEach(() => {
      if (project) rmSync(project, { recursive: true, force: true });
      project = undefined;
    });

    function writeProject(): string {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bundle-budget-'));
      mkdirSync(path.join(dir, 'src'));
      writeFileSync(
        path.join(dir, 'index.html'),
        '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
      );
      writeFileSync(
        path.join(dir, 'src/main.js'),
        "import { blob } from './blob.js';\nconsole.log(blob.length);\nimport('./page.js').then((m) => m.show());\n",
      );
      writeFileSync(path.join(dir, 'src/blob.js'), `export const blob = "${incompressible()}";\n`);
      writeFileSync(
        path.join(dir, 'src/page.js'),
        `export function show() { console.log("${incompressible()}"); }\n`,
      );
      return dir;
    }

    const buildWith = (root: string, maxJsGzipKB: number) =>
      build({
        root,
        configFile: false,
        logLevel: 'silent',
        build: { outDir: path.join(root, 'dist'), emptyOutDir: true },
        plugins: [
          bundleBudget({
            maxJsGzipKB,
            maxCssGzipKB: 40,
            scenarios: [{ name: 'page', lazyModules: ['src/page.js'] }],
          }),
        ],
      });

    it('fails the build over budget, counting the lazy page too', async () => {
      project = writeProject();
      // The entry alone is ~48 KB gzip; with the page ~96 KB: a 70 KB budget fails only with the page.
      await expect(buildWith(project, 70)).rejects.toThrow(/First-load budget exceeded[\s\S]*page: JS/);
    }, 60_000);

    it('builds within budget', async () => {
      project = writeProject();
      await expect(buildWith(project, 150)).resolves.toBeDefined();
    }, 60_000);
  });
});
