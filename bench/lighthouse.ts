// Issue 10 §1, front end: Lighthouse (desktop preset) on /login and, signed in, /gateway, in the
// system Chromium against the production build: performance, accessibility and best practices.
// A full run audits each page three times and reports each category's median; audits that cost
// points are printed with the elements they name.
import type { BenchFigure, BenchOptions } from './benchFigure';
import { buildWebForBench } from './support/bundleBuild';
import { startFrontEndPortal } from './support/bundlePortal';
import { CATEGORIES, runLighthouse, type AuditProblem, type Category } from './support/lighthouseRun';
import { signedInApplicant } from './support/lighthouseSession';

const BUDGET: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 95 };
const FIGURE_NAME: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'BestPractices',
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function printProblems(page: string, problems: AuditProblem[]): void {
  const seen = new Set<string>();
  for (const p of problems) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const value = p.displayValue ? ` (${p.displayValue})` : '';
    console.log(`    ${page} ${p.category}: ${p.id} — ${p.title}${value}, score ${p.score}`);
    for (const node of p.nodes.slice(0, 5)) console.log(`      ${node.slice(0, 200)}`);
  }
}

export async function measure(options: BenchOptions): Promise<BenchFigure[]> {
  const runs = options.quick ? 1 : 3;
  const build = await buildWebForBench();
  try {
    const portal = await startFrontEndPortal(build.outDir);
    try {
      const session = await signedInApplicant(portal.app);
      const pages = [
        { name: 'Login', path: '/login', session: undefined },
        { name: 'Gateway', path: '/gateway', session },
      ];
      const figures: BenchFigure[] = [];
      for (const page of pages) {
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await runLighthouse(`${portal.url}${page.path}`, page.session));
        for (const category of CATEGORIES) {
          const value = median(results.map((r) => r.scores[category]));
          figures.push({
            name: `lighthouse${page.name}${FIGURE_NAME[category]}`,
            value,
            unit: 'score',
            budget: { min: BUDGET[category] },
          });
        }
        for (const r of results)
          console.log(`  ${page.path}: ${JSON.stringify(r.scores)}, CPU benchmark index ${Math.round(r.benchmarkIndex)}`);
        printProblems(page.path, results.flatMap((r) => r.problems));
      }
      return figures;
    } finally {
      await portal.close();
    }
  } finally {
    build.remove();
  }
}
