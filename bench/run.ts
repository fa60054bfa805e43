// `npm run bench`: runs every bench module in turn (issue 10 §1), prints the machine and one table
// (figure, value, unit, budget, ok/OVER), writes bench/results.json and exits non-zero when a figure
// is over budget or a module could not measure. Flags: --quick, --only <module>, --no-fail.
// With --only, the other modules' figures already in results.json are kept (runnerResults.ts).
// Modules written by others (bundle, lighthouse) are imported dynamically: a missing one is reported
// as missing, and fails the run like any figure that was not measured.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchFigure } from './benchFigure';
import { BENCH_MODULES, parseRunnerArgs, type BenchModuleName } from './support/runnerArgs';
import { exitCode, judge, type JudgedFigure, type ModuleProblem } from './support/runnerBudget';
import { describeMachine } from './support/runnerMachine';
import { mergeResults, type StoredResults } from './support/runnerResults';
import { formatTable } from './support/runnerTable';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.join(BENCH_DIR, 'results.json');

interface BenchModule {
  measure(options: { quick: boolean }): Promise<BenchFigure[]>;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const causes: string[] = [];
  for (let c: unknown = error.cause; c instanceof Error; c = c.cause) causes.push(c.message);
  return [error.message, ...causes].join(' ← ');
}

async function runModule(
  name: BenchModuleName,
  quick: boolean,
): Promise<{ figures: BenchFigure[] } | ModuleProblem> {
  const file = path.join(BENCH_DIR, `${name}.ts`);
  if (!existsSync(file)) return { module: name, kind: 'missing', message: `bench/${name}.ts does not exist` };
  let loaded: Partial<BenchModule>;
  try {
    loaded = (await import(pathToFileURL(file).href)) as Partial<BenchModule>;
  } catch (error) {
    return { module: name, kind: 'failed', message: `bench/${name}.ts did not load: ${describeError(error)}` };
  }
  if (typeof loaded.measure !== 'function')
    return { module: name, kind: 'failed', message: `bench/${name}.ts exports no measure()` };
  try {
    return { figures: await loaded.measure({ quick }) };
  } catch (error) {
    if (process.env.BENCH_DEBUG && error instanceof Error) console.error(error.stack);
    return { module: name, kind: 'failed', message: describeError(error) };
  }
}

async function main(): Promise<number> {
  const args = parseRunnerArgs(process.argv.slice(2));
  const machine = describeMachine();
  console.log(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memGiB} GiB, Node ${machine.node}, ${machine.os}`,
  );
  console.log(`Mode: ${args.quick ? 'quick (smoke check, not figures to quote)' : 'full'}\n`);

  const figures: (JudgedFigure & { module: BenchModuleName })[] = [];
  const problems: ModuleProblem[] = [];
  for (const name of args.modules) {
    const started = Date.now();
    console.log(`▶ ${name}…`);
    const outcome = await runModule(name, args.quick);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if ('figures' in outcome) {
      figures.push(...outcome.figures.map((f) => ({ ...judge(f), module: name })));
      console.log(`  ${outcome.figures.length} figures in ${seconds} s`);
    } else {
      problems.push(outcome);
      console.log(`  ${outcome.kind}: ${outcome.message}`);
    }
  }

  console.log('\n' + formatTable(figures, problems) + '\n');
  const at = new Date().toISOString();
  const current: StoredResults = {
    machine,
    at,
    quick: args.quick,
    figures: Object.fromEntries(
      figures.map((f) => [
        f.name,
        { value: f.value, unit: f.unit, budget: f.budget ?? {}, ok: f.ok, module: f.module, at, quick: args.quick },
      ]),
    ),
    problems: Object.fromEntries(problems.map((p) => [p.module, { kind: p.kind, message: p.message }])),
  };
  const previous = existsSync(RESULTS_FILE)
    ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as StoredResults)
    : null;
  const results = mergeResults(previous, current, args.modules, BENCH_MODULES);
  writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n');
  console.log(`Written: ${path.relative(process.cwd(), RESULTS_FILE)}`);

  const code = exitCode(figures, problems, { noFail: args.noFail });
  const over = figures.filter((f) => !f.ok).map((f) => f.name);
  if (over.length > 0) console.log(`Over budget: ${over.join(', ')}`);
  if (code !== 0) console.log('The bench failed (run with --no-fail to only report).');
  return code;
}

// Modules close what they start; exiting explicitly keeps a stray handle from holding the run open.
process.exit(await main());
