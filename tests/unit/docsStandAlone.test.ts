// The repository explains itself (issue 31 §3): the README, docs/ and every source comment point
// only inside the repository. Checked over the tracked sources and docs: no citation of a page that
// is not here (the team's old design pages, a shared folder beside the repository, the single
// decisions file that was split), every cited docs page exists, every quoted part of one names a
// heading, table row or bold lead-in of that page, every relative link in a Markdown page resolves,
// and the decisions index lists every decisions file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(ts|tsx|mjs|cjs|js|md)$/;
/** Stryker's incremental files quote old sources; they are caches, not documentation. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'reports', '.git', '.tmp', 'mutation']);
/** Pages that name the old pages on purpose: to say what became of them, or to refuse them. */
const NAMES_OLD_PAGES = new Set([
  'docs/decisions/documentation.md',
  'tests/paths/diagramCheck.test.ts',
  'tests/unit/docsStandAlone.test.ts',
]);

function walk(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(rel);
    return SOURCE.test(entry.name) ? [rel] : [];
  });
}

const files = [
  ...['src', 'machines', 'tests', 'bench', 'stryker', 'docs'].flatMap((dir) => walk(dir)),
  ...readdirSync(ROOT).filter((name) => SOURCE.test(name) && statSync(path.join(ROOT, name)).isFile()),
];
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

const OUTSIDE = [
  /(?<![\w/.-])(DECISIONS|ARCHITECTURE|API|STACK|STYLE)\.md/,
  /\.\.\/shared\/(spec|design)/,
  /docs\/decisions\.md/,
];

/** A cited docs page, and the quoted part after it if any (a comment may break it over lines). */
const CITATION =
  /(docs\/(?:decisions\/[\w-]+|product-rules|architecture|api-conventions|stack|style)\.md)(?:\s*(?:\/\/|\*)?\s*\\?"([^"\\]+))?/g;

/** The parts a page can be cited by: headings, first cells of table rows, bold lead-ins. */
function partsOf(page: string): string[] {
  const parts: string[] = [];
  for (const line of read(page).split('\n')) {
    const heading = /^#{1,4} (.+)$/.exec(line);
    if (heading) parts.push(heading[1]!.trim());
    const row = /^\| ([^|]*?)\s+\|/.exec(line);
    if (row) parts.push(row[1]!.trim());
    for (const [, bold] of line.matchAll(/\*\*([^*]+)\*\*/g)) parts.push(bold!.trim());
  }
  return parts.filter(Boolean);
}

describe('the repository stands alone', () => {
  it('cites no page outside the repository', () => {
    const found = files
      .filter((file) => !NAMES_OLD_PAGES.has(file))
      .flatMap((file) =>
        read(file)
          .split('\n')
          .flatMap((line, i) =>
            OUTSIDE.some((p) => p.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });

  it('cites docs pages that exist, by parts they have', () => {
    const problems: string[] = [];
    const parts = new Map<string, string[]>();
    for (const file of files) {
      for (const [, page, quoted] of read(file).matchAll(CITATION)) {
        if (!existsSync(path.join(ROOT, page!))) {
          problems.push(`${file}: ${page} does not exist`);
          continue;
        }
        // `<row>` and the like describe the form of a citation; they cite nothing.
        if (quoted === undefined || quoted.startsWith('<')) continue;
        const part = quoted
          .replace(/\s*\n\s*(\/\/|\*)?\s*/g, ' ')
          .replace(/…$/, '')
          .trim();
        if (!parts.has(page!)) parts.set(page!, partsOf(page!));
        const known = parts.get(page!)!;
        if (!known.some((name) => name.startsWith(part) || part.startsWith(name)))
          problems.push(`${file}: ${page} has no part "${part}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no broken relative link in a Markdown page', () => {
    const broken = files
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) =>
        [...read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
          .map(([, target]) => target!)
          .filter((target) => !/^[a-z]+:/.test(target))
          .filter((target) => !existsSync(path.join(ROOT, path.dirname(file), target)))
          .map((target) => `${file}: ${target}`),
      );
    expect(broken).toEqual([]);
  });

  it('lists every decisions file in the decisions index', () => {
    const index = read('docs/decisions/README.md');
    const unlisted = readdirSync(path.join(ROOT, 'docs/decisions'))
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .filter((name) => !index.includes(`](${name})`));
    expect(unlisted, 'add a line for each to docs/decisions/README.md').toEqual([]);
  });
});
