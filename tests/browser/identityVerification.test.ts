// The cross-device QR verification in a real Chromium against the real portal (issue 6 "Done
// when", last bullet), with two pages: the desktop's authorizer step opens the QR dialog, and a
// mobile-emulated page (iPhone user agent, 375-px viewport) opens the link the code encodes,
// consents and hands a photo to the file input. The desktop learns every change live (SSE), with
// no reload: "verified" lets the step go on; a cancel on the phone asks for a new scan and keeps
// the application from being submitted until then.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/contract/envelope';
import { text } from './support/catalog';
import {
  currentStep,
  exactly,
  nextStep,
  openQrDialog,
  openWizard,
  qrDialog,
  qrLink,
  UI_TIMEOUT,
} from './support/certificationDriver';
import {
  certificationView,
  seedCnDraftWithoutVerification,
  submitThroughApi,
} from './support/certificationSeed';
import {
  cancelOnPhone,
  captureOnPhone,
  consentOnPhone,
  openLinkOnPhone,
  phoneContext,
  phoneShows,
  PUBLIC_URL,
} from './support/phoneDriver';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite({ config: { publicUrl: PUBLIC_URL } });

/** A manager of a new CN company whose draft waits at the authorizer step, unverified. */
async function desktopAtAuthorizerStep(locale: Locale, extra?: { permissions: string[] }) {
  const { page, user } = await suite.signedInPage(
    { certificationStatus: 0, language: locale },
    { locale, extra },
  );
  await seedCnDraftWithoutVerification(suite.portal().url, user);
  expect(await openWizard(page, suite.portal().url)).toBe('uploadAuthorizerInfo');
  // A marker that a reload would wipe: "live" means the page learnt it without one.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  return { page, user };
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** A status line of the QR dialog, once it shows `source`. */
const dialogSays = (page: Page, locale: Locale, source: string) =>
  qrDialog(page, locale)
    .getByRole('status')
    .filter({ hasText: exactly(text(locale, source)) })
    .waitFor({ timeout: UI_TIMEOUT });

describe('cross-device QR verification', () => {
  test('the phone opens the link, consents and captures; the desktop shows verified without a reload (en-us)', async () => {
    const locale: Locale = 'en-us';
    const t = (source: string) => text(locale, source);
    const { page, user } = await desktopAtAuthorizerStep(locale, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });

    // The dialog's code and its "Copy link" carry the same single-use link to the phone pages.
    const dialog = await openQrDialog(page);
    const link = await qrLink(page);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/identityVerification\\?session=[A-Za-z0-9_-]{32,}$`));
    await dialog.getByRole('button', { name: t('Copy link'), exact: true }).click();
    await page.getByText(exactly(t('Link copied'))).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The phone: the home page names who verifies for which company.
    const phone = await openLinkOnPhone(await phoneContext(suite, locale), link);
    expect(phone.viewportSize()?.width).toBe(375);
    await phone.getByText(/Na Li/).first().waitFor();
    await dialogSays(page, locale, 'The code was scanned. Please continue on the phone.');

    await consentOnPhone(phone);
    await captureOnPhone(phone);
    // The file input is the fallback: referred to review, which lets the step go on (issue 16 §3).
    await phoneShows(phone, 'referred');

    // The desktop: the dialog closes by itself and the step says a reviewer will check the face.
    await page.getByText(exactly(t('Face verification sent for review'))).waitFor({ timeout: UI_TIMEOUT });
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect(await sameDocument(page)).toBe(true);

    // The verified session goes with the step: the wizard moves on and the server holds it.
    expect(await nextStep(page)).toBe('uploadOtherInfo');
    const view = await certificationView(suite.portal().url, user);
    expect(view.draft.uploadAuthorizerInfo).toMatchObject({ verificationSessionId: expect.any(String) });
  });

  test('the phone cancels; the desktop asks for a new scan and the application cannot be submitted (zh-cn)', async () => {
    const locale: Locale = 'zh-cn';
    const t = (source: string) => text(locale, source);
    const { page, user } = await desktopAtAuthorizerStep(locale);
    const dialog = await openQrDialog(page);
    const phone = await openLinkOnPhone(await phoneContext(suite, locale), await qrLink(page));
    await consentOnPhone(phone);
    await cancelOnPhone(phone);

    // Live on the desktop: a new scan is needed, offered as "Generate a new code".
    await dialogSays(
      page,
      locale,
      'Verification was cancelled on the phone. A new scan is needed before you can submit.',
    );
    await dialog.getByRole('button', { name: t('Generate a new code') }).waitFor();
    expect(await sameDocument(page)).toBe(true);

    // Closing the dialog does not count as verified: the step cannot be left, nor the application
    // submitted, until a new scan verifies.
    await dialog.getByRole('button', { name: t('Close') }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: t('Next'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: exactly(t('Please complete the QR face verification')) })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await currentStep(page)).toBe('uploadAuthorizerInfo');
    await page.getByRole('button', { name: t('Verify by scanning the QR code') }).waitFor();
    expect(await page.getByText(exactly(t('Face verification passed'))).count()).toBe(0);

    const refused = await submitThroughApi(suite.portal().url, user);
    expect(refused.code).not.toBe(200);
    expect(JSON.stringify(refused.data)).toContain('verification.required');
  });
});
