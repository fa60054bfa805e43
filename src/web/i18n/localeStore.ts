// The active language: Lingui's catalog, the stored choice, <html lang>. Everything that needs the
// language (views, the API client's header) reads it from here; dayjs follows it in dayjsLocale.ts.
import { i18n } from '@lingui/core';
import type { Locale } from '../../contract/envelope';
import { catalogAtHand, loadCatalog } from './catalogs';
import { LOCALE_STORAGE_KEY, resolveLocale, toLocale } from './resolveLocale';

const loaded = new Set<Locale>();
let current: Locale = 'zh-cn';
let activation: Promise<void> = Promise.resolve();

function activate(locale: Locale): void {
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The chosen language counts at once (API headers); the texts switch when its catalog is in. */
function applyLocale(locale: Locale): void {
  current = locale;
  const atHand = loaded.has(locale) ? undefined : catalogAtHand(locale);
  if (atHand) {
    i18n.load(locale, atHand);
    loaded.add(locale);
  }
  if (loaded.has(locale)) {
    activate(locale);
    activation = Promise.resolve();
    return;
  }
  activation = loadCatalog(locale).then((messages) => {
    i18n.load(locale, messages);
    loaded.add(locale);
    // A later choice made while this catalog was loading wins.
    if (current === locale) activate(locale);
  });
  activation.catch((error: unknown) => console.error(`the ${locale} catalog did not load`, error));
}

/** Resolves when the chosen language's texts are active (main.tsx renders after it). */
export function localeReady(): Promise<void> {
  return activation;
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
