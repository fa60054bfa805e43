// Mutation testing as a bench figure (issue 19 §2): runs `npm run test:mutation` (Stryker, see
// stryker.config.mjs) and reports the mutation score over machines/, src/contract/ and the server's
// lifecycle services, overall and per folder. Not part of `npm test`: a full run takes hours on 2
// cores; the committed incremental file (bench/mutation/stryker-incremental.json) makes a later run
// re-test only the mutants whose code or covering tests changed.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './benchFigure';
import { mutationCoverage, mutationScores, type MutationReport } from './support/mutationScore';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = path.join(ROOT, 'reports/mutation/mutation.json');
/** Issue 19 §2: a mutation score of at least 85 %. */
const MIN_SCORE = 85;

/** The folders stryker.config.mjs mutates (its `mutate` globs); the server's lifecycle services are
 *  not in the config yet (docs/decisions.md "Mutation testing: a feasible scope"), so they are not counted as scope. */
const SCOPE_FOLDERS = ['machines', 'src/contract'];

function filesInScope(): string[] {
  return SCOPE_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${folder}/${name.replaceAll('\\', '/')}`),
  );
}

/** MUTATION_FILES (comma-separated globs) narrows the run, as `--mutate` does, when the whole is too slow. */
function strykerArgs(): string[] {
  const files = process.env.MUTATION_FILES?.trim();
  return ['stryker', 'run', ...(files ? ['--mutate', files] : [])];
}

export async function measure(): Promise<BenchFigure[]> {
  const run = spawnSync('npx', strykerArgs(), { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`stryker run exited with ${run.status ?? run.signal}`);
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as MutationReport;
  const scores = mutationScores(report);
  // The unit states what the score covers: the report holds the files this run mutated plus those
  // the committed incremental file kept from earlier runs; the rest of the scope is not measured yet.
  const { measured, inScope, staticNotRun } = mutationCoverage(report, filesInScope());
  const statics = staticNotRun > 0 ? `${staticNotRun} static mutants not run` : 'static mutants included';
  const scope = `% (${measured} of ${inScope} files of machines/ + src/contract/, ${statics}; lean tests)`;
  return [
    { name: 'mutationScore', value: scores.all, unit: scope, budget: { min: MIN_SCORE } },
    ...Object.entries(scores.byFolder).map(([folder, value]) => ({
      name: `mutationScore:${folder}`,
      value,
      unit: scope,
    })),
  ];
}
