// The Lingui catalogs. A production build loads only the active language's catalog, on demand
// (issue 10 §1 budget: each catalog is ~9 KB gzip). Development and tests load both up front, so
// switching the language there stays synchronous.
import type { Messages } from '@lingui/core';
import type { Locale } from '../../contract/envelope';

type CatalogModule = { messages: Messages };

const loaders = import.meta.glob<CatalogModule>('../../locales/*/messages.po');

async function loadAll(): Promise<Map<string, Messages>> {
  const entries = await Promise.all(
    Object.entries(loaders).map(async ([file, load]) => [file, (await load()).messages] as const),
  );
  return new Map(entries);
}

// Static imports would put both catalogs into the production bundle's first load; an await here
// keeps them lazy there while dev and tests still have them before any code runs.
const preloaded: Map<string, Messages> = import.meta.env.PROD ? new Map<string, Messages>() : await loadAll();

const fileOf = (locale: Locale) => `../../locales/${locale}/messages.po`;

/** The catalog when it is already at hand (always outside production builds), else undefined. */
export function catalogAtHand(locale: Locale): Messages | undefined {
  return preloaded.get(fileOf(locale));
}

export async function loadCatalog(locale: Locale): Promise<Messages> {
  const load = loaders[fileOf(locale)];
  if (!load) throw new Error(`no Lingui catalog for ${locale}`);
  return (await load()).messages;
}
