// axe-core run inside the page under test (the installed axe.min.js, evaluated through DevTools: the
// portal's CSP refuses inline script tags, and the page is checked with its CSP on), and a
// report of its serious and critical findings that names every offending node, so a failure says
// what to fix without a second run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0/2.1 A and AA, and axe's best practices (issue 10 §5). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** The impacts that fail the suite; minor and moderate findings are printed by axe but not ours. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** The serious and critical violations axe finds on the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // A dialog fading in is half transparent: its colours would be judged mid-blend. Let every finite
  // animation or transition finish first (a spinner's endless one is not waited for).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 30_000 },
  );
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(`${AXE_SOURCE}\n;void 0`);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: [...tags] } });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html.slice(0, 300),
        summary: n.failureSummary ?? '',
      })),
    }));
  }, AXE_TAGS);
  return violations.filter((v) => BLOCKING.has(v.impact));
}

/** A readable list for the failure message: each rule, then each node with axe's explanation. */
export function formatFindings(where: string, findings: readonly AxeFinding[]): string {
  if (findings.length === 0) return `${where}: no serious or critical violations`;
  const lines = [`${where}: ${findings.length} serious/critical axe violation(s)`];
  for (const f of findings) {
    lines.push(`  [${f.impact}] ${f.id}: ${f.help}`);
    for (const n of f.nodes) {
      lines.push(`    at ${n.target}`, `      ${n.html}`);
      for (const line of n.summary.split('\n')) lines.push(`      ${line}`);
    }
  }
  return lines.join('\n');
}
