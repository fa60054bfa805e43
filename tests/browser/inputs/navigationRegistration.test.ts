// Issue 17 §3 "Navigation", the registration wizard (info → email code → activation) in a real
// Chromium against the real portal: the browser's Back and Forward between its stages and a refresh
// on each stage do what a person expects: no crash, what was typed kept (never the password), no
// second registration, and the page always showing one clear stage.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../../src/contract/envelope';
import type { DevMailboxItem } from '../../../src/server/routes/dev/mailbox';
import type { Portal } from '../../support/portal';
import { text } from '../support/catalog';
import { UI_TIMEOUT } from '../support/certificationDriver';
import { dragSlider, watchPuzzles, type Puzzles } from '../support/slider';
import { useBrowserSuite } from '../support/suite';

const suite = useBrowserSuite();

async function mails(portal: Portal, to: string): Promise<DevMailboxItem[]> {
  const response = await fetch(`${portal.url}/plat/dev/mailbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: { items: DevMailboxItem[] } }).data.items;
}

const field = (page: Page, locale: Locale, label: string) =>
  page.getByLabel(text(locale, label), { exact: true });
const button = (page: Page, locale: Locale, name: string) =>
  page.getByRole('button', { name: text(locale, name), exact: true });

/** Which stage the page shows, by the one control only that stage has. */
async function stageShown(page: Page, locale: Locale): Promise<'info' | 'code' | 'activation'> {
  const stages = [
    ['info', field(page, locale, 'Legal first name')],
    ['code', button(page, locale, 'Send code')],
    ['activation', button(page, locale, 'Resend activation mail')],
  ] as const;
  await page.waitForFunction(() => document.querySelector('form, button') !== null);
  for (;;) {
    for (const [stage, control] of stages) if (await control.isVisible()) return stage;
    await page.waitForTimeout(100);
  }
}

const TYPED = {
  'Legal first name': 'Grace',
  'Legal last name': 'Hopper',
  'Company name': 'Compiler Works Ltd',
} as const;

async function expectTypedKept(page: Page, locale: Locale, email: string): Promise<void> {
  for (const [label, value] of Object.entries(TYPED))
    expect(await field(page, locale, label).inputValue(), label).toBe(value);
  expect(await field(page, locale, 'Email').inputValue()).toBe(email);
  expect(await field(page, locale, 'Company location').inputValue()).toBe('HK');
  // The password is never kept outside the page's memory.
  expect(await field(page, locale, 'Password').inputValue()).toBe('');
}

async function passwordSliderNext(page: Page, locale: Locale, puzzles: Puzzles): Promise<void> {
  await field(page, locale, 'Password').fill('Nav#Pass123');
  await field(page, locale, 'Confirm password').fill('Nav#Pass123');
  await dragSlider(page, locale, puzzles);
  await button(page, locale, 'Next').click();
  await button(page, locale, 'Send code').waitFor({ timeout: UI_TIMEOUT });
}

describe('navigation: the registration wizard', () => {
  test('back, forward and a refresh on every stage keep the typing, never register twice, and show one clear stage', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    const page = await suite.page(await suite.context({ locale }));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const puzzles = await watchPuzzles(page, portal);
    const email = `nav-${randomUUID().slice(0, 8)}@example.test`;

    await page.goto(`${portal.url}/login`);
    await page.goto(`${portal.url}/register`);
    for (const [label, value] of Object.entries(TYPED)) await field(page, locale, label).fill(value);
    await field(page, locale, 'Company location').selectOption('HK');
    await field(page, locale, 'Company position').selectOption('manager');
    await field(page, locale, 'Email').fill(email);
    await page.getByRole('checkbox').check();

    // A refresh on the info stage keeps what was typed (not the password).
    await page.reload();
    expect(await stageShown(page, locale)).toBe('info');
    await expectTypedKept(page, locale, email);
    await passwordSliderNext(page, locale, puzzles);

    // Back from the code stage: the info stage of this page (not the login page), typing kept.
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await stageShown(page, locale)).toBe('info');
    await expectTypedKept(page, locale, email);
    // Forward cannot skip the slider: the info stage stays, with the typing.
    await page.goForward();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await stageShown(page, locale)).toBe('info');
    await expectTypedKept(page, locale, email);

    // A refresh on the code stage: back to the info stage with the typing; nothing was registered.
    await passwordSliderNext(page, locale, puzzles);
    await page.reload();
    expect(await stageShown(page, locale)).toBe('info');
    await expectTypedKept(page, locale, email);

    // Through to the activation stage.
    await passwordSliderNext(page, locale, puzzles);
    await button(page, locale, 'Send code').click();
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          code = (await mails(portal, email)).map((m) => /\b(\d{6})\b/.exec(m.subject)?.[1]).find(Boolean);
          return code;
        },
        { timeout: UI_TIMEOUT, interval: 250 },
      )
      .toBeDefined();
    await field(page, locale, 'Verification code').fill(code!);
    await button(page, locale, 'Register').click();
    await button(page, locale, 'Resend activation mail').waitFor({ timeout: UI_TIMEOUT });
    const activationMails = async () =>
      (await mails(portal, email)).filter((m) => m.text.includes('/activateAccount?token=')).length;
    await expect.poll(activationMails, { timeout: UI_TIMEOUT, interval: 250 }).toBe(1);

    // Back once registered never reopens the used code stage: the activation stays.
    await page.goBack();
    expect(await stageShown(page, locale)).toBe('activation');
    await page.goForward();
    expect(await stageShown(page, locale)).toBe('activation');
    // A refresh on the activation stage: no crash, the typing is there, and nothing was sent twice.
    await page.reload();
    expect(await stageShown(page, locale)).toBe('info');
    await expectTypedKept(page, locale, email);
    expect(await activationMails()).toBe(1);
    expect(errors).toEqual([]);
  });
});
