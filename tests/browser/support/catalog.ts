// The texts a browser test looks for, read from the app's own Lingui catalogs: a test names the
// English source message and finds it in whichever language the page should be showing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../../src/contract/envelope';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../src/locales');

function unquote(line: string): string {
  return JSON.parse(line.trim()) as string;
}

/** msgid → msgstr of one .po file (multi-line strings joined, as gettext does). */
export function readCatalog(locale: Locale): Map<string, string> {
  const lines = readFileSync(path.join(LOCALES_DIR, locale, 'messages.po'), 'utf8').split('\n');
  const out = new Map<string, string>();
  let id: string | null = null;
  let str: string | null = null;
  let reading: 'id' | 'str' | null = null;
  const flush = () => {
    if (id !== null && str !== null && id !== '') out.set(id, str);
    id = str = null;
    reading = null;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      reading = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7));
      reading = 'str';
    } else if (line.startsWith('"') && reading === 'id') {
      id += unquote(line);
    } else if (line.startsWith('"') && reading === 'str') {
      str += unquote(line);
    }
  }
  flush();
  return out;
}

const cache = new Map<Locale, Map<string, string>>();

/** The page text of `source` in `locale`; throws when the catalog lacks it (a test typo, or a gap). */
export function text(locale: Locale, source: string): string {
  let catalog = cache.get(locale);
  if (!catalog) cache.set(locale, (catalog = readCatalog(locale)));
  const translated = catalog.get(source);
  if (!translated) throw new Error(`no ${locale} translation of ${JSON.stringify(source)} in src/locales`);
  return translated;
}

/** A catalog text with its {placeholders} filled in. */
export function textWith(locale: Locale, source: string, values: Record<string, string | number>): string {
  return Object.entries(values).reduce(
    (message, [name, value]) => message.replaceAll(`{${name}}`, String(value)),
    text(locale, source),
  );
}

/** A pattern for `source`'s page text where each `{name}` placeholder matches any text (a time, a count). */
export function textPattern(locale: Locale, source: string): RegExp {
  const parts = text(locale, source).split(/\{\w+\}/);
  return new RegExp(parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?'));
}
