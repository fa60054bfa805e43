// Stryker's mutation score from its JSON report (mutation-testing-report-schema): detected mutants
// (killed or timed out) over the valid ones (detected, survived, no coverage). Ignored, compile- and
// runtime-error mutants are not valid and do not count, as in Stryker's own summary.

export interface MutationReport {
  files: Record<string, { mutants: { status: string; statusReason?: string }[] }>;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** The folder a file is reported under: `machines`, `src/contract`, `src/server/services/card`… */
export function folderOf(file: string): string {
  const parts = file.split('/');
  const depth = parts[0] === 'src' ? (parts[1] === 'server' ? 4 : 2) : 1;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
}

function score(detected: number, undetected: number): number {
  const valid = detected + undetected;
  return valid === 0 ? 100 : Math.round((detected / valid) * 1000) / 10;
}

export function mutationScores(report: MutationReport): { all: number; byFolder: Record<string, number> } {
  const counts = new Map<string, { detected: number; undetected: number }>();
  const total = { detected: 0, undetected: 0 };
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const folder = folderOf(file.replaceAll('\\', '/'));
    const count = counts.get(folder) ?? { detected: 0, undetected: 0 };
    for (const { status } of mutants) {
      const key = DETECTED.has(status) ? 'detected' : UNDETECTED.has(status) ? 'undetected' : null;
      if (!key) continue;
      count[key]++;
      total[key]++;
    }
    counts.set(folder, count);
  }
  const byFolder: Record<string, number> = {};
  for (const [folder, c] of [...counts].sort(([a], [b]) => a.localeCompare(b)))
    byFolder[folder] = score(c.detected, c.undetected);
  return { all: score(total.detected, total.undetected), byFolder };
}

/** What a score covers: how many files of the scope have results, and how many of their mutants
 *  were skipped as static (`ignoreStatic`), so the figure never reads as more than was measured. */
export function mutationCoverage(
  report: MutationReport,
  inScope: readonly string[],
): { measured: number; inScope: number; staticNotRun: number } {
  const scope = new Set(inScope);
  let measured = 0;
  let staticNotRun = 0;
  for (const [file, { mutants }] of Object.entries(report.files)) {
    if (!scope.has(file.replaceAll('\\', '/'))) continue;
    measured++;
    staticNotRun += mutants.filter((m) => m.status === 'Ignored' && /static/i.test(m.statusReason ?? '')).length;
  }
  return { measured, inScope: scope.size, staticNotRun };
}

/** One report over both Stryker configs (stryker.config.mjs, stryker.server.config.mjs): their
 *  mutated files do not overlap, so the union of their files is the whole run. */
export function mergeReports(...reports: MutationReport[]): MutationReport {
  const files: MutationReport['files'] = {};
  for (const report of reports) {
    for (const [file, result] of Object.entries(report.files)) {
      if (file in files) throw new Error(`${file} is mutated by two configs`);
      files[file] = result;
    }
  }
  return { files };
}

/** MUTATION_FILES split between the two configs: globs under `serverPrefix` go to the server's
 *  config, the rest to the first. A config that gets none is not run (its last report stands). */
export function splitMutateGlobs(
  globs: readonly string[],
  serverPrefix = 'src/server/',
): { main: string[]; server: string[] } {
  const main: string[] = [];
  const server: string[] = [];
  for (const glob of globs) {
    const file = glob.startsWith('!') ? glob.slice(1) : glob;
    (file.startsWith(serverPrefix) ? server : main).push(glob);
  }
  return { main, server };
}
