// The accounts flows end to end (issue 4), tried as a new user would, once in each language:
// register (slider dragged with the mouse), the mailed code, the activation link, log in (slider
// dragged again), the gateway, the user center's login history, change the password, log out,
// forgot password (slider solved with the keyboard), the mailed reset link, reset, log in with the
// new password while the old one is refused. And five wrong passwords lock the account.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { messageFor } from '../../src/contract/codes';
import type { Locale } from '../../src/contract/envelope';
import { Limits } from '../../src/contract/limits';
import { users } from '../../src/server/db/schema/index';
import { activation } from '../../src/server/mail/templates/activation';
import { registrationCode } from '../../src/server/mail/templates/registrationCode';
import { hashPassword } from '../../src/server/security/passwords';
import type { DevMailboxItem } from '../../src/server/routes/dev/mailbox';
import type { Portal } from '../support/portal';
import { signInAs } from '../support/sessions';
import { solveSliderByKeys } from './support/a11yKeyboard';
import { text } from './support/catalog';
import { dragSlider, watchPuzzles, type Puzzles } from './support/slider';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

// ---------------------------------------------------------------- the slider, as a person solves it

/**
 * What the user sees while holding the handle: the piece has moved as far over the picture as the
 * handle along its track (both by the pointer's distance), and the track lies below the picture.
 */
async function expectPieceFollowsHandle(page: Page, locale: Locale, moved: number): Promise<void> {
  const section = page.getByRole('region', { name: text(locale, 'Slider verification') });
  const [picture, piece, handle] = await Promise.all([
    section.locator('img').nth(0).boundingBox(),
    section.locator('img').nth(1).boundingBox(),
    section.getByRole('slider').boundingBox(),
  ]);
  if (!picture || !piece || !handle) throw new Error('the puzzle is not on screen');
  expect(Math.abs(piece.x - picture.x - moved)).toBeLessThanOrEqual(1);
  expect(Math.abs(handle.x - picture.x - moved)).toBeLessThanOrEqual(1);
  expect(handle.y).toBeGreaterThanOrEqual(picture.y + picture.height);
}

// ---------------------------------------------------------------- the mailbox, as a person reads it

/** The newest mail to `to` that passes `match`, waiting for the outbox to deliver it. */
async function mailTo(
  portal: Portal,
  to: string,
  match: (mail: DevMailboxItem) => boolean,
): Promise<DevMailboxItem> {
  let found: DevMailboxItem | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${portal.url}/plat/dev/mailbox?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { data: { items: DevMailboxItem[] } };
        found = body.data.items.find(match);
        return found !== undefined;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  return found!;
}

/** The one link of a mail to a page of the portal, opened on the portal the test runs. */
function linkIn(mail: DevMailboxItem, pagePath: string, portal: Portal): string {
  const href = new RegExp(`https?://[^\\s"'<>]+${pagePath}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text)?.[0];
  if (!href) throw new Error(`no ${pagePath} link in the mail "${mail.subject}":\n${mail.text}`);
  // The mail points at the configured public URL; the test's portal listens on a port of its own.
  const url = new URL(href);
  return `${portal.url}${url.pathname}${url.search}`;
}

function codeIn(mail: DevMailboxItem): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return code;
}

// ---------------------------------------------------------------- page steps

/** Uncaught errors and console errors of the page: the journey should cause none. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

const field = (page: Page, locale: Locale, label: string) =>
  page.getByLabel(text(locale, label), { exact: true });
const button = (page: Page, locale: Locale, name: string) =>
  page.getByRole('button', { name: text(locale, name), exact: true });

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

async function logIn(
  page: Page,
  locale: Locale,
  puzzles: Puzzles,
  email: string,
  password: string,
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text(locale, 'Log in') }).waitFor();
  await field(page, locale, 'Email').fill(email);
  await field(page, locale, 'Password').fill(password);
  await dragSlider(page, locale, puzzles, (gapX) => expectPieceFollowsHandle(page, locale, gapX));
  await button(page, locale, 'Log in').click();
}

async function expectGateway(page: Page, locale: Locale): Promise<void> {
  await waitForPath(page, '/gateway');
  await page.getByRole('heading', { level: 1, name: text(locale, 'Home') }).waitFor();
}

async function openUserMenuItem(page: Page, locale: Locale, item: string): Promise<void> {
  await page.getByRole('button', { name: text(locale, 'User menu') }).click();
  await page.getByRole('menuitem', { name: text(locale, item) }).click();
}

// ---------------------------------------------------------------- the journeys

const LOCALES: Locale[] = ['zh-cn', 'en-us'];

describe.each(LOCALES)('a new user in %s', (locale) => {
  test('registers, activates, logs in, changes, forgets and resets the password', async () => {
    const portal = suite.portal();
    const context = await suite.context({ locale });
    const page = await suite.page(context);
    const puzzles = await watchPuzzles(page, suite.portal());
    const pageErrors = watchErrors(page);
    const email = `new-${locale}-${randomUUID().slice(0, 8)}@example.test`;
    const firstPassword = 'First#Pass1';
    const changedPassword = 'Second#Pass2';
    const resetPassword = 'Third#Pass3';

    // Stage 1: registration info and the slider, dragged with the mouse.
    await page.goto(`${portal.url}/register`);
    await page.getByRole('heading', { level: 1, name: text(locale, 'Register') }).waitFor();
    await field(page, locale, 'Legal first name').fill('Ada');
    await field(page, locale, 'Legal last name').fill('Lovelace');
    await field(page, locale, 'Company location').selectOption('HK');
    await field(page, locale, 'Company name').fill('Analytical Engines Ltd');
    await field(page, locale, 'Company position').selectOption('manager');
    await field(page, locale, 'Email').fill(email);
    await field(page, locale, 'Password').fill(firstPassword);
    await field(page, locale, 'Confirm password').fill(firstPassword);
    await page.getByRole('checkbox').check();
    await dragSlider(page, locale, puzzles, (gapX) => expectPieceFollowsHandle(page, locale, gapX));
    await button(page, locale, 'Next').click();

    // Stage 2: send the code, read it from the mailbox, enter it.
    await button(page, locale, 'Send code').click();
    const codeMail = await mailTo(portal, email, (m) => /\d{6}/.test(m.subject));
    const code = codeIn(codeMail);
    // The mail speaks the language the page was in.
    expect(codeMail.subject).toBe(registrationCode.content[locale]({ code }).subject);
    await field(page, locale, 'Verification code').fill(code);
    await button(page, locale, 'Register').click();

    // Stage 3: the activation mail; its link activates the account.
    await button(page, locale, 'Resend activation mail').waitFor();
    const activationMail = await mailTo(portal, email, (m) => m.text.includes('/activateAccount?token='));
    expect(activationMail.subject).toBe(
      activation.content[locale]({ firstName: 'Ada', link: portal.url }).subject,
    );
    await page.goto(linkIn(activationMail, '/activateAccount', portal));
    await page.getByText(messageFor('activationSuccess', locale), { exact: true }).waitFor();
    await page.getByRole('link', { name: text(locale, 'Go to log in') }).click();

    // Log in, dragging the slider; the gateway.
    await waitForPath(page, '/login');
    await logIn(page, locale, puzzles, email, firstPassword);
    await expectGateway(page, locale);

    // The user center: the login history shows this success.
    await openUserMenuItem(page, locale, 'User center');
    await waitForPath(page, '/user-center');
    const history = page.getByRole('table', { name: text(locale, 'Login history') });
    await history
      .getByRole('cell', { name: text(locale, 'Success'), exact: true })
      .first()
      .waitFor();

    // Change the password.
    await page.getByRole('link', { name: text(locale, 'Change password') }).click();
    await waitForPath(page, '/modify-pwd');
    await field(page, locale, 'Current password').fill(firstPassword);
    await field(page, locale, 'New password').fill(changedPassword);
    await field(page, locale, 'Confirm password').fill(changedPassword);
    await button(page, locale, 'Save').click();
    await page
      .getByText(text(locale, 'Your password has been changed. Your other sessions have been signed out.'))
      .waitFor();

    // Log out.
    await openUserMenuItem(page, locale, 'Log out');
    await waitForPath(page, '/login');

    // Forgot password: the slider solved with the keyboard this time.
    await page.getByRole('link', { name: text(locale, 'Forgot password?') }).click();
    await waitForPath(page, '/forgot');
    await field(page, locale, 'Email').fill(email);
    // Tab to the handle, arrow keys at a held key's pace to the gap, Enter (WCAG 2.5.7).
    await solveSliderByKeys(page, locale, puzzles);
    await button(page, locale, 'Send reset link').click();
    const sent = text(
      locale,
      'A mail with a link to reset your password has been sent. The link is valid for {minutes} minutes.',
    );
    await page
      .getByRole('status')
      .filter({ hasText: sent.replace('{minutes}', String(Limits.resetLink.validMs / 60_000)) })
      .waitFor();

    // The reset link from the mailbox; the new password.
    const resetMail = await mailTo(portal, email, (m) => m.text.includes('/resetPassword?token='));
    await page.goto(linkIn(resetMail, '/resetPassword', portal));
    await field(page, locale, 'New password').fill(resetPassword);
    await field(page, locale, 'Confirm password').fill(resetPassword);
    await button(page, locale, 'Reset password').click();
    await waitForPath(page, '/login');

    // The old password is refused, without saying which of the two was wrong.
    await logIn(page, locale, puzzles, email, changedPassword);
    await page
      .getByRole('alert')
      .filter({ hasText: messageFor('invalidCredentials', locale) })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // The new one gets in (the failed attempt asked for a fresh puzzle, solved again).
    await field(page, locale, 'Password').fill(resetPassword);
    await dragSlider(page, locale, puzzles, (gapX) => expectPieceFollowsHandle(page, locale, gapX));
    await button(page, locale, 'Log in').click();
    await expectGateway(page, locale);
    expect(pageErrors).toEqual([]);
  });
});

test('five wrong passwords lock the account: the fifth answer says try again in 30 minutes', async () => {
  const portal = suite.portal();
  const locale: Locale = 'en-us';
  const account = await signInAs(portal.app, { role: 'applicant', language: locale });
  await portal.app.db
    .update(users)
    .set({ passwordHash: await hashPassword('Right#Pass1') })
    .where(eq(users.id, account.userId));

  const context = await suite.context({ locale });
  const page = await suite.page(context);
  const puzzles = await watchPuzzles(page, suite.portal());
  await page.goto(`${portal.url}/login`);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await logIn(page, locale, puzzles, account.email, `Wrong#Pass${attempt}`);
    const expected = attempt < 5 ? 'invalidCredentials' : 'accountLocked';
    await page
      .getByRole('alert')
      .filter({ hasText: messageFor(expected, locale) })
      .waitFor();
    // The failed attempt spent the puzzle: a fresh one is loaded, unsolved.
    await page.getByText(text(locale, 'Verified'), { exact: true }).waitFor({ state: 'detached' });
  }
  const [row] = await portal.app.db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, account.userId));
  expect(row?.lockedUntil).toBeInstanceOf(Date);
});
