// Drives the phone side of the QR verification (issue 6): the link a desktop's QR code encodes is
// opened in a mobile context (iPhone user agent, 375-px viewport), the person starts, agrees to the
// biometric processing, and hands a photo to the file input (a headless phone has no camera, so the
// page offers the file input as it does on a phone without one). Texts come from the catalogs in
// the page's own language.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Locale } from '../../../src/contract/envelope';
import { png } from '../../fixtures/files/samples';
import { openPage } from '../../support/browser';
import { text } from './catalog';
import type { UploadFile } from './certificationData';
import { exactly, pageLocale, UI_TIMEOUT } from './certificationDriver';
import type { BrowserSuite } from './suite';

/**
 * The portal's public address in these tests (config `publicUrl`): the QR code encodes it. It is
 * not a real host: the phone's context resolves it to the test's portal (see phoneContext).
 */
export const PUBLIC_URL = 'http://portal.test';

/**
 * A phone (mobile context) on which the portal's public address reaches this test's portal, as the
 * public DNS name reaches the server in production; the phone then opens the encoded link as is.
 */
export async function phoneContext(suite: BrowserSuite, locale: 'zh-cn' | 'en-us'): Promise<BrowserContext> {
  const context = await suite.context({ mobile: true, locale });
  const { url, config } = suite.portal();
  // Fetched from the portal and answered under the public address, so the page's origin (and with
  // it the portal's Content-Security-Policy 'self') is the public one, as on a real phone.
  await context.route(`${config.publicUrl}/**`, async (route) => {
    const response = await route.fetch({ url: url + route.request().url().slice(config.publicUrl.length) });
    await route.fulfill({ response });
  });
  return context;
}

/** A face-sized capture: both sides above the built-in provider's 200-px minimum. */
export const faceCapture = (): UploadFile => ({
  name: 'selfie.png',
  mimeType: 'image/png',
  buffer: png(240, 260),
});

export type PhoneResult = 'verified' | 'referred' | 'cancelled' | 'failed' | 'expired';
const RESULT_TITLE: Record<PhoneResult, string> = {
  verified: 'Verification complete',
  referred: 'Sent for review',
  cancelled: 'Verification cancelled',
  failed: 'Verification failed',
  expired: 'The code has expired',
};

const heading = (page: Page, source: string, locale: Locale) =>
  page.getByRole('heading', { level: 1, name: text(locale, source), exact: true });

/**
 * Opens `link` on a new page of `phone` (a mobile context) and waits for the home page, which
 * names who verifies for which company. Resolves with the page.
 */
export async function openLinkOnPhone(phone: BrowserContext, link: string): Promise<Page> {
  const page = (await openPage(phone)).page;
  await page.goto(link);
  const locale = await pageLocale(page);
  await page
    .getByRole('button', { name: text(locale, 'Start verification'), exact: true })
    .waitFor({ timeout: UI_TIMEOUT });
  return page;
}

/** Start → terms and privacy → tick the consent → "Agree and continue"; waits for face capture. */
export async function consentOnPhone(page: Page): Promise<void> {
  const locale = await pageLocale(page);
  await page.getByRole('button', { name: text(locale, 'Start verification'), exact: true }).click();
  await heading(page, 'Terms and privacy', locale).waitFor({ timeout: UI_TIMEOUT });
  await page
    .getByRole('checkbox', {
      name: text(locale, 'I agree to the processing of my face image for identity verification'),
    })
    .check();
  await page.getByRole('button', { name: text(locale, 'Agree and continue'), exact: true }).click();
  await heading(page, 'Face capture', locale).waitFor({ timeout: UI_TIMEOUT });
}

/** Hands `image` to the capture's file input ("Take or choose a photo"). */
export async function captureOnPhone(page: Page, image: UploadFile = faceCapture()): Promise<void> {
  const locale = await pageLocale(page);
  await page.getByLabel(text(locale, 'Take or choose a photo'), { exact: true }).setInputFiles(image);
}

/** The result page's panel once it shows `result`. */
export async function phoneShows(page: Page, result: PhoneResult): Promise<Locator> {
  const locale = await pageLocale(page);
  await heading(page, 'Verification result', locale).waitFor({ timeout: UI_TIMEOUT });
  const panel = page
    .getByRole(result === 'failed' || result === 'expired' ? 'alert' : 'status')
    .filter({ hasText: text(locale, RESULT_TITLE[result]) });
  await panel.waitFor({ timeout: UI_TIMEOUT });
  return panel;
}

/** "Cancel verification" on whichever phone page shows it; waits for the cancelled result. */
export async function cancelOnPhone(page: Page): Promise<void> {
  const locale = await pageLocale(page);
  await page
    .getByRole('button', { name: exactly(text(locale, 'Cancel verification')) })
    .click({ timeout: UI_TIMEOUT });
  await phoneShows(page, 'cancelled');
}

/** The whole hand-off on the phone: open the link, consent, a photo through the file input (the
 *  fallback of a phone without a camera), and see it referred to review (issue 16 §3). */
export async function verifyOnPhone(phone: BrowserContext, link: string): Promise<Page> {
  const page = await openLinkOnPhone(phone, link);
  await consentOnPhone(page);
  await captureOnPhone(page);
  await phoneShows(page, 'referred');
  return page;
}
