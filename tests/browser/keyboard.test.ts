// Issue 10 §5: every flow usable by keyboard alone, in a real Chromium against the real portal. The
// person here never touches a mouse: Tab to reach a control (which proves it is in the tab order),
// then keys (type, Space, arrows, Enter). No click(), no hover, no drag.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/contract/envelope';
import { companies } from '../../src/server/db/schema/index';
import {
  applicantAtStep,
  applicantWithSubmission,
  newReviewerAccount,
  REVIEWER_PASSWORD,
  saveStep,
} from './support/a11ySessions';
import { activate, tabTo, typeInto } from './support/a11yKeyboard';
import { solveSliderByKeys } from './support/a11yKeyboard';
import { text } from './support/catalog';
import { watchPuzzles } from './support/slider';
import { settled } from './support/a11yVisits';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

const onPath = (page: Page, path: string) =>
  page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
const field = (page: Page, locale: Locale, label: string) =>
  page.getByLabel(text(locale, label), { exact: true });
const button = (page: Page, locale: Locale, name: string) =>
  page.getByRole('button', { name: text(locale, name), exact: true });

/** The focused <select>'s value after the keys, so the test sees the choice took. */
const selectValue = (page: Page) => page.evaluate(() => (document.activeElement as HTMLSelectElement).value);

describe('by keyboard alone', () => {
  test('a reviewer logs in (slider by arrow keys and Enter) and decides a case in the back office', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    const { user } = await applicantWithSubmission(portal, 'zh-cn');
    const [company] = await portal.app.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, user.signedIn.companyId!));
    const email = await newReviewerAccount(portal, locale);

    const page = await suite.page(await suite.context({ locale }));
    const puzzles = await watchPuzzles(page, portal);
    await page.goto(`${portal.url}/login`);
    await settled(page);
    await typeInto(page, field(page, locale, 'Email'), email);
    await typeInto(page, field(page, locale, 'Password'), REVIEWER_PASSWORD);
    await solveSliderByKeys(page, locale, puzzles);
    await activate(page, button(page, locale, 'Log in'));
    await onPath(page, '/admin');

    // The queue through the back office's navigation, the case through its link.
    const nav = page.getByRole('navigation', { name: text(locale, 'Back office') });
    await activate(page, nav.getByRole('link', { name: text(locale, 'Certification reviews'), exact: true }));
    await onPath(page, '/admin/certifications');
    const queue = page.getByRole('table', { name: text(locale, 'Queue') });
    await activate(page, queue.getByRole('link', { name: company!.name, exact: true }));
    await page
      .getByRole('heading', { level: 3, name: text(locale, 'Decision') })
      .waitFor({ timeout: 30_000 });

    // Reject with a reason, confirm.
    const reason = 'The licence scan is unreadable.';
    // Not exact: the label carries the required mark.
    await typeInto(
      page,
      page.getByLabel(text(locale, 'Reason for the rejection (shown to the applicant)')),
      reason,
    );
    await activate(page, button(page, locale, 'Reject'));
    await page.getByText(text(locale, 'Reject this case with the reason given?'), { exact: true }).waitFor();
    await activate(page, button(page, locale, 'Confirm'));
    await page
      .getByRole('status')
      .filter({ hasText: text(locale, 'Decision recorded. The applicant is informed by email.') })
      .waitFor({ timeout: 30_000 });
    const [decided] = await portal.app.db
      .select({ status: companies.certificationStatus, audit: companies.auditStatus })
      .from(companies)
      .where(eq(companies.id, user.signedIn.companyId!));
    expect(decided).toEqual({ status: 1, audit: 3 });
  });

  test('registration up to the code step: fields, selects, the agreement box and the slider', async () => {
    const locale: Locale = 'zh-cn';
    const page = await suite.page(await suite.context({ locale }));
    const puzzles = await watchPuzzles(page, suite.portal());
    await page.goto(`${suite.portal().url}/register`);
    await settled(page);
    const email = `keys-${Math.random().toString(36).slice(2, 10)}@example.test`;

    await typeInto(page, field(page, locale, 'Legal first name'), 'Ada');
    await typeInto(page, field(page, locale, 'Legal last name'), 'Lovelace');
    await tabTo(page, field(page, locale, 'Company location'));
    await page.keyboard.press('ArrowDown');
    expect(await selectValue(page)).not.toBe('');
    await typeInto(page, field(page, locale, 'Company name'), 'Analytical Engines Ltd');
    await tabTo(page, field(page, locale, 'Company position'));
    await page.keyboard.press('ArrowDown');
    expect(await selectValue(page)).not.toBe('');
    await typeInto(page, field(page, locale, 'Email'), email);
    await typeInto(page, field(page, locale, 'Password'), 'First#Pass1');
    await typeInto(page, field(page, locale, 'Confirm password'), 'First#Pass1');
    const agreement = page.getByRole('checkbox');
    await tabTo(page, agreement);
    await page.keyboard.press('Space');
    expect(await agreement.isChecked()).toBe(true);
    await solveSliderByKeys(page, locale, puzzles);
    await activate(page, button(page, locale, 'Next'));

    // The code step: send the code, type it.
    await activate(page, button(page, locale, 'Send code'));
    // Sent: the button counts down to the next send ("Resend in N s").
    const countdown = new RegExp(
      text(locale, 'Resend in {secondsLeft} s')
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace('{secondsLeft}', '\\d+'),
    );
    await page.getByRole('button', { name: countdown }).waitFor({ timeout: 30_000 });
    await typeInto(page, field(page, locale, 'Verification code'), '123456');
    expect(await field(page, locale, 'Verification code').inputValue()).toBe('123456');
  });

  test('a certification step: tab through the fields, choose in the selects, next', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    const { user, draft } = await applicantAtStep(portal, locale, 'completeCompanyInfo');
    // Everything typed but the two selects, which the person chooses by keys.
    const { companyType: _type, industry: _industry, ...rest } = draft.completeCompanyInfo;
    await saveStep(portal, user, locale, 'completeCompanyInfo', rest, 'completeCompanyInfo');

    const page = await suite.page(await suite.context({ locale, seeded: user }));
    await page.goto(`${portal.url}/enterpriseCertification/completeCompanyInfo`);
    await settled(page);
    await field(page, locale, 'Company name in English').waitFor();
    expect(await field(page, locale, 'Company type').inputValue()).toBe('');
    await tabTo(page, field(page, locale, 'Company type'));
    await page.keyboard.press('ArrowDown');
    expect(await selectValue(page)).not.toBe('');
    await tabTo(page, field(page, locale, 'Industry'));
    await page.keyboard.press('ArrowDown');
    expect(await selectValue(page)).not.toBe('');
    await activate(page, button(page, locale, 'Next'));
    await onPath(page, '/enterpriseCertification/uploadEquityStructureChart');
  });

  test("the card application's purpose choice: a radio by arrow keys, next step", async () => {
    const locale: Locale = 'zh-cn';
    const { page } = await suite.signedInPage(
      { certificationStatus: 2, auditStatus: 2, operatorId: 'OP80000001', language: locale },
      { locale },
    );
    await page.goto(`${suite.portal().url}/issuingCardApplication/issuingCardApplicationIndex`);
    await settled(page);
    await activate(page, button(page, locale, 'Start application'));
    await onPath(page, '/issuingCardApplication/selectBusinessPurpose');
    const radios = page
      .getByRole('radiogroup', { name: text(locale, 'Business purpose') })
      .getByRole('radio');
    await tabTo(page, radios.first());
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    expect(await radios.nth(1).isChecked()).toBe(true);
    await activate(page, button(page, locale, 'Next step'));
    await onPath(page, '/issuingCardApplication/uploadRelevantInfo');
  });
});
