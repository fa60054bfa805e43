// Language resolution order (spec §1): URL `lang`, then the stored choice, then the browser, then zh-cn.
import { beforeEach, describe, expect, it } from 'vitest';
import { resolveLocale, toLocale, LOCALE_STORAGE_KEY } from '../../src/web/i18n/resolveLocale';
import { chooseLocale, getLocale, i18n, startLocale } from '../../src/web/i18n/localeStore';

describe('resolveLocale', () => {
  it.each([
    // [urlLang, stored, browser, expected]
    ['en-us', 'zh-cn', ['zh-CN'], 'en-us'],
    ['zh-cn', 'en-us', ['en-US'], 'zh-cn'],
    [null, 'en-us', ['zh-CN'], 'en-us'],
    [null, 'zh-cn', ['en-US'], 'zh-cn'],
    [null, null, ['en-GB', 'zh-CN'], 'en-us'],
    [null, null, ['fr-FR', 'zh-TW'], 'zh-cn'],
    [null, null, ['fr-FR', 'de'], 'zh-cn'],
    [null, null, [], 'zh-cn'],
    ['xx', 'yy', ['en'], 'en-us'],
    ['bogus', null, [], 'zh-cn'],
  ] as const)('url %s, stored %s, browser %j → %s', (urlLang, stored, browser, expected) => {
    expect(resolveLocale({ urlLang, stored, browserLanguages: browser })).toBe(expected);
  });

  it('reads language tags loosely', () => {
    expect(toLocale('EN_us')).toBe('en-us');
    expect(toLocale('zh-Hans-CN')).toBe('zh-cn');
    expect(toLocale('ja')).toBeNull();
  });
});

describe('the active language', () => {
  beforeEach(() => localStorage.clear());

  function fakeWindow(search: string, languages: string[]) {
    return {
      location: { search },
      navigator: { languages, language: languages[0] ?? '' },
    } as unknown as Window;
  }

  it('a lang in the URL wins and is stored, so it survives a reload without it', () => {
    expect(startLocale(fakeWindow('?lang=en-us', ['zh-CN']))).toBe('en-us');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-us');
    expect(startLocale(fakeWindow('', ['zh-CN']))).toBe('en-us');
    expect(document.documentElement.lang).toBe('en-us');
    expect(i18n.locale).toBe('en-us');
  });

  it('without URL or stored choice the browser decides, else Chinese', () => {
    expect(startLocale(fakeWindow('', ['en-US']))).toBe('en-us');
    localStorage.clear();
    expect(startLocale(fakeWindow('', ['fr']))).toBe('zh-cn');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });

  it('the switcher stores the choice and translates', () => {
    chooseLocale('zh-cn');
    expect(getLocale()).toBe('zh-cn');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh-cn');
    expect(i18n._({ id: 'missing-id', message: 'x' })).toBe('x');
  });
});
