// Snapshot replay for support (issue 9 §4, "Done when" third bullet) in a real Chromium against the
// real portal: an applicant fills the company information step of the certification wizard, copies
// the diagnostic info from the header's help menu with the keyboard (the real clipboard), and a
// reviewer pastes it on the back office's support page: the same step renders read-only with
// placeholder data (none of the values typed in anywhere on the page), beside the diagram with the
// state highlighted. A snapshot of another machine version is refused with a clear message. By
// reference (issue 19 §5): the applicant sends the snapshot from the help menu and reads the reference
// in a dialog; an account with only the support role types it on the support page and gets the same
// read-only replay. Every client flow replays (issue 19 §5): a change of password the server refused
// replays with the refusal shown, the passwords typed nowhere in the snapshot or on the page.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { BackOfficeRole } from '../../src/contract/api/backOfficeRoles';
import { SUPPORT_REFERENCE_PATTERN } from '../../src/contract/api/supportReferences';
import type { Locale } from '../../src/contract/envelope';
import { messageFor } from '../../src/contract/codes';
import { machineVersion } from '../../machines/machineVersion';
import { registryEntry } from '../../machines/registry';
import { activate } from './support/a11yKeyboard';
import { reviewerSession } from './support/a11ySessions';
import { signInBeforeLoad } from './support/appHandles';
import { text } from './support/catalog';
import { companyInfo } from './support/certificationData';
import {
  chooseLocation,
  fillCompanyInfo,
  openWizard,
  STEP_TITLES,
  UI_TIMEOUT,
  uploadedFileGroup,
} from './support/certificationDriver';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

const APPLICANT_LOCALE: Locale = 'zh-cn';
const REVIEWER_LOCALE: Locale = 'en-us';

async function withClipboard(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.portal().url });
}

/** Help → "Copy diagnostic info" by keyboard (Tab, Enter, Enter); resolves with what landed on the clipboard. */
async function copyDiagnosticInfo(page: Page, locale: Locale): Promise<string> {
  const help = page.getByRole('banner').getByRole('button', { name: text(locale, 'Help'), exact: true });
  await activate(page, help);
  const item = page.getByRole('menuitem', { name: text(locale, 'Copy diagnostic info'), exact: true });
  await item.waitFor({ timeout: UI_TIMEOUT });
  await item.press('Enter');
  await page
    .getByRole('alert')
    .filter({ hasText: text(locale, 'Diagnostic info copied. Paste it into your message to support.') })
    .waitFor({ timeout: UI_TIMEOUT });
  return page.evaluate(() => navigator.clipboard.readText());
}

async function reviewerOnSupportPage(roles?: readonly BackOfficeRole[]): Promise<Page> {
  const context = await suite.context({ locale: REVIEWER_LOCALE });
  await signInBeforeLoad(context, await reviewerSession(suite.portal(), REVIEWER_LOCALE, roles));
  const page = await suite.page(context);
  await page.goto(`${suite.portal().url}/admin/support`);
  await page.getByLabel(text(REVIEWER_LOCALE, 'Support snapshot')).waitFor({ timeout: UI_TIMEOUT });
  return page;
}

async function paste(page: Page, snapshot: string): Promise<void> {
  await page.getByLabel(text(REVIEWER_LOCALE, 'Support snapshot')).fill(snapshot);
  await page.getByRole('button', { name: text(REVIEWER_LOCALE, 'Replay'), exact: true }).click();
}

/** What a person can read or copy from the page: its text and every field's value. */
function pageContent(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values = Array.from(
      document.querySelectorAll('input, textarea, select'),
      (field) => (field as HTMLInputElement).value,
    );
    return `${document.body.innerText}\n${values.join('\n')}`;
  });
}

describe('support snapshot replay', { timeout: 300_000 }, () => {
  test('a snapshot copied mid-certification replays the same step read-only with placeholders and the state highlighted', async () => {
    const data = companyInfo('CN');
    const { page } = await suite.signedInPage(
      { certificationStatus: 0, language: APPLICANT_LOCALE },
      { locale: APPLICANT_LOCALE },
    );
    await withClipboard(page.context());
    await openWizard(page, suite.portal().url);
    await chooseLocation(page, 'CN');
    await fillCompanyInfo(page, 'CN', data);
    const clipboard = await copyDiagnosticInfo(page, APPLICANT_LOCALE);

    const envelope = JSON.parse(clipboard) as {
      machine: string;
      version: number;
      snapshot: { value: unknown };
    };
    expect(envelope.machine).toBe('certification');
    expect(envelope.version).toBe(machineVersion(registryEntry('certification')!.machine));
    expect(envelope.snapshot.value).toEqual({ wizard: { completeCompanyInfo: 'editing' } });
    const typed = [
      data.licenceCode,
      data.companyNameChinese,
      data.companyNameEnglish,
      data.registeredAddressChinese,
      data.registeredAddressEnglish,
      data.postalCode!,
      data.website,
      data.productDescription,
      data.businessLicence.name,
    ];
    for (const value of typed) expect(clipboard, value).not.toContain(value);

    const support = await reviewerOnSupportPage();
    await paste(support, clipboard);
    const frame = support.getByRole('group', { name: text(REVIEWER_LOCALE, 'Replayed view'), exact: true });
    await frame.waitFor({ timeout: UI_TIMEOUT });
    await support.getByText(text(REVIEWER_LOCALE, 'Replay — read-only; personal data redacted')).waitFor();
    expect(await frame.evaluate((fieldset) => (fieldset as HTMLFieldSetElement).disabled)).toBe(true);
    // The same step, in the reviewer's language, its fields holding placeholders of the typed values.
    await frame
      .getByRole('heading', {
        level: 2,
        name: text(REVIEWER_LOCALE, STEP_TITLES.completeCompanyInfo),
        exact: true,
      })
      .waitFor({ timeout: UI_TIMEOUT });
    const englishName = frame.getByLabel(text(REVIEWER_LOCALE, 'Company name in English'), { exact: true });
    // Redaction by kind only (issue 19 §5): no length, no shape.
    expect(await englishName.inputValue()).toBe('‹name›');
    expect(await englishName.isDisabled()).toBe(true);
    const licenceCode = frame.getByLabel(text(REVIEWER_LOCALE, 'Unified social credit code'), {
      exact: true,
    });
    expect(await licenceCode.inputValue()).toBe('‹id number›');
    // The uploaded licence is shown as redacted, never fetched.
    await uploadedFileGroup(frame, REVIEWER_LOCALE, text(REVIEWER_LOCALE, 'Business licence'))
      .filter({ hasText: text(REVIEWER_LOCALE, 'Redacted file') })
      .waitFor({ timeout: UI_TIMEOUT });
    // The diagram beside it highlights the state.
    const states = support.getByRole('table', { name: 'States of certification', exact: true });
    const current = states.locator('tr[data-active="true"] code');
    await current.first().waitFor({ timeout: UI_TIMEOUT });
    expect(await current.allInnerTexts()).toContain('wizard.completeCompanyInfo');
    const content = await pageContent(support);
    for (const value of typed) expect(content, value).not.toContain(value);
  });

  test('a snapshot of another machine version is refused with a clear message', async () => {
    const support = await reviewerOnSupportPage();
    const version = machineVersion(registryEntry('certification')!.machine);
    await paste(
      support,
      JSON.stringify({
        machine: 'certification',
        version: version + 1,
        appVersion: '0.0.0',
        at: new Date().toISOString(),
        snapshot: { status: 'active', value: { wizard: 'completeCompanyInfo' }, context: {} },
      }),
    );
    const refusal = support.getByRole('alert').filter({ hasText: 'certification' });
    await refusal.waitFor({ timeout: UI_TIMEOUT });
    expect((await refusal.innerText()).trim()).toBe(
      text(
        REVIEWER_LOCALE,
        'This snapshot is from version {0} of "{1}"; this portal runs version {2}. It cannot be replayed here.',
      )
        .replace('{0}', String(version + 1))
        .replace('{1}', 'certification')
        .replace('{2}', String(version)),
    );
    expect(await support.getByRole('group', { name: text(REVIEWER_LOCALE, 'Replayed view') }).count()).toBe(
      0,
    );
  });

  test('by reference: the applicant sends and reads a reference; a support account opens and replays it', async () => {
    const data = companyInfo('CN');
    const { page } = await suite.signedInPage(
      { certificationStatus: 0, language: APPLICANT_LOCALE },
      { locale: APPLICANT_LOCALE },
    );
    await openWizard(page, suite.portal().url);
    await chooseLocation(page, 'CN');
    await fillCompanyInfo(page, 'CN', data);
    const help = page
      .getByRole('banner')
      .getByRole('button', { name: text(APPLICANT_LOCALE, 'Help'), exact: true });
    await activate(page, help);
    const send = page.getByRole('menuitem', { name: text(APPLICANT_LOCALE, 'Send to support'), exact: true });
    await send.waitFor({ timeout: UI_TIMEOUT });
    await send.press('Enter');
    const dialog = page.getByRole('dialog', { name: text(APPLICANT_LOCALE, 'Sent to support') });
    await dialog.waitFor({ timeout: UI_TIMEOUT });
    const reference = (await dialog.getByTestId('support-reference').innerText()).trim();
    expect(reference).toMatch(SUPPORT_REFERENCE_PATTERN);
    // The applicant reads it in their language.
    await dialog.getByText(text(APPLICANT_LOCALE, 'Your support reference:')).waitFor();

    const support = await reviewerOnSupportPage(['support']);
    // Typed as someone reads it out: lower case, spaces.
    await support
      .getByLabel(text(REVIEWER_LOCALE, 'Support reference'))
      .fill(reference.toLowerCase().replace(/-/g, ' '));
    await support.getByRole('button', { name: text(REVIEWER_LOCALE, 'Open'), exact: true }).click();
    await support
      .getByTestId('opened-reference')
      .filter({ hasText: reference })
      .waitFor({ timeout: UI_TIMEOUT });
    const frame = support.getByRole('group', { name: text(REVIEWER_LOCALE, 'Replayed view'), exact: true });
    await frame.waitFor({ timeout: UI_TIMEOUT });
    await frame
      .getByRole('heading', {
        level: 2,
        name: text(REVIEWER_LOCALE, STEP_TITLES.completeCompanyInfo),
        exact: true,
      })
      .waitFor({ timeout: UI_TIMEOUT });
    const englishName = frame.getByLabel(text(REVIEWER_LOCALE, 'Company name in English'), { exact: true });
    expect(await englishName.inputValue()).toBe('‹name›');
    const states = support.getByRole('table', { name: 'States of certification', exact: true });
    const current = states.locator('tr[data-active="true"] code');
    await current.first().waitFor({ timeout: UI_TIMEOUT });
    expect(await current.allInnerTexts()).toContain('wizard.completeCompanyInfo');
    const content = await pageContent(support);
    for (const value of [data.companyNameEnglish, data.licenceCode, data.registeredAddressEnglish])
      expect(content, value).not.toContain(value);
  });

  test('a refused change of password replays on its own page with the refusal, no password anywhere', async () => {
    const typed = ['Wrong#Current2024', 'Newer#Replay2024'];
    const { page } = await suite.signedInPage(
      { certificationStatus: 0, language: APPLICANT_LOCALE },
      { locale: APPLICANT_LOCALE },
    );
    await withClipboard(page.context());
    await page.goto(`${suite.portal().url}/modify-pwd`);
    const field = (label: string) => page.getByLabel(text(APPLICANT_LOCALE, label), { exact: true });
    await field('Current password').fill(typed[0]!);
    await field('New password').fill(typed[1]!);
    await field('Confirm password').fill(typed[1]!);
    await page.getByRole('button', { name: text(APPLICANT_LOCALE, 'Save'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: messageFor('currentPasswordIncorrect', APPLICANT_LOCALE) })
      .waitFor({ timeout: UI_TIMEOUT });
    const clipboard = await copyDiagnosticInfo(page, APPLICANT_LOCALE);
    expect((JSON.parse(clipboard) as { machine: string }).machine).toBe('changePassword');
    for (const value of typed) expect(clipboard, value).not.toContain(value);

    const support = await reviewerOnSupportPage();
    await paste(support, clipboard);
    const frame = support.getByRole('group', { name: text(REVIEWER_LOCALE, 'Replayed view'), exact: true });
    await frame.waitFor({ timeout: UI_TIMEOUT });
    await frame
      .getByText(messageFor('currentPasswordIncorrect', REVIEWER_LOCALE), { exact: true })
      .waitFor({ timeout: UI_TIMEOUT });
    const save = frame.getByRole('button', { name: text(REVIEWER_LOCALE, 'Save'), exact: true });
    expect(await save.isDisabled()).toBe(true);
    const states = support.getByRole('table', { name: 'States of changePassword', exact: true });
    const current = states.locator('tr[data-active="true"] code');
    await current.first().waitFor({ timeout: UI_TIMEOUT });
    expect(await current.allInnerTexts()).toContain('editing');
    const content = await pageContent(support);
    for (const value of typed) expect(content, value).not.toContain(value);
  });
});
