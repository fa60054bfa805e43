// Issue 17 §3 "Navigation", the same account in two tabs, in a real Chromium against the real
// portal. The tab opened first saves; the other tab, still holding the older version, must not
// silently write over it: the server refuses its save (409 staleVersion), the tab says the step was
// changed in another tab or on another device and offers to load the latest version, and what that
// tab typed stays on screen (unsaved) until the person chooses to load (docs/decisions/applicant-web.md "Navigation: two tabs").
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../../src/contract/envelope';
import { applicantAtStep } from '../support/a11ySessions';
import { text } from '../support/catalog';
import { certificationView } from '../support/certificationSeed';
import { field, UI_TIMEOUT } from '../support/certificationDriver';
import { useBrowserSuite } from '../support/suite';

const suite = useBrowserSuite();

interface CompanyInfoDraft {
  website?: string;
  productDescription?: string;
}

const conflictTitle = (page: Page, locale: Locale) =>
  page.getByRole('alert').filter({ hasText: text(locale, 'Changed in another tab or on another device') });
const loadLatest = (page: Page, locale: Locale) =>
  page.getByRole('button', { name: text(locale, 'Load the latest version'), exact: true });

describe('navigation: the same account in two tabs', () => {
  test('the stale tab is refused, says so, keeps its typing, and loads the latest only when asked', async () => {
    const locale: Locale = 'zh-cn';
    const portal = suite.portal();
    const { user } = await applicantAtStep(portal, locale, 'completeCompanyInfo');
    const context = await suite.context({ locale, seeded: user });
    const first = await suite.page(context);
    const second = await suite.page(context);
    // Both tabs open the step before either changes it: both hold the same version.
    for (const tab of [first, second]) {
      await tab.goto(`${portal.url}/enterpriseCertification/completeCompanyInfo`);
      await field(tab, locale, 'Website (optional)').waitFor({ timeout: UI_TIMEOUT });
    }
    const saved = async () =>
      (await certificationView(portal.url, user)).draft.completeCompanyInfo as CompanyInfoDraft | undefined;

    await field(first, locale, 'Website (optional)').fill('https://first-tab.example.com');
    await expect
      .poll(async () => (await saved())?.website, { timeout: UI_TIMEOUT, interval: 250 })
      .toBe('https://first-tab.example.com');
    const versionAfterFirst = (await certificationView(portal.url, user)).version;

    // The second tab, still on the older version, edits another field: its autosave is refused.
    const description = field(second, locale, 'Product description');
    await description.fill('Typed in the second tab.');
    await conflictTitle(second, locale).waitFor({ timeout: UI_TIMEOUT });
    expect(await loadLatest(second, locale).isVisible()).toBe(true);
    // Nothing the first tab saved is lost; nothing of the second tab was written.
    const stored = await certificationView(portal.url, user);
    expect(stored.version).toBe(versionAfterFirst);
    expect(stored.draft.completeCompanyInfo).toMatchObject({
      website: 'https://first-tab.example.com',
      productDescription: '',
    });
    // The second tab's typing is still there (not silently dropped), and it cannot move on.
    expect(await description.inputValue()).toBe('Typed in the second tab.');
    expect(await second.getByRole('button', { name: text(locale, 'Next'), exact: true }).isDisabled()).toBe(
      true,
    );
    // More typing in the stale tab is not sent either.
    await description.fill('Typed in the second tab, again.');
    await second.waitForTimeout(2_000);
    expect((await certificationView(portal.url, user)).version).toBe(versionAfterFirst);

    // The person chooses to load the latest version: the first tab's change shows, the conflict ends.
    await loadLatest(second, locale).click();
    await expect
      .poll(() => field(second, locale, 'Website (optional)').inputValue(), { timeout: UI_TIMEOUT })
      .toBe('https://first-tab.example.com');
    expect(await conflictTitle(second, locale).count()).toBe(0);
    // Now on the latest version, the second tab saves again, on top of the first tab's change.
    await field(second, locale, 'Product description').fill('Typed after loading the latest.');
    await expect
      .poll(async () => (await saved())?.productDescription, { timeout: UI_TIMEOUT, interval: 250 })
      .toBe('Typed after loading the latest.');
    expect((await saved())?.website).toBe('https://first-tab.example.com');
  });
});
