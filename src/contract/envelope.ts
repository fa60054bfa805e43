// The one answer shape of every API call (spec §3 "API envelope", §8).
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Language header sent by the browser: '0' for Chinese, '1' for anything else (spec §1). */
export const LANGUAGE_HEADER = 'language';
export type Locale = 'zh-cn' | 'en-us';
export const LOCALES: readonly Locale[] = ['zh-cn', 'en-us'];
export const DEFAULT_LOCALE: Locale = 'zh-cn';

export function localeFromLanguageHeader(value: string | string[] | undefined): Locale {
  const v = Array.isArray(value) ? value[0] : value;
  // Absent header: the portal's default language is Chinese (spec §1).
  if (v === undefined || v === '0') return 'zh-cn';
  return 'en-us';
}

export function languageHeaderFor(locale: Locale): '0' | '1' {
  return locale === 'zh-cn' ? '0' : '1';
}

/** A paged list (docs/api-conventions.md). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
