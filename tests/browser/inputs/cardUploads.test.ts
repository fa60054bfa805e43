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
  cancelSlowUpload,
  cardUploadStep as cardUploadStepOf,
  countUploads,
  dropFile,
  oversizedPdf,
  pdfDocument,
  phonePhoto,
  pickFile,
  throttle,
  webpPhoto,
} from './inputSupport';

const suite = useBrowserSuite();

let operators = 0;
const cardUploadStep = (locale: Locale) =>
  cardUploadStepOf(suite, locale, `OP8100${String((operators += 1)).padStart(4, '0')}`);

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
    await cancelSlowUpload(page, locale, { label, fileName: photo.name, portal, rows: stored });

    // Still slow, a small PDF goes through and is attached.
    const contract = pdfDocument('purchase-contract.pdf');
    await pickFile(chooser, contract);
    await attached(page, locale, contract);
    expect((await stored()).map((row) => row.originalName)).toEqual([contract.name]);
    await unthrottle();
  });
});
