// Issue 17 §3 for the card application's one drop zone (uploadRelevantInfo), in a real Chromium
// against the real portal: by keyboard alone (Tab to "Choose file", Enter or Space opens the file
// chooser), by the picker and by drag and drop, with the files people have (a 12 MP phone JPEG, a
// WebP photo, a scan over 10 MB), and on a slow connection: the progress shows, Cancel stops the
// send, and the server keeps no row and no bytes. (The dropped HEIC and PDF are in uploads.test.ts.)
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { messageFor } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { openChooserByKey, tabTo } from '../support/a11yKeyboard';
import { text, textWith } from '../support/catalog';
import { exactly, UI_TIMEOUT } from '../support/certificationDriver';
import type { UploadFile } from '../support/certificationData';
import { useBrowserSuite } from '../support/suite';
import {
  bytesOnDisk,
  countUploads,
  dropFile,
  oversizedPdf,
  pdfDocument,
  phonePhoto,
  pickFile,
  storedFilesOf,
  webpPhoto,
} from './inputSupport';

const suite = useBrowserSuite();

let operators = 0;

/** A certified applicant on the card application's upload step (the purpose chosen). */
async function cardUploadStep(locale: Locale) {
  const portal = suite.portal();
  operators += 1;
  const { page, user } = await suite.signedInPage(
    {
      certificationStatus: 2,
      auditStatus: 2,
      operatorId: `OP8100${String(operators).padStart(4, '0')}`,
      language: locale,
    },
    { locale },
  );
  await page.goto(`${portal.url}/issuingCardApplication/issuingCardApplicationIndex`);
  await page.getByRole('button', { name: text(locale, 'Start application'), exact: true }).click();
  await page
    .getByRole('radiogroup', { name: text(locale, 'Business purpose') })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('button', { name: text(locale, 'Next step'), exact: true }).click();
  const zone = page.getByRole('group', { name: text(locale, 'Drop zone for the relevant document') });
  await zone.waitFor({ timeout: UI_TIMEOUT });
  const chooser = page.getByRole('button', { name: text(locale, 'Choose file'), exact: true });
  const stored = () => storedFilesOf(portal, user.signedIn.companyId!);
  return { page, portal, zone, chooser, stored };
}

/** The attached file shows with its Remove button. */
const attached = (page: Page, locale: Locale, file: UploadFile) =>
  page
    .getByRole('button', { name: textWith(locale, 'Remove file {0}', { 0: file.name }) })
    .waitFor({ timeout: UI_TIMEOUT });

const alertSays = (page: Page, message: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: exactly(message) })
    .waitFor({ timeout: UI_TIMEOUT });

/** Chromium's own throttling for `page`: upload at `bytesPerSecond`, 150 ms latency. */
async function throttle(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 4 * bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

describe('the card application upload', () => {
  test('by keyboard: Tab to "Choose file", Enter opens the chooser, the file is stored; Space after Remove', async () => {
    const locale: Locale = 'en-us';
    const { page, chooser, stored } = await cardUploadStep(locale);
    const contract = pdfDocument('contract-by-keys.pdf');
    await (await openChooserByKey(page, chooser, 'Enter')).setFiles(contract);
    await attached(page, locale, contract);
    expect((await stored()).map((row) => row.originalName)).toEqual([contract.name]);

    await tabTo(
      page,
      page.getByRole('button', { name: textWith(locale, 'Remove file {0}', { 0: contract.name }) }),
    );
    await page.keyboard.press('Enter');
    const second = pdfDocument('contract-by-space.pdf');
    await (await openChooserByKey(page, chooser, 'Space', { backwards: true })).setFiles(second);
    await attached(page, locale, second);
  });

  test('the picker refuses a WebP photo and a scan over 10 MB; a 12 MP phone photo dropped is stored (zh-cn)', async () => {
    const locale: Locale = 'zh-cn';
    const { page, chooser, zone, stored } = await cardUploadStep(locale);
    const uploadsSent = countUploads(page);

    await pickFile(chooser, await webpPhoto());
    await alertSays(page, messageFor('fileTypeNotAllowed', locale));
    await pickFile(chooser, oversizedPdf());
    await alertSays(page, messageFor('fileTooLarge', locale));
    expect(uploadsSent()).toBe(0);
    expect(await stored()).toEqual([]);

    const photo = await phonePhoto();
    await dropFile(zone, photo);
    await attached(page, locale, photo);
    const rows = await stored();
    expect(rows.map((row) => [row.originalName, row.contentType])).toEqual([[photo.name, 'image/jpeg']]);
    expect(uploadsSent()).toBe(1);
  });

  test('a slow connection: the progress shows, Cancel stops it and nothing is stored; a second one completes', async () => {
    const locale: Locale = 'en-us';
    const { page, portal, chooser, stored } = await cardUploadStep(locale);
    // 2.5 MB at 256 KB/s: about ten seconds on the wire.
    const unthrottle = await throttle(page, 256 * 1024);
    const photo = await phonePhoto('purchase-contract-photo.jpg');
    await pickFile(chooser, photo);

    const label = text(locale, 'Relevant documents');
    const progress = page.getByRole('progressbar', {
      name: textWith(locale, 'Upload progress of {label}', { label }),
    });
    await page
      .getByText(textWith(locale, 'Uploading {fileName}', { fileName: photo.name }))
      .waitFor({ timeout: UI_TIMEOUT });
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: UI_TIMEOUT })
      .toBeGreaterThan(0);
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);

    await page.getByRole('button', { name: text(locale, 'Cancel upload'), exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: exactly(text(locale, 'Upload cancelled. Nothing was stored.')) })
      .waitFor({ timeout: UI_TIMEOUT });
    await progress.waitFor({ state: 'detached' });
    await expect
      .poll(async () => ({ rows: (await stored()).length, partial: (await bytesOnDisk(portal)).partial }), {
        timeout: UI_TIMEOUT,
      })
      .toEqual({ rows: 0, partial: [] });

    // Still slow, a small PDF goes through and is attached.
    const contract = pdfDocument('purchase-contract.pdf');
    await pickFile(chooser, contract);
    await attached(page, locale, contract);
    expect((await stored()).map((row) => row.originalName)).toEqual([contract.name]);
    await unthrottle();
  });
});
