// One Lighthouse run (the `lighthouse` package, desktop preset) of one page in the system Chromium,
// launched by chrome-launcher with the suite's flags. A signed-in page gets the session-store
// entry before any script of the page runs, as the login flow would have left it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../../tests/support/browser';
import { chromiumPath } from './bundleBrowser';
import type { SessionStoreEntry } from './lighthouseSession';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface AuditProblem {
  category: Category;
  id: string;
  title: string;
  score: number;
  /** The elements the audit names (selector and HTML snippet), when it names any. */
  nodes: string[];
  displayValue?: string;
}

export interface LighthouseRun {
  scores: Record<Category, number>;
  problems: AuditProblem[];
  /** Lighthouse's own CPU benchmark of this machine during the run (higher is faster; an idle
   *  desktop scores ~1000+, and scores under ~600 make the performance figure unreliable). */
  benchmarkIndex: number;
}

/** LIGHTHOUSE_REPORTS=<dir> keeps every run's full JSON report there, to read what cost points. */
function keepReport(lhr: Result): void {
  const dir = process.env.LIGHTHOUSE_REPORTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = `${new URL(lhr.finalDisplayedUrl).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
  writeFileSync(path.join(dir, name), JSON.stringify(lhr, null, 1));
}

interface AuditNode {
  selector?: string;
  snippet?: string;
}

function nodesOf(details: unknown): string[] {
  const items = (details as { items?: Array<{ node?: AuditNode }> } | undefined)?.items ?? [];
  return items
    .map((item) => item.node)
    .filter((node): node is AuditNode => node !== undefined)
    .map((node) => `${node.selector ?? '?'}  ${node.snippet ?? ''}`.trim());
}

function problemsOf(lhr: Result): AuditProblem[] {
  const problems: AuditProblem[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      // Only audits that count towards the score and did not pass.
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      problems.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        nodes: nodesOf(audit.details),
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  return problems;
}

export async function runLighthouse(url: string, session?: SessionStoreEntry): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, '--lang=zh-CN'],
    logLevel: 'silent',
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const page = await browser.newPage();
      if (session) {
        const origin = new URL(url).origin;
        await page.evaluateOnNewDocument(
          (entry: SessionStoreEntry, pageOrigin: string) => {
            // Lighthouse passes through about:blank first; only the portal's pages get the session.
            if (location.origin !== pageOrigin || sessionStorage.getItem(entry.key)) return;
            sessionStorage.setItem(entry.key, entry.value);
          },
          session,
          origin,
        );
      }
      const result = await lighthouse(
        url,
        { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] },
        desktopConfig,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      keepReport(lhr);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => {
          const score = lhr.categories[c]?.score;
          if (score === null || score === undefined) throw new Error(`Lighthouse on ${url}: no ${c} score`);
          return [c, Math.round(score * 100)];
        }),
      ) as Record<Category, number>;
      return { scores, problems: problemsOf(lhr), benchmarkIndex: lhr.environment.benchmarkIndex };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}
