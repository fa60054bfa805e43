// The active language: Lingui's catalog, the stored choice, <html lang>, dayjs. Everything that
// needs the language (views, the API client's header) reads it from here.
import { i18n } from '@lingui/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Locale } from '../../contract/envelope';
import { messages as enMessages } from '../../locales/en-us/messages.po';
import { messages as zhMessages } from '../../locales/zh-cn/messages.po';
import { LOCALE_STORAGE_KEY, resolveLocale, toLocale } from './resolveLocale';

const catalogs = { 'zh-cn': zhMessages, 'en-us': enMessages } as const;
const dayjsLocale: Record<Locale, string> = { 'zh-cn': 'zh-cn', 'en-us': 'en' };

i18n.load(catalogs);

let current: Locale = 'zh-cn';

function applyLocale(locale: Locale): void {
  current = locale;
  i18n.activate(locale);
  dayjs.locale(dayjsLocale[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** Picks the start language and activates it; a `lang` in the URL also becomes the stored choice. */
export function startLocale(win: Pick<Window, 'location' | 'navigator'> = window): Locale {
  const urlLang = new URLSearchParams(win.location.search).get('lang');
  const locale = resolveLocale({
    urlLang,
    stored: readStored(),
    browserLanguages: win.navigator.languages?.length ? win.navigator.languages : [win.navigator.language],
  });
  if (toLocale(urlLang)) store(locale);
  applyLocale(locale);
  return locale;
}

/** The header switcher: activates and remembers the choice. */
export function chooseLocale(locale: Locale): void {
  store(locale);
  applyLocale(locale);
}

export function getLocale(): Locale {
  return current;
}

export { i18n };
