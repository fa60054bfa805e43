// Which language the portal starts in (spec §1): the URL `lang`, then the stored choice, then the
// browser language, then Chinese. Pure.
import { DEFAULT_LOCALE, type Locale } from '../../contract/envelope';

export const LOCALE_STORAGE_KEY = 'lang';

/** Maps a language tag ('en', 'en-US', 'zh-Hans-CN', 'zh-cn', …) to a portal locale, or null. */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-cn';
  if (primary === 'en') return 'en-us';
  return null;
}

export interface LocaleSources {
  urlLang: string | null;
  stored: string | null;
  browserLanguages: readonly string[];
}

export function resolveLocale(sources: LocaleSources): Locale {
  const fromUrl = toLocale(sources.urlLang);
  if (fromUrl) return fromUrl;
  const fromStore = toLocale(sources.stored);
  if (fromStore) return fromStore;
  for (const tag of sources.browserLanguages) {
    const fromBrowser = toLocale(tag);
    if (fromBrowser) return fromBrowser;
  }
  return DEFAULT_LOCALE;
}
