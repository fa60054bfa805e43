// The web shell in a real Chromium against the real portal (API + built SPA on one port): access
// rules, mobile hand-off, 404 and redirects (spec §2 with docs/product-rules.md's mobile exemption), the
// support float ball (spec §1) and the businessInfo check (spec §2, §7).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BUSINESS_STATUS_PATH, REGISTER_LINK_STORE_KEY } from '../../src/web/shell/businessInfoCheck';
import { createPartnerLinkService } from '../../src/server/services/partnerLinks';
import { navigations, recordNavigations } from './support/appHandles';
import { text } from './support/catalog';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

const onPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);
const heading = (page: Page, source: string) =>
  page.getByRole('heading', { level: 1, name: text('zh-cn', source) });

async function signedInDesktop(): Promise<Page> {
  const { page } = await suite.signedInPage();
  await recordNavigations(page.context());
  return page;
}

async function signedOutDesktop(): Promise<Page> {
  const context = await suite.context();
  await recordNavigations(context);
  return suite.page(context);
}

describe('access rules in the browser', () => {
  test('a logged-out visit to /user-center lands on /login', async () => {
    const page = await signedOutDesktop();
    await page.goto(`${suite.portal().url}/user-center`);
    await onPath(page, '/login');
    await heading(page, 'Log in').waitFor();
  });

  test('a logged-in visit to /login is sent to / and lands on /gateway', async () => {
    const page = await signedInDesktop();
    await page.goto(`${suite.portal().url}/login`);
    await onPath(page, '/gateway');
    await heading(page, 'Home').waitFor();
    expect(await navigations(page)).toEqual(['/login', '/', '/gateway']);
  });

  test('an unknown path lands on /404 when logged in', async () => {
    const page = await signedInDesktop();
    await page.goto(`${suite.portal().url}/no/such/page`);
    await onPath(page, '/404');
    await heading(page, 'Page not found').waitFor();
  });

  test('an unknown path sends a logged-out visitor to /login', async () => {
    const page = await signedOutDesktop();
    await page.goto(`${suite.portal().url}/no-such-page`);
    await onPath(page, '/login');
    await heading(page, 'Log in').waitFor();
  });

  test('a desktop visit to mobile-only /identityVerification is sent to /', async () => {
    const page = await signedInDesktop();
    await page.goto(`${suite.portal().url}/identityVerification`);
    await onPath(page, '/gateway');
    expect(await navigations(page)).toEqual(['/identityVerification', '/', '/gateway']);
  });
});

describe('on a phone', () => {
  test('a logged-in phone on /gateway lands on /mobileTransfer, which says to use a computer', async () => {
    const { page } = await suite.signedInPage({}, { mobile: true });
    await page.goto(`${suite.portal().url}/gateway`);
    await onPath(page, '/mobileTransfer');
    await heading(page, 'Please continue on a computer').waitFor();
    await page
      .getByText(
        text(
          'zh-cn',
          'The mobile version cannot complete every application step. Please use a computer to open the portal and continue.',
        ),
      )
      .waitFor();
    await page.getByRole('button', { name: text('zh-cn', 'Copy link') }).waitFor();
  });

  test('mobile-only /identityVerification renders on a phone without login (its home child)', async () => {
    const page = await suite.page(await suite.context({ mobile: true }));
    await page.goto(`${suite.portal().url}/identityVerification`);
    await onPath(page, '/identityVerification/home');
    await heading(page, 'Identity verification').waitFor();
    expect(new URL(page.url()).pathname).toBe('/identityVerification/home');
  });
});

describe('support chat float ball', () => {
  const floatBall = (page: Page) => page.getByRole('button', { name: text('zh-cn', 'Support chat') });

  test('is on /gateway', async () => {
    const { page } = await suite.signedInPage();
    await page.goto(`${suite.portal().url}/gateway`);
    await heading(page, 'Home').waitFor();
    await floatBall(page).waitFor();
    expect(await floatBall(page).isVisible()).toBe(true);
  });

  test('is not on the mobile-only pages', async () => {
    const page = await suite.page(await suite.context({ mobile: true }));
    for (const child of ['home', 'termsAndPrivacy', 'agreementDetail', 'verificationResultPage']) {
      await page.goto(`${suite.portal().url}/identityVerification/${child}`);
      await onPath(page, `/identityVerification/${child}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await floatBall(page).count(), child).toBe(0);
    }
  });
});

describe('businessInfo query', () => {
  const tipDialog = (page: Page) => page.getByRole('dialog', { name: text('zh-cn', 'Authorisation tip') });
  const checkAnswered = (page: Page) =>
    page.waitForResponse(
      (r) => r.url().endsWith(`/plat${BUSINESS_STATUS_PATH}`) && r.request().method() === 'POST',
    );

  test('an unknown link opens the authorisation tip dialog', async () => {
    const { page } = await suite.signedInPage();
    const answered = checkAnswered(page);
    await page.goto(`${suite.portal().url}/gateway?businessInfo=no-such-partner-link`);
    const answer = await (await answered).json();
    expect(answer).toMatchObject({ code: 200, data: null });
    await tipDialog(page).waitFor();
    await tipDialog(page).getByText(text('zh-cn', 'Link invalid; visit the latest address')).waitFor();
    await tipDialog(page)
      .getByRole('button', { name: text('zh-cn', 'Confirm') })
      .click();
    await tipDialog(page).waitFor({ state: 'detached' });
  });

  test('a valid partner link opens no dialog and is kept for the registration form', async () => {
    const portal = suite.portal();
    const link = await createPartnerLinkService(portal.app.db, portal.app.clock).create(
      'Browser Test Partner',
    );
    const { page } = await suite.signedInPage();
    const answered = checkAnswered(page);
    await page.goto(`${portal.url}/gateway?businessInfo=${encodeURIComponent(link.code)}`);
    expect(await (await answered).json()).toMatchObject({ code: 200, data: { registerLink: link.code } });
    // The verdict is stored just before it reaches the dialog; two frames later React has rendered it.
    await page.waitForFunction((key) => sessionStorage.getItem(key) !== null, REGISTER_LINK_STORE_KEY);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), REGISTER_LINK_STORE_KEY)).toBe(
      link.code,
    );
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await tipDialog(page).count()).toBe(0);
    await heading(page, 'Home').waitFor();
  });
});
