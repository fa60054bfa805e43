// Drops the undetected results (Survived, NoCoverage) and the timeouts from Stryker's incremental
// file so the next incremental run tests those mutants again, and keeps every killed or ignored result.
// Why: a static mutant (a chart's definition is a module-level constant) has no per-test coverage,
// so Stryker's incremental differ sees no new covering test when a test is added, and reuses the old
// "Survived" (docs/decisions/mutation-testing.md "Mutation testing: a feasible scope"). `--force` re-tests whole files;
// this re-tests only what was left, which is what new tests target. Timeouts too: on a loaded
// machine a mutant whose tests merely ran slowly past Stryker's timeout counts as detected.
// Usage: node stryker/retestSurvivors.mjs [incremental file] (default bench/mutation/stryker-incremental.json)
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'bench/mutation/stryker-incremental.json';
const report = JSON.parse(readFileSync(file, 'utf8'));
const UNDETECTED = new Set(['Survived', 'NoCoverage', 'Timeout']);
let dropped = 0;
for (const entry of Object.values(report.files)) {
  const before = entry.mutants.length;
  entry.mutants = entry.mutants.filter((mutant) => !UNDETECTED.has(mutant.status));
  dropped += before - entry.mutants.length;
}
writeFileSync(file, JSON.stringify(report));
console.log(
  `retestSurvivors: ${dropped} undetected or timed-out results dropped from ${file}; the next run tests them again`,
);
