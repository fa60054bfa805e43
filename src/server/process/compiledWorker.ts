// The HTTP workers run JavaScript compiled at start, not the TypeScript sources through tsx (issue 31
// §1 and §5). tsx's loader costs every process it runs in about 35 MB (Node 20 runs module hooks in a
// thread of their own, with its own V8 heap) and the worker's puzzle thread registers it again; an
// idle worker's memory budget (150 MB) is what bounds its young generation, which is the largest
// lever on the API's speed left (docs/decisions/performance.md, Session 13).
//
// The supervisor compiles the worker and its puzzle thread with esbuild (tsx's own compiler, so
// nothing new is installed) each time it starts, before it forks: `npm start` stays one command, and
// the JavaScript is never older than the sources. Packages stay imports (resolved from node_modules as
// before); `import.meta.url`/`dirname`/`filename` keep the value they have in the source file, so
// paths built from them (models, migrations, the web build) are the same. Source maps point stack
// traces at the .ts lines. Each file is written under a temporary name and renamed: several portals
// starting at once on one checkout (the tests) never read a half-written file.
import { readFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';

const PROCESS_DIR = path.dirname(fileURLToPath(import.meta.url));
const SERVER_DIR = path.resolve(PROCESS_DIR, '..');
/** dist/server (dist/ is the build output, kept out of git). */
export const COMPILED_DIR = path.resolve(SERVER_DIR, '../../dist/server');

export interface CompiledWorker {
  /** What cluster forks instead of workerMain.ts. */
  entry: string;
  /** The puzzle thread's module, as a file URL (security/captcha/puzzleSource.ts). */
  puzzleThreadUrl: string;
}

/** Tells a compiled worker where its compiled puzzle thread is (unset: the thread loads tsx). */
export const PUZZLE_THREAD_ENV = 'PORTAL_PUZZLE_THREAD';

function loadEsbuild(): typeof Esbuild {
  // esbuild comes with tsx, a runtime dependency: resolved from tsx's own location.
  const fromHere = createRequire(import.meta.url);
  const fromTsx = createRequire(fromHere.resolve('tsx'));
  return fromTsx('esbuild') as typeof Esbuild;
}

/** Our sources' `import.meta` values, written in as they are at the source's own path. */
const sourceImportMeta: Esbuild.Plugin = {
  name: 'source-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

export async function compileWorker(outDir: string = COMPILED_DIR): Promise<CompiledWorker> {
  const esbuild = loadEsbuild();
  const result = await esbuild
    .build({
      entryPoints: {
        workerMain: path.join(PROCESS_DIR, 'workerMain.ts'),
        puzzleThread: path.join(SERVER_DIR, 'security/captcha/puzzleThread.ts'),
      },
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      sourcemap: 'linked',
      plugins: [sourceImportMeta],
      write: false,
      logLevel: 'silent',
    })
    // esbuild's service (a child process, ~50 MB) would otherwise stay for the supervisor's life.
    .finally(() => esbuild.stop());
  await mkdir(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  return {
    entry: path.join(outDir, 'workerMain.mjs'),
    puzzleThreadUrl: pathToFileURL(path.join(outDir, 'puzzleThread.mjs')).href,
  };
}
