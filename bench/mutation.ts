// Mutation testing as a bench figure (issue 19 §2): runs `npm run test:mutation`'s two Stryker
// configs (stryker.config.mjs: machines/ and src/contract/ on the lean tests; stryker.server.config.mjs:
// the server's lifecycle services on their server suites) and reports one mutation score over both,
// plus one per folder. Not part of `npm test`: a full run takes hours on 2 cores; the committed
// incremental files (bench/mutation/stryker-incremental*.json) make a later run re-test only the
// mutants whose code or covering tests changed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchFigure } from './benchFigure';
import {
  mergeReports,
  mutationCoverage,
  mutationScores,
  splitMutateGlobs,
  type MutationReport,
} from './support/mutationScore';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Issue 19 §2: a mutation score of at least 85 %. */
const MIN_SCORE = 85;

/** The folders stryker.config.mjs mutates (its `mutate` globs). */
const SCOPE_FOLDERS = ['machines', 'src/contract'];

interface StrykerRun {
  config: string;
  report: string;
}
const MAIN: StrykerRun = { config: 'stryker.config.mjs', report: 'reports/mutation/mutation.json' };
const SERVER: StrykerRun = {
  config: 'stryker.server.config.mjs',
  report: 'reports/mutation-server/mutation.json',
};

async function mutateGlobsOf({ config }: StrykerRun): Promise<string[]> {
  const module = (await import(pathToFileURL(path.join(ROOT, config)).href)) as {
    default: { mutate: string[] };
  };
  return module.default.mutate;
}

/** The files the main config's `mutate` globs select, its exclusions (the registries) applied. */
async function filesInScope(): Promise<string[]> {
  const globs = await mutateGlobsOf(MAIN);
  const included = globs.filter((glob) => !glob.startsWith('!'));
  const excluded = globs.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1));
  return SCOPE_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${folder}/${name.replaceAll('\\', '/')}`),
  ).filter(
    (file) =>
      included.some((glob) => path.matchesGlob(file, glob)) &&
      !excluded.some((glob) => path.matchesGlob(file, glob)),
  );
}

/** The server config lists its files one by one (docs/decisions/mutation-testing.md "Mutation testing of the server's lifecycle services"). */
async function serverFilesInScope(): Promise<string[]> {
  return (await mutateGlobsOf(SERVER)).filter((file) => !file.startsWith('!'));
}

function runStryker({ config }: StrykerRun, mutate: string[]): void {
  const args = ['stryker', 'run', config, ...(mutate.length > 0 ? ['--mutate', mutate.join(',')] : [])];
  const run = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`stryker run ${config} exited with ${run.status ?? run.signal}`);
}

function readReport({ report }: StrykerRun): MutationReport {
  const file = path.join(ROOT, report);
  // No report yet (e.g. a narrowed run that skipped this config): nothing of its scope is measured.
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as MutationReport) : { files: {} };
}

export async function measure(): Promise<BenchFigure[]> {
  // MUTATION_FILES (comma-separated globs) narrows the run, as `--mutate` does, when the whole is too
  // slow; a config none of whose files is named is not run, and its last report is read.
  const narrowed = process.env.MUTATION_FILES?.split(',')
    .map((glob) => glob.trim())
    .filter(Boolean);
  const globs = narrowed?.length ? splitMutateGlobs(narrowed) : null;
  if (!globs || globs.main.length > 0) runStryker(MAIN, globs?.main ?? []);
  if (!globs || globs.server.length > 0) runStryker(SERVER, globs?.server ?? []);

  const report = mergeReports(readReport(MAIN), readReport(SERVER));
  const scores = mutationScores(report);
  // The unit states what the score covers: the reports hold the files the runs mutated plus those
  // the committed incremental files kept from earlier runs; the rest of the scope is not measured yet.
  const scopeFiles = [...(await filesInScope()), ...(await serverFilesInScope())];
  const { measured, inScope, staticNotRun } = mutationCoverage(report, scopeFiles);
  // Files Stryker found no mutant in (types, path tables) are absent from a report as files not run
  // yet are: named, so a reader can tell which.
  const absent = scopeFiles.filter((file) => !(file in report.files));
  const statics = staticNotRun > 0 ? `${staticNotRun} static mutants not run` : 'static mutants included';
  const scope =
    `% (${measured} of ${inScope} files of machines/ + src/contract/ + the server's lifecycle services, ` +
    `${statics}; lean tests, server suites for the services` +
    `${absent.length > 0 ? `; not in the reports: ${absent.join(', ')}` : ''})`;
  return [
    { name: 'mutationScore', value: scores.all, unit: scope, budget: { min: MIN_SCORE } },
    ...Object.entries(scores.byFolder).map(([folder, value]) => ({
      name: `mutationScore:${folder}`,
      value,
      unit: scope,
    })),
  ];
}
