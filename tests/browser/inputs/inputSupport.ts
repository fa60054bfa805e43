// What the input suites (issue 17 §3) share: the files a person really has (a 12 MP phone photo with
// an EXIF orientation, a PDF, an HEIC and a WebP photo, a scan over 10 MB, misleadingly named files),
// generated at test time with sharp; a real drop of a file onto a drop zone; and what the server
// holds afterwards (rows and bytes), to prove a refused file left nothing behind.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Locale } from '../../../src/contract/envelope';
import sharp from 'sharp';
import { Limits } from '../../../src/contract/limits';
import { storedFiles } from '../../../src/server/db/schema/files';
import type { Portal } from '../../support/portal';
import type { BrowserSuite } from '../support/suite';
import { elfExecutable, pdf, png } from '../../fixtures/files/samples';
import type { UploadFile } from '../support/certificationData';
import { text, textWith } from '../support/catalog';
import { exactly, UI_TIMEOUT } from '../support/certificationDriver';

// ---- files ------------------------------------------------------------------------------------------

/**
 * A phone camera's photo: 4000 × 3000 (12 MP) JPEG, EXIF orientation 6 (taken upright, stored
 * sideways), about 2.5 MB of real-looking texture (noise scaled up, so JPEG cannot squeeze it away).
 */
export async function phonePhoto(name = 'IMG_20261125_101500.jpg'): Promise<UploadFile> {
  const texture = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#6a8',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const buffer = await sharp(texture)
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const smallPhoto = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } });

/** What an iPhone saves by default: a HEIF container (sharp's HEIF writer), named and typed HEIC. */
export async function heicPhoto(): Promise<UploadFile> {
  const buffer = await smallPhoto().heif({ compression: 'av1' }).toBuffer();
  return { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer };
}

export async function webpPhoto(): Promise<UploadFile> {
  return { name: 'photo.webp', mimeType: 'image/webp', buffer: await smallPhoto().webp().toBuffer() };
}

export const pdfDocument = (name = 'licence-scan.pdf'): UploadFile => ({
  name,
  mimeType: 'application/pdf',
  buffer: pdf(),
});

export const pngImage = (name = 'licence.png'): UploadFile => ({
  name,
  mimeType: 'image/png',
  buffer: png(64, 48),
});

/** A real PDF padded past the limit by one byte (a scanner at 600 dpi easily makes one). */
export function oversizedPdf(): UploadFile {
  const head = pdf();
  const buffer = Buffer.alloc(Limits.upload.maxBytes + 1, 0x20);
  head.copy(buffer);
  return { name: 'scan-600dpi.pdf', mimeType: 'application/pdf', buffer };
}

/** An executable renamed to look like a photo: name and type say JPEG, the bytes say ELF. */
export const executableNamedJpg = (): UploadFile => ({
  name: 'holiday.jpg',
  mimeType: 'image/jpeg',
  buffer: elfExecutable(),
});

/** A PNG picture named and typed as a PDF. */
export const imageNamedPdf = (): UploadFile => ({
  name: 'contract.pdf',
  mimeType: 'application/pdf',
  buffer: png(64, 48),
});

// ---- the page ---------------------------------------------------------------------------------------

/** The drop zone of the upload field labelled `label` (the zone itself, not its file input). */
export function dropZone(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true }).and(scope.locator(':not(input)'));
}

/**
 * Drags `file` onto `zone` as a person drags it from the desktop: a File built in the page from the
 * bytes, in a real DataTransfer, with dragenter, dragover and drop dispatched on the zone.
 */
export async function dropFile(zone: Locator, file: UploadFile): Promise<void> {
  const page = zone.page();
  const transfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      return data;
    },
    { base64: file.buffer.toString('base64'), name: file.name, type: file.mimeType },
  );
  try {
    for (const type of ['dragenter', 'dragover', 'drop'])
      await zone.dispatchEvent(type, { dataTransfer: transfer });
  } finally {
    await transfer.dispose();
  }
}

/** Opens the real file chooser by clicking `opener` and hands it `file` (the picker path). */
export async function pickFile(opener: Locator, file: UploadFile): Promise<void> {
  const page = opener.page();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), opener.click()]);
  // A 10 MB file crosses the DevTools protocol slowly on a loaded machine.
  await chooser.setFiles(file, { timeout: 120_000 });
}

/** Counts the upload requests (POST /plat/files) the page sends from now on. */
export function countUploads(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/plat/files') sent += 1;
  });
  return () => sent;
}

// ---- the server -------------------------------------------------------------------------------------

/** The company's live stored files, oldest first. */
export async function storedFilesOf(portal: Portal, companyId: string) {
  const rows = await portal.app.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), isNull(storedFiles.deletedAt)));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Every file under the portal's storage folder (accepted files and partial uploads). */
export async function bytesOnDisk(portal: Portal): Promise<{ files: string[]; partial: string[] }> {
  const filesDir = path.join(portal.config.dataDir, 'files');
  const list = async (dir: string) =>
    (await readdir(dir, { withFileTypes: true }).catch(() => []))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  return { files: await list(filesDir), partial: await list(path.join(filesDir, 'tmp')) };
}

// ---- a slow connection ----------------------------------------------------------------------------

/** Chromium's network throttling for `page`: upload at `bytesPerSecond`, 150 ms latency. Answers
 *  the function that lifts it. */
export async function throttle(page: Page, bytesPerSecond: number): Promise<() => Promise<unknown>> {
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

/**
 * A slow upload of `fileName` into the field `label` shows its progress moving (some sent, not
 * all), Cancel stops it with "Nothing was stored", the bar goes, and the server ends with no new
 * row (`rows`) and no partial bytes.
 */
export async function cancelSlowUpload(
  page: Page,
  locale: Locale,
  upload: { label: string; fileName: string; portal: Portal; rows: () => Promise<unknown[]> },
): Promise<void> {
  const progress = page.getByRole('progressbar', {
    name: textWith(locale, 'Upload progress of {label}', { label: upload.label }),
  });
  await page
    .getByText(textWith(locale, 'Uploading {fileName}', { fileName: upload.fileName }))
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
  // The server saw the request end early: no row, and the partial bytes are gone.
  await expect
    .poll(
      async () => ({
        rows: (await upload.rows()).length,
        partial: (await bytesOnDisk(upload.portal)).partial,
      }),
      {
        timeout: UI_TIMEOUT,
      },
    )
    .toEqual({ rows: 0, partial: [] });
}

// ---- the card application's upload step ------------------------------------------------------------

/** A certified applicant (operator `operatorId`) on the card application's upload step, the
 *  purpose chosen: its page, drop zone, "Choose file" button and the company's stored files. */
export async function cardUploadStep(suite: BrowserSuite, locale: Locale, operatorId: string) {
  const portal = suite.portal();
  const { page, user } = await suite.signedInPage(
    { certificationStatus: 2, auditStatus: 2, operatorId, language: locale },
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
  return { page, portal, user, zone, chooser, stored };
}
