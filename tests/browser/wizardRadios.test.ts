// Issue 31: in the certification wizard each radio's circle sits beside its label, not above it —
// step 5's yes / no and step 6's three authorizer choices, at 1440 × 900 in Chromium, in Chinese as
// the issue saw it. The cause was CSS: Mantine draws a radio's circle and label side by side with the
// shared InlineInput styles, which the page never loaded (only Radio.css), so the two stacked.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/contract/envelope';
import { Limits } from '../../src/contract/limits';
import { text, textWith } from './support/catalog';
import { nextStep, openWizard } from './support/certificationDriver';
import { seedCnDraftWithoutVerification } from './support/certificationSeed';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of a radio's circle and of its label text, as Chromium laid them out. */
async function circleAndLabel(radio: Locator): Promise<{ circle: Box; label: Box }> {
  return radio.evaluate((input) => {
    const body = input.closest('.mantine-Radio-body');
    const circle = body?.querySelector('.mantine-Radio-inner');
    const label = body?.querySelector('.mantine-Radio-label');
    if (!circle || !label) throw new Error('the radio has no circle or no label');
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return { circle: box(circle), label: box(label) };
  });
}

/** Every radio of the group: circle left of its label, on the same line, both drawn. */
async function expectSideBySide(page: Page, group: Locator, names: string[]): Promise<void> {
  for (const name of names) {
    const { circle, label } = await circleAndLabel(group.getByRole('radio', { name, exact: true }));
    const what = `"${name}"`;
    expect(circle.width, `${what}: the circle is drawn`).toBeGreaterThan(8);
    expect(label.width, `${what}: the label is drawn`).toBeGreaterThan(8);
    expect(circle.x + circle.width, `${what}: the circle ends before the label starts`).toBeLessThanOrEqual(
      label.x,
    );
    // On one line: the circle's middle lies within the label's height.
    const middle = circle.y + circle.height / 2;
    expect(middle, `${what}: the circle is not above the label`).toBeGreaterThanOrEqual(label.y);
    expect(middle, `${what}: the circle is not below the label`).toBeLessThanOrEqual(label.y + label.height);
  }
  expect(page.viewportSize()).toEqual({ width: 1440, height: 900 });
}

describe('the wizard’s radio choices', () => {
  test('step 5’s 是 / 否 and step 6’s three authorizer choices: circle beside label at 1440 × 900', async () => {
    const locale: Locale = 'zh-cn';
    const { page, user } = await suite.signedInPage({ certificationStatus: 0, language: locale }, { locale });
    await seedCnDraftWithoutVerification(suite.portal().url, user, 'uploadBeneficiaryInfo');
    expect(await openWizard(page, suite.portal().url)).toBe('uploadBeneficiaryInfo');

    const question = textWith(locale, 'Does any shareholder hold {threshold}% or more?', {
      threshold: Limits.beneficiary.thresholdPercent,
    });
    await expectSideBySide(page, page.getByRole('radiogroup', { name: question }), [
      text(locale, 'Yes'),
      text(locale, 'No'),
    ]);

    expect(await nextStep(page)).toBe('uploadAuthorizerInfo');
    await expectSideBySide(page, page.getByRole('radiogroup', { name: text(locale, 'The authorizer is') }), [
      text(locale, 'Same as the director'),
      text(locale, 'Same as a beneficiary'),
      text(locale, 'None of these'),
    ]);
  });
});
