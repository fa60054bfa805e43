// Issue 17 §3 "Keyboard only and a 375-px phone width", completing tests/browser/keyboard.test.ts
// (which covers login, registration, a certification step, the card purpose and a back-office
// decision by keys): a certification upload by keyboard alone (Tab to the drop zone, Enter opens the
// file chooser), and the journeys' pages in a desktop browser narrowed to 375 px (a phone's
// user agent is sent to /mobileTransfer by the spec): nothing wider than the window, uploads work.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../../src/contract/envelope';
import { applicantAtStep } from '../support/a11ySessions';
import { openChooserByKey } from '../support/a11yKeyboard';
import { text } from '../support/catalog';
import { UI_TIMEOUT, uploadedFileGroup } from '../support/certificationDriver';
import { useBrowserSuite } from '../support/suite';
import { dropZone, pdfDocument, pngImage } from './inputSupport';

const suite = useBrowserSuite();

const NARROW = { viewport: { width: 375, height: 812 } };

/** The page is no wider than its window (no sideways scrolling on a phone). */
async function fitsTheWidth(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.content, `${what}: ${JSON.stringify(widths)}`).toBeLessThanOrEqual(widths.window);
}

describe('keyboard only: uploads', () => {
  test('a certification drop zone: Tab to it, Enter opens the chooser, the file is stored', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    const { user } = await applicantAtStep(portal, locale, 'uploadEquityStructureChart');
    const page = await suite.page(await suite.context({ locale, seeded: user }));
    await page.goto(`${portal.url}/enterpriseCertification/uploadEquityStructureChart`);
    const label = text(locale, 'Equity structure chart');
    const chart = pdfDocument('chart-by-keys.pdf');
    // Tab to the drop zone and press Enter (once more, tabbing again, if the step re-rendered under
    // the first press as its draft loaded: the same helper as the keyboard journeys).
    const chooser = await openChooserByKey(page, dropZone(page, label), 'Enter');
    await chooser.setFiles(chart);
    await uploadedFileGroup(page, locale, label)
      .filter({ hasText: chart.name })
      .waitFor({ timeout: UI_TIMEOUT });
  });
});

describe('a 375-px window', () => {
  test('login, a certification upload step and the card upload step fit and work', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();

    const visitor = await suite.page(await suite.context({ locale, extra: NARROW }));
    await visitor.goto(`${portal.url}/login`);
    await visitor.getByLabel(text(locale, 'Email'), { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await fitsTheWidth(visitor, 'login');

    const { user } = await applicantAtStep(portal, locale, 'uploadLegalPersonInfo');
    const page = await suite.page(await suite.context({ locale, seeded: user, extra: NARROW }));
    await page.goto(`${portal.url}/enterpriseCertification/uploadLegalPersonInfo`);
    const label = text(locale, 'Identity card, front');
    const zone = dropZone(page, label);
    await zone.waitFor({ timeout: UI_TIMEOUT });
    await fitsTheWidth(page, 'certification person step');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), zone.click()]);
    const photo = pngImage('id-front-narrow.png');
    await chooser.setFiles(photo);
    await uploadedFileGroup(page, locale, label)
      .filter({ hasText: photo.name })
      .waitFor({ timeout: UI_TIMEOUT });
    await fitsTheWidth(page, 'certification person step with a preview');

    const card = await suite.signedInPage(
      { certificationStatus: 2, auditStatus: 2, operatorId: 'OP80000005', language: locale },
      { locale, extra: NARROW },
    );
    await card.page.goto(`${portal.url}/issuingCardApplication/issuingCardApplicationIndex`);
    await card.page.getByRole('button', { name: text(locale, 'Start application'), exact: true }).click();
    await card.page
      .getByRole('radiogroup', { name: text(locale, 'Business purpose') })
      .getByRole('radio')
      .first()
      .check();
    await card.page.getByRole('button', { name: text(locale, 'Next step'), exact: true }).click();
    await card.page
      .getByRole('group', { name: text(locale, 'Drop zone for the relevant document') })
      .waitFor({ timeout: UI_TIMEOUT });
    await fitsTheWidth(card.page, 'card upload step');
  });
});
