// Every message the user reads exists in zh-cn and en-us (spec §1, docs/product-rules.md): the catalogs
// have a translation for every entry, and a fresh `lingui extract` of the source finds no message
// the catalogs lack.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const LOCALES = ['zh-cn', 'en-us'] as const;

/** msgid → msgstr of a .po file (header entry left out). */
function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(s) as string;
  let field: 'id' | 'str' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (field !== null && id !== '') entries.set(id, str);
    field = null;
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    const idStart = /^msgid (".*")$/.exec(line);
    const strStart = /^msgstr (".*")$/.exec(line);
    const continued = /^(".*")$/.exec(line);
    if (idStart?.[1]) {
      flush();
      field = 'id';
      id = unquote(idStart[1]);
    } else if (strStart?.[1]) {
      field = 'str';
      str = unquote(strStart[1]);
    } else if (continued?.[1] && field === 'id') id += unquote(continued[1]);
    else if (continued?.[1] && field === 'str') str += unquote(continued[1]);
  }
  flush();
  return entries;
}

const catalogs = Object.fromEntries(
  LOCALES.map((l) => [l, parsePo(readFileSync(path.join(root, 'src/locales', l, 'messages.po'), 'utf8'))]),
) as Record<(typeof LOCALES)[number], Map<string, string>>;

const scratch = mkdtempSync(path.join(tmpdir(), 'i18n-extract-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('translation catalogs', () => {
  it('parses entries from both catalogs', () => {
    expect(catalogs['zh-cn'].size).toBeGreaterThan(10);
    expect([...catalogs['en-us'].keys()].sort()).toEqual([...catalogs['zh-cn'].keys()].sort());
  });

  it.each(LOCALES)('every message has a %s translation', (locale) => {
    const untranslated = [...catalogs[locale]].filter(([, str]) => str.trim() === '').map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it('the zh-cn catalog is really Chinese where the source has letters', () => {
    const notChinese = [...catalogs['zh-cn']]
      // Placeholder names ({who}, {document}) are code, not words: a message made only of
      // placeholders and punctuation has nothing to translate.
      .filter(([id, str]) => /[a-z]{3}/i.test(id.replace(/\{[^{}]*\}/g, '')) && !/[\u4e00-\u9fff]/.test(str))
      .map(([id]) => id);
    expect(notChinese).toEqual([]);
  });

  it('a fresh extract of the source finds no message missing from the catalogs', () => {
    const config = {
      rootDir: root,
      locales: ['zh-cn', 'en-us'],
      sourceLocale: 'en-us',
      catalogs: [{ path: path.join(scratch, '{locale}', 'messages'), include: ['<rootDir>/src/web'] }],
    };
    const configPath = path.join(scratch, 'lingui.config.json');
    writeFileSync(configPath, JSON.stringify(config));
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--config', configPath],
      {
        cwd: root,
        stdio: 'pipe',
      },
    );
    const extracted = parsePo(readFileSync(path.join(scratch, 'en-us', 'messages.po'), 'utf8'));
    expect(extracted.size).toBeGreaterThan(10);
    const missing = [...extracted.keys()].filter(
      (id) => !catalogs['zh-cn'].has(id) || !catalogs['en-us'].has(id),
    );
    expect(missing).toEqual([]);
  }, 120_000);
});
