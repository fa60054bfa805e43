// The runner's command line: `--quick`, `--only <module>[,<module>]` (repeatable), `--no-fail`.
// Flags a module reads itself (journey's `--applicants N`) are let through untouched.

export const BENCH_MODULES = [
  'bundle',
  'lighthouse',
  'api',
  'login',
  'upload',
  'journey',
  'resilience',
  'memory',
  'face',
  'documents',
  'queue',
  'abuse',
  'mutation',
] as const;
export type BenchModuleName = (typeof BENCH_MODULES)[number];

export interface RunnerArgs {
  quick: boolean;
  noFail: boolean;
  modules: BenchModuleName[];
}

function isModuleName(name: string): name is BenchModuleName {
  return (BENCH_MODULES as readonly string[]).includes(name);
}

export function parseRunnerArgs(argv: readonly string[]): RunnerArgs {
  let quick = false;
  let noFail = false;
  const only: BenchModuleName[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') quick = true;
    else if (arg === '--no-fail') noFail = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      if (!value) throw new Error('--only needs a module name');
      for (const name of value.split(',').map((s) => s.trim())) {
        if (!isModuleName(name))
          throw new Error(`--only: unknown module "${name}" (one of ${BENCH_MODULES.join(', ')})`);
        if (!only.includes(name)) only.push(name);
      }
    }
  }
  return { quick, noFail, modules: only.length > 0 ? only : [...BENCH_MODULES] };
}
