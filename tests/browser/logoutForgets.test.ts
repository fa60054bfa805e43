// Issue 20 §10 (spec §4 "Logout clears the store and goes to /login"): A logs in, looks at the user
// center and hides a column, logs out; B logs in in the same tab. While B's own answers are held
// back, no page B opens may show anything of A: not A's email, not A's column choice.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { Locale } from '../../src/contract/envelope';
import { users } from '../../src/server/db/schema/index';
import { hashPassword } from '../../src/server/security/passwords';
import { signInAs } from '../support/sessions';
import { text } from './support/catalog';
import { dragSlider, watchPuzzles, type Puzzles } from './support/slider';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const locale: Locale = 'en-us';
const PASSWORD = 'Right#Pass1';
/** How long B's answers are held back: long enough to see what a page shows before they arrive. */
const HOLD_MS = 1500;

async function account() {
  const portal = suite.portal();
  const signed = await signInAs(portal.app, { role: 'applicant', language: locale });
  await portal.app.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, signed.userId));
  return signed.email;
}

async function logIn(page: Page, puzzles: Puzzles, email: string) {
  await page.getByRole('heading', { level: 1, name: text(locale, 'Log in') }).waitFor();
  await page.getByLabel(text(locale, 'Email'), { exact: true }).fill(email);
  await page.getByLabel(text(locale, 'Password'), { exact: true }).fill(PASSWORD);
  await dragSlider(page, locale, puzzles);
  await page.getByRole('button', { name: text(locale, 'Log in'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/gateway');
}

async function menu(page: Page, item: string) {
  await page.getByRole('button', { name: text(locale, 'User menu') }).click();
  await page.getByRole('menuitem', { name: text(locale, item) }).click();
}

test("B, logged in after A in the same tab, never sees A's data, even before B's own arrives", async () => {
  const [emailA, emailB] = await Promise.all([account(), account()]);
  const page = await suite.page(await suite.context({ locale }));
  const puzzles = await watchPuzzles(page, suite.portal());
  await page.goto(`${suite.portal().url}/login`);

  // A: the user center (A's email, login history), and the IP column hidden.
  await logIn(page, puzzles, emailA);
  await menu(page, 'User center');
  await page.getByText(emailA, { exact: true }).first().waitFor();
  const ipHeader = page.getByRole('columnheader', { name: text(locale, 'IP address') });
  await ipHeader.waitFor();
  await page.getByRole('button', { name: text(locale, 'Column settings') }).click();
  await page.getByRole('checkbox', { name: text(locale, 'IP address') }).click();
  await ipHeader.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await menu(page, 'Log out');
  await page.waitForURL((url) => url.pathname === '/login');

  // B's answers are held back; logging in itself is not.
  await page.route('**/plat/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!/\/ums\/(login|captcha|crypto)/.test(path)) await new Promise((r) => setTimeout(r, HOLD_MS));
    // fallback, not continue: the puzzle watcher's route reads the captcha's answer.
    await route.fallback();
  });
  // Every change of the page from here on is checked for anything of A.
  await page.evaluate((emailA) => {
    const seen: string[] = [];
    const check = () => {
      const textNow = document.body.innerText;
      if (textNow.includes(emailA)) seen.push(`A's email on ${location.pathname}`);
      const headers = [...document.querySelectorAll('table[aria-label] th')].map((th) => th.textContent);
      if (headers.length > 0 && !headers.includes('IP address'))
        seen.push(`A's columns on ${location.pathname}`);
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    (window as unknown as { seenOfA: string[] }).seenOfA = seen;
  }, emailA);

  await logIn(page, puzzles, emailB);
  await page.getByRole('heading', { level: 1, name: text(locale, 'Home') }).waitFor();
  await page.waitForTimeout(HOLD_MS + 500);
  await menu(page, 'User center');
  // B's own data arrives: B's email, and B's columns (the IP column, never hidden by B).
  await page.getByText(emailB, { exact: true }).first().waitFor();
  await page.getByRole('columnheader', { name: text(locale, 'IP address') }).waitFor();

  const seen = await page.evaluate(() => (window as unknown as { seenOfA: string[] }).seenOfA);
  expect(seen).toEqual([]);
  // And the tab keeps nothing of A for a later account either.
  const stored = await page.evaluate(() => Object.keys(sessionStorage));
  expect(stored).toEqual(['user']);
});
