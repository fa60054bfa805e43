// Issue 17 §3 "Network", in a real Chromium against the real portal: on a slow connection (Chromium's
// own throttling through the DevTools protocol) an upload shows its progress and can be cancelled,
// leaving nothing on the server; going offline in the middle of a step says so clearly, keeps the
// typing and the chosen file, and both reach the server by themselves when the network returns.
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../../src/contract/envelope';
import { applicantAtStep } from '../support/a11ySessions';
import { text } from '../support/catalog';
import { certificationView } from '../support/certificationSeed';
import { field, UI_TIMEOUT, uploadedFileGroup } from '../support/certificationDriver';
import { useBrowserSuite } from '../support/suite';
import {
  cancelSlowUpload,
  dropFile,
  dropZone,
  pdfDocument,
  phonePhoto,
  storedFilesOf,
  throttle,
} from './inputSupport';

const suite = useBrowserSuite();

async function wizardAt(locale: Locale, step: Parameters<typeof applicantAtStep>[2]) {
  const portal = suite.portal();
  const { user } = await applicantAtStep(portal, locale, step);
  const context = await suite.context({ locale, seeded: user });
  const page = await suite.page(context);
  await page.goto(`${portal.url}/enterpriseCertification/${step}`);
  const companyId = user.signedIn.companyId!;
  const seeded = new Set((await storedFilesOf(portal, companyId)).map((row) => row.id));
  const added = async () => (await storedFilesOf(portal, companyId)).filter((row) => !seeded.has(row.id));
  return { page, context, user, added };
}

describe('network', () => {
  test('a slow connection: the upload shows its progress, can be cancelled, and stores nothing; a second one completes', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    const { page, added } = await wizardAt(locale, 'uploadEquityStructureChart');
    const label = text(locale, 'Equity structure chart');
    const zone = dropZone(page, label);
    await zone.waitFor({ timeout: UI_TIMEOUT });
    // 2.5 MB at 256 KB/s: about ten seconds on the wire.
    const unthrottle = await throttle(page, 256 * 1024);
    const photo = await phonePhoto('chart-photo.jpg');
    await dropFile(zone, photo);

    await cancelSlowUpload(page, locale, { label, fileName: photo.name, portal, rows: added });

    // Still slow, a small PDF goes through and is shown.
    const chart = pdfDocument('equity-chart.pdf');
    await dropFile(zone, chart);
    await uploadedFileGroup(page, locale, label)
      .filter({ hasText: chart.name })
      .waitFor({ timeout: UI_TIMEOUT });
    expect((await added()).map((row) => row.originalName)).toEqual([chart.name]);
    await unthrottle();
  });

  test('offline mid-step: a clear message, nothing typed or chosen is lost, all saved once back online (zh-cn)', async () => {
    const locale: Locale = 'zh-cn';
    const portal = suite.portal();
    const { page, context, user, added } = await wizardAt(locale, 'completeCompanyInfo');
    const website = field(page, locale, 'Website (optional)');
    await website.waitFor({ timeout: UI_TIMEOUT });

    await context.setOffline(true);
    await website.fill('https://offline.example.cn');
    await page
      .getByRole('alert')
      .filter({ hasText: text(locale, 'Draft not saved. It will be retried; nothing you typed is lost.') })
      .waitFor({ timeout: UI_TIMEOUT });
    const label = text(locale, 'Business licence');
    const licence = pdfDocument('营业执照.pdf');
    await dropFile(dropZone(page, label), licence);
    await page
      .getByRole('alert')
      .filter({
        hasText: text(locale, 'You are offline. The file is kept and is sent when the connection is back.'),
      })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await website.inputValue()).toBe('https://offline.example.cn');

    // Back online: the file goes by itself, the draft is saved on the next retry.
    await context.setOffline(false);
    await uploadedFileGroup(page, locale, label)
      .filter({ hasText: licence.name })
      .waitFor({ timeout: UI_TIMEOUT });
    expect((await added()).map((row) => row.originalName)).toEqual([licence.name]);
    await expect
      .poll(
        async () => {
          const draft = (await certificationView(portal.url, user)).draft.completeCompanyInfo as
            { website?: string; businessLicenseFileId?: string } | undefined;
          return { website: draft?.website, licence: Boolean(draft?.businessLicenseFileId) };
        },
        { timeout: UI_TIMEOUT, interval: 250 },
      )
      .toEqual({ website: 'https://offline.example.cn', licence: true });

    // And a refresh shows both.
    await page.reload();
    await expect
      .poll(() => field(page, locale, 'Website (optional)').inputValue())
      .toBe('https://offline.example.cn');
    await uploadedFileGroup(page, locale, label)
      .filter({ hasText: licence.name })
      .waitFor({ timeout: UI_TIMEOUT });
  });
});
