// Issue 17 §3 "Navigation", in a real Chromium against the real portal: a refresh on every step of
// the certification wizard and the card application keeps the values and files; the browser's back
// and forward buttons leave a wizard and come back to the same step with nothing lost; a second
// device taking over (the password changed there, which signs out every other session) signs the
// first one out.
import { describe, expect, test } from 'vitest';
import { messageFor } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import type { DraftStepId } from '../../../src/contract/api/certification';
import { applicantAtStep, saveStep } from '../support/a11ySessions';
import { text, textWith } from '../support/catalog';
import { certificationView } from '../support/certificationSeed';
import {
  currentStep,
  field,
  UI_TIMEOUT,
  uploadedFileGroup,
  type WizardPlace,
} from '../support/certificationDriver';
import { useBrowserSuite } from '../support/suite';
import { dropFile, pdfDocument } from './inputSupport';

const suite = useBrowserSuite();

/** A file label each step shows once its draft is saved (the review has none). */
const STEP_FILE: Partial<Record<WizardPlace, string>> = {
  completeCompanyInfo: 'Business licence',
  uploadEquityStructureChart: 'Equity structure chart',
  uploadLegalPersonInfo: 'Proof of address',
  uploadBeneficiaryInfo: 'Proof of address',
  uploadAuthorizerInfo: 'Signed authorization letter',
  uploadOtherInfo: 'Supporting document {number}',
};

describe('navigation: the certification wizard', () => {
  test('a refresh on every step keeps the step, its values and its files; back and forward leave and resume', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    const { user, draft } = await applicantAtStep(portal, locale, 'review');
    const page = await suite.page(await suite.context({ locale, seeded: user }));
    await page.goto(`${portal.url}/gateway`);
    await page.goto(`${portal.url}/enterpriseCertification/enterpriseCertificationIndex`);
    // Every step saved. On each step in turn, as a person who typed there (the autosave records
    // it as the place to resume), a refresh shows the same step with its values and files.
    const steps: DraftStepId[] = [
      'uploadOtherInfo',
      'uploadAuthorizerInfo',
      'uploadBeneficiaryInfo',
      'uploadLegalPersonInfo',
      'uploadEquityStructureChart',
      'completeCompanyInfo',
    ];
    for (const place of steps) {
      await saveStep(portal, user, locale, place, draft[place], place);
      await page.reload();
      expect(await currentStep(page), `after a refresh on ${place}`).toBe(place);
      const label = STEP_FILE[place];
      if (label)
        await uploadedFileGroup(page, locale, textWith(locale, label, { number: 1 }))
          .first()
          .waitFor({ timeout: UI_TIMEOUT });
    }
    expect(await field(page, locale, 'Company name in English').inputValue()).toBe(
      draft.completeCompanyInfo.companyNameEnglish,
    );

    // Typed, then the browser's Back: the wizard is left (to the gateway), and Forward resumes it
    // at the same step with the typing.
    await field(page, locale, 'Website (optional)').fill('https://back-and-forth.example.com');
    await expect
      .poll(
        async () =>
          ((await certificationView(portal.url, user)).draft.completeCompanyInfo as { website?: string })
            .website,
        { timeout: UI_TIMEOUT, interval: 250 },
      )
      .toBe('https://back-and-forth.example.com');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/gateway', { timeout: UI_TIMEOUT });
    await page.goForward();
    expect(await currentStep(page)).toBe('completeCompanyInfo');
    expect(await field(page, locale, 'Website (optional)').inputValue()).toBe(
      'https://back-and-forth.example.com',
    );
  });
});

describe('navigation: the card application', () => {
  test('a refresh on each step keeps the purpose and the file; back leaves, forward resumes', async () => {
    const locale: Locale = 'zh-cn';
    const portal = suite.portal();
    const { page } = await suite.signedInPage(
      { certificationStatus: 2, auditStatus: 2, operatorId: 'OP80000003', language: locale },
      { locale },
    );
    await page.goto(`${portal.url}/gateway`);
    await page.goto(`${portal.url}/issuingCardApplication/issuingCardApplicationIndex`);
    await page.getByRole('button', { name: text(locale, 'Start application'), exact: true }).click();
    const purposes = page
      .getByRole('radiogroup', { name: text(locale, 'Business purpose') })
      .getByRole('radio');
    await purposes.nth(1).check();
    await page.reload();
    await expect.poll(() => purposes.nth(1).isChecked(), { timeout: UI_TIMEOUT }).toBe(true);
    await page.getByRole('button', { name: text(locale, 'Next step'), exact: true }).click();

    const document = pdfDocument('经营说明.pdf');
    await dropFile(
      page.getByRole('group', { name: text(locale, 'Drop zone for the relevant document') }),
      document,
    );
    // Attached means stored (its Remove button): while it is still being sent its name shows too,
    // and a refresh then rightly drops it (a loaded CI machine reloaded mid-upload).
    const attached = page.getByRole('button', {
      name: textWith(locale, 'Remove file {0}', { 0: document.name }),
    });
    await attached.waitFor({ timeout: UI_TIMEOUT });
    await page.reload();
    await page.waitForURL((url) => url.pathname.endsWith('/uploadRelevantInfo'), { timeout: UI_TIMEOUT });
    await attached.waitFor({ timeout: UI_TIMEOUT });

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/gateway', { timeout: UI_TIMEOUT });
    await page.goForward();
    await page.waitForURL((url) => url.pathname.endsWith('/uploadRelevantInfo'), { timeout: UI_TIMEOUT });
    await attached.waitFor({ timeout: UI_TIMEOUT });
  });
});

describe('navigation: a second device takes over', () => {
  test('the password changed on another device signs this one out with the translated message', async () => {
    const locale: Locale = 'zh-cn';
    const portal = suite.portal();
    const { user } = await applicantAtStep(portal, locale, 'completeCompanyInfo');
    const page = await suite.page(await suite.context({ locale, seeded: user }));
    await page.goto(`${portal.url}/enterpriseCertification/completeCompanyInfo`);
    const website = field(page, locale, 'Website (optional)');
    await website.waitFor({ timeout: UI_TIMEOUT });

    // What a password change on the second device does to every other session of the account.
    await portal.app.sessions.revokeAllOfUser(user.signedIn.userId, 'password');
    await website.fill('https://typed-after-the-takeover.example.com');
    await page.getByText(messageFor('signedInElsewhere', locale)).first().waitFor({ timeout: UI_TIMEOUT });
    await page.waitForURL((url) => url.pathname === '/login', { timeout: UI_TIMEOUT });
  });
});
