// Mutation testing (issue 19 §2): `npm run test:mutation`. Decisions in
// docs/decisions/mutation-testing.md "Mutation testing". The incremental file is committed so a later run only
// re-tests mutants whose code or covering tests changed.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner', './stryker/specCitationIgnorer.mjs'],
  // States' spec citations (`meta: { spec }`) are documentation: not mutated (the plugin says why).
  ignorers: ['spec-citations'],
  // The registries (machines/registry.ts, machines/*.registry.ts) are the generated tests' inputs
  // (graph events, inputs) and the diagrams' titles: a mutant there changes a test, not a rule
  // (docs/decisions/mutation-testing.md "Mutation testing: the whole scope").
  mutate: ['machines/**/*.ts', 'src/contract/**/*.ts', '!machines/registry.ts', '!machines/*.registry.ts'],
  coverageAnalysis: 'perTest',
  // A machine's definition is a module-level constant, so most of machines/ is "static" to Stryker:
  // ignoring static mutants left the lifecycle charts untested (n/a). They are tested; the vitest
  // runner's `related` mode keeps each run to the test files that import the mutated file.
  // MUTATION_IGNORE_STATIC=1 skips them for a quick look at the rules written as functions (guards,
  // assigns, the enforcer); the bench then says so in the figure's unit.
  ignoreStatic: process.env.MUTATION_IGNORE_STATIC === '1',
  // Two cores shared with other work: one test process (MUTATION_CONCURRENCY overrides).
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  incremental: true,
  incrementalFile: 'bench/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  thresholds: { high: 90, low: 85, break: null },
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
};
