// Which language the portal shows (spec §1): the URL `lang`, then the stored choice, then the
// browser language, then Chinese; the choice is stored and survives a reload.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/contract/envelope';
import { seedSignedInUser } from '../support/portal';
import { text } from './support/catalog';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** The page is in `locale`: <html lang>, the page heading and the header's brand. */
async function expectLanguage(page: Page, locale: Locale) {
  await page.getByRole('heading', { level: 1, name: text(locale, 'Home') }).waitFor();
  await page.getByText(text(locale, 'Business portal'), { exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
}

async function signedInPage(browserLanguage: string) {
  const user = await seedSignedInUser(suite.portal());
  const context = await suite.context({ seeded: user, extra: { locale: browserLanguage } });
  return suite.page(context);
}

describe('language resolution', () => {
  test('?lang=en-us shows English and the choice survives a reload and a visit without lang', async () => {
    const page = await signedInPage('zh-CN');
    await page.goto(`${suite.portal().url}/gateway?lang=en-us`);
    await expectLanguage(page, 'en-us');

    await page.reload();
    await expectLanguage(page, 'en-us');

    await page.goto(`${suite.portal().url}/gateway`);
    expect(new URL(page.url()).searchParams.get('lang')).toBeNull();
    await expectLanguage(page, 'en-us');
  });

  test('zh-cn is the default: no lang, no stored choice, a browser language that is neither', async () => {
    const page = await signedInPage('fr-FR');
    await page.goto(`${suite.portal().url}/gateway`);
    await expectLanguage(page, 'zh-cn');
  });

  test('an English browser gets English when nothing else is said', async () => {
    const page = await signedInPage('en-US');
    await page.goto(`${suite.portal().url}/gateway`);
    await expectLanguage(page, 'en-us');
  });

  test('the stored choice beats the browser language', async () => {
    const page = await signedInPage('en-US');
    await page.goto(`${suite.portal().url}/gateway?lang=zh-cn`);
    await expectLanguage(page, 'zh-cn');
    await page.goto(`${suite.portal().url}/gateway`);
    await expectLanguage(page, 'zh-cn');
  });

  test('the URL lang beats the stored choice (and replaces it)', async () => {
    const page = await signedInPage('zh-CN');
    await page.goto(`${suite.portal().url}/gateway?lang=en-us`);
    await expectLanguage(page, 'en-us');
    await page.goto(`${suite.portal().url}/gateway?lang=zh-cn`);
    await expectLanguage(page, 'zh-cn');
    await page.goto(`${suite.portal().url}/gateway`);
    await expectLanguage(page, 'zh-cn');
  });

  test('the header switch changes the language and remembers it', async () => {
    const page = await signedInPage('zh-CN');
    await page.goto(`${suite.portal().url}/gateway`);
    await expectLanguage(page, 'zh-cn');
    await page.getByText('English', { exact: true }).click();
    await expectLanguage(page, 'en-us');
    await page.reload();
    await expectLanguage(page, 'en-us');
  });
});
