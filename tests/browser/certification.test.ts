// The enterprise certification wizard in a real Chromium against the real portal (issue 5 "Done
// when", last bullet), tried as a new user would: a new CN company whose account holder is a
// manager (so the authorizer step and its QR face verification appear) with one beneficiary fills
// every step with real uploads, reloads in the middle and continues where it was, verifies the
// authorizer on a second (mobile) page, submits, and sees "under review" on the gateway. A second
// run for a Hong Kong company shows its BR and CR numbers and none of the mainland-only fields.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/contract/envelope';
import type { SeededUser } from '../support/portal';
import { text } from './support/catalog';
import { companyInfo, mainlandPerson, pdfFile, pngFile, type PersonData } from './support/certificationData';
import {
  answerBeneficiaries,
  chooseAuthorizer,
  chooseLocation,
  currentStep,
  exactly,
  field,
  fillCompanyInfo,
  fillPerson,
  LICENCE_LABEL,
  nextStep,
  openQrDialog,
  personGroup,
  personTextFields,
  qrLink,
  submitApplication,
  UI_TIMEOUT,
  uploadedFileGroup,
  uploadInto,
  waitForStep,
} from './support/certificationDriver';
import { certificationView } from './support/certificationSeed';
import { phoneContext, PUBLIC_URL, verifyOnPhone } from './support/phoneDriver';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite({ config: { publicUrl: PUBLIC_URL } });

/** Seven steps, fifteen uploads and a second device: more than the suite's default on a loaded machine. */
const JOURNEY_TIMEOUT = 300_000;

const certificationCard = (page: Page, locale: Locale) =>
  page.getByRole('region', { name: text(locale, 'Enterprise certification') });

/** A new applicant (manager, status 0, no draft) on the gateway, in `locale`. */
async function newApplicantOnGateway(locale: Locale): Promise<{ page: Page; user: SeededUser }> {
  const { page, user } = await suite.signedInPage({ certificationStatus: 0, language: locale }, { locale });
  await page.goto(`${suite.portal().url}/gateway`);
  await certificationCard(page, locale)
    .getByText(exactly(text(locale, 'Not certified')))
    .waitFor({ timeout: UI_TIMEOUT });
  return { page, user };
}

/** The gateway's "Start certification" → the wizard's first step. */
async function startCertification(page: Page, locale: Locale): Promise<void> {
  await certificationCard(page, locale)
    .getByRole('link', { name: text(locale, 'Start certification') })
    .click();
  await waitForStep(page, 'selectLocationCompany');
}

const serverView = (user: SeededUser) => certificationView(suite.portal().url, user);

/** Every field and upload of `person` shows in the form of `group`. */
async function personShows(
  page: Page,
  locale: Locale,
  who: Parameters<typeof personGroup>[2],
  person: PersonData,
) {
  const group = personGroup(page, locale, who);
  await group.waitFor({ timeout: UI_TIMEOUT });
  for (const [label, value] of personTextFields(person))
    expect(await field(group, locale, label).inputValue(), label).toBe(value);
  expect(await field(group, locale, 'Nationality / region').inputValue()).toBe(person.nationality);
  expect(await field(group, locale, 'Area code').inputValue()).toBe(person.mobileAreaCode);
  const uploads: Array<[string, string]> = [
    ['Identity card, front', person.files.idFront.name],
    ['Identity card, back', person.files.idBack.name],
    ['Proof of address', person.files.proofOfAddress.name],
  ];
  for (const [label, name] of uploads)
    await uploadedFileGroup(group, locale, text(locale, label))
      .filter({ hasText: name })
      .waitFor({ timeout: UI_TIMEOUT });
}

describe('the certification wizard', () => {
  test(
    'a new CN company with a beneficiary and a manager as account holder: every step, a reload mid-way, QR verification, submit, under review (zh-cn)',
    async () => {
      const locale: Locale = 'zh-cn';
      const t = (source: string) => text(locale, source);
      const { page, user } = await newApplicantOnGateway(locale);
      await startCertification(page, locale);

      // 1. Location, with the "cannot be changed once confirmed" prompt.
      await chooseLocation(page, 'CN');
      expect((await serverView(user)).locationLocked).toBe(true);

      // 2. Company information: the mainland's own fields are there.
      const company = companyInfo('CN');
      await field(page, locale, LICENCE_LABEL.CN).waitFor();
      await field(page, locale, 'Organization code (optional)').waitFor();
      await fillCompanyInfo(page, 'CN', company);
      expect(await nextStep(page)).toBe('uploadEquityStructureChart');

      // 3. Equity structure chart.
      await uploadInto(page, t('Equity structure chart'), pdfFile('股权结构图.pdf'));
      expect(await nextStep(page)).toBe('uploadLegalPersonInfo');

      // 4. Director / legal person.
      const director = mainlandPerson('director', 30);
      await fillPerson(personGroup(page, locale, 'director'), director);
      expect(await nextStep(page)).toBe('uploadBeneficiaryInfo');

      // 5. One beneficiary holding 40 %; typed and uploaded, not yet submitted.
      const beneficiary = mainlandPerson('beneficiary', 40);
      await answerBeneficiaries(page, true);
      await fillPerson(personGroup(page, locale, { beneficiary: 1 }), beneficiary);

      // RELOAD mid-way, once the autosave has the typing on the server: the wizard resumes at the
      // beneficiary step with every field and file.
      await expect
        .poll(
          async () => {
            const view = await serverView(user);
            const step = view.draft.uploadBeneficiaryInfo as
              { beneficiaries?: Array<{ proofOfAddressFileId?: string; mobile?: string }> } | undefined;
            const saved = step?.beneficiaries?.[0];
            return {
              at: view.currentStep,
              mobile: saved?.mobile,
              proof: Boolean(saved?.proofOfAddressFileId),
            };
          },
          { timeout: UI_TIMEOUT, interval: 250 },
        )
        .toEqual({ at: 'uploadBeneficiaryInfo', mobile: beneficiary.mobile, proof: true });
      await page.reload();
      expect(await currentStep(page)).toBe('uploadBeneficiaryInfo');
      expect(await page.getByRole('radio', { name: t('Yes'), exact: true }).isChecked()).toBe(true);
      await personShows(page, locale, { beneficiary: 1 }, beneficiary);
      expect(await nextStep(page)).toBe('uploadAuthorizerInfo');

      // 6. Authorizer: none of these → the full person, the signed letter, and the QR verification
      // on a phone (a second, mobile page) — the desktop learns "verified" without a reload.
      await chooseAuthorizer(page, 'none');
      const authorizer = mainlandPerson('authorizer', 0);
      await fillPerson(personGroup(page, locale, 'authorizer'), authorizer);
      await uploadInto(page, t('Signed authorization letter'), pngFile('授权书.png'));
      const dialog = await openQrDialog(page);
      const link = await qrLink(page);
      expect(link.startsWith(`${PUBLIC_URL}/identityVerification?session=`)).toBe(true);
      await verifyOnPhone(await phoneContext(suite, locale), link);
      await page.getByText(exactly(t('Face verification sent for review'))).waitFor({ timeout: UI_TIMEOUT });
      await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      expect(await nextStep(page)).toBe('uploadOtherInfo');

      // 7. Other information: one supporting document and a note.
      await page.getByRole('button', { name: t('Add a supporting document') }).click();
      await uploadInto(
        page,
        t('Supporting document {number}').replace('{number}', '1'),
        pdfFile('补充材料.pdf'),
      );
      await field(page, locale, 'Note (optional)').fill('请尽快审核');
      expect(await nextStep(page)).toBe('review');

      // Submit: the success dialog says the result comes by email; leaving it shows "under review".
      const success = await submitApplication(page);
      await success
        .getByText(t('Your application has been submitted. The result will be sent to you by email.'))
        .waitFor();
      const view = await serverView(user);
      expect([view.certificationStatus, view.auditStatus]).toEqual([1, 1]);
      await success.getByRole('button', { name: t('Back to home') }).click();
      await page.waitForURL((url) => url.pathname === '/gateway', { timeout: UI_TIMEOUT });
      await certificationCard(page, locale)
        .getByText(exactly(t('Under review')))
        .waitFor({ timeout: UI_TIMEOUT });
    },
    JOURNEY_TIMEOUT,
  );

  test('an HK company shows the BR and CR numbers and no mainland-only field (en-us)', async () => {
    const locale: Locale = 'en-us';
    const { page, user } = await newApplicantOnGateway(locale);
    await startCertification(page, locale);
    await chooseLocation(page, 'HK');
    expect((await serverView(user)).location).toBe('HK');

    await field(page, locale, LICENCE_LABEL.HK).waitFor({ timeout: UI_TIMEOUT });
    await field(page, locale, 'Companies Registry (CR) number').waitFor();
    // The mainland's identifiers are not asked; nor is a postal code (Hong Kong has none).
    for (const notInHongKong of ['Unified social credit code', 'Organization code (optional)', 'Postal code'])
      expect(await field(page, locale, notInHongKong).count(), notInHongKong).toBe(0);

    // The HK values pass the step, and come back with the HK fields after a reload.
    const company = companyInfo('HK');
    await fillCompanyInfo(page, 'HK', company);
    expect(await nextStep(page)).toBe('uploadEquityStructureChart');
    await page.reload();
    expect(await currentStep(page)).toBe('uploadEquityStructureChart');
    await page.getByRole('button', { name: text(locale, 'Back'), exact: true }).click();
    await waitForStep(page, 'completeCompanyInfo');
    expect(await field(page, locale, LICENCE_LABEL.HK).inputValue()).toBe(company.licenceCode);
    expect(await field(page, locale, 'Companies Registry (CR) number').inputValue()).toBe(
      company.companiesRegistryNumber,
    );
    expect(await field(page, locale, 'Unified social credit code').count()).toBe(0);
  });
});
