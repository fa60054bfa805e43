// Issue 10 §5: axe-core (WCAG 2.0/2.1 A and AA, best practices) in Chromium on every page of the
// route table, in zh-cn and en-us, in the state a person sees it (signed in as who the page is for,
// phone pages on a phone, the dialog open where the page is mostly a dialog): no serious or critical
// violation. The routes come from the table itself, so a new route without a visit fails here.
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/contract/envelope';
import { allRoutes } from '../../src/web/shell/routes';
import { axeFindings, formatFindings } from './support/a11yAxe';
import { PAGE_VISITS, routesOfVisit } from './support/a11yVisits';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

const LOCALES: Locale[] = ['zh-cn', 'en-us'];
const ROUTES = allRoutes().map((r) => r.path);
const COVERED = Object.keys(PAGE_VISITS).flatMap(routesOfVisit);

test('every route of the table is checked by exactly one visit, and every visit checks routes of the table', () => {
  expect(ROUTES.length).toBeGreaterThan(20);
  expect(
    ROUTES.filter((path) => !COVERED.includes(path)),
    'routes without an accessibility visit',
  ).toEqual([]);
  expect(
    COVERED.filter((path, i) => COVERED.indexOf(path) !== i),
    'routes checked by two visits',
  ).toEqual([]);
  expect(
    COVERED.filter((path) => !ROUTES.includes(path)),
    'visits of no route',
  ).toEqual([]);
});

// The visits run a few at a time (the project's maxConcurrency): each mostly waits for a fresh
// context to load the production app, and each has its own person, context and page (forTest), so
// no visit sees another's. Hence the test's own `expect`, as vitest asks of concurrent tests.
// One flat list for both locales, so that the slow visits (the machine diagrams: axe alone takes
// tens of seconds there) are spread: the first starts first and the rest overlap it, the next a
// share of the list later. Two at once kept the renderer busy past the 120 s guard at load 25.
const VISITS = LOCALES.flatMap((locale) =>
  Object.keys(PAGE_VISITS).map((path) => [locale, routesOfVisit(path).join(', '), path] as const),
);
const slowVisits = VISITS.filter(([, , path]) => PAGE_VISITS[path]?.slow);
const ORDERED = VISITS.filter(([, , path]) => !PAGE_VISITS[path]?.slow);
slowVisits.forEach((visit, i) =>
  ORDERED.splice(Math.round((i * (ORDERED.length + i)) / slowVisits.length), 0, visit),
);

describe('every route in both locales', () => {
  test.concurrent.for(ORDERED)(
    'in %s, %s: no serious or critical axe violation',
    async ([locale, , path], test) => {
      const { expect } = test;
      const visit = PAGE_VISITS[path];
      if (!visit)
        throw new Error(
          `no accessibility visit for ${path} (add one to tests/browser/support/a11yVisits.ts)`,
        );
      const page = await visit.open(suite.forTest(test), locale);
      const reports: string[] = [];
      let failed = false;
      const check = async (state: string) => {
        // The page speaks the language it shows (WCAG 3.1.1): the html lang follows the locale.
        expect(await page.evaluate(() => document.documentElement.lang.toLowerCase())).toBe(
          locale === 'zh-cn' ? 'zh-cn' : 'en-us',
        );
        const findings = await axeFindings(page);
        failed ||= findings.length > 0;
        reports.push(
          formatFindings(`${path} (${locale}, ${state}, at ${new URL(page.url()).pathname})`, findings),
        );
      };
      await check('as opened');
      for (const step of visit.then ?? []) {
        await step.reach(page, locale);
        await check(step.name);
      }
      expect(failed, reports.join('\n')).toBe(false);
    },
  );
});
