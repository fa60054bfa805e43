// `npm run diagrams` writes docs/machines/<id>.md for every registered machine;
// `npm run diagrams -- --check` writes nothing and exits 1, naming each file, when a committed
// diagram differs from what the machines produce now (changed, missing, or left over from a machine
// that is gone), and naming each part a reviewer could not sign (issue 19 §4): an unnamed guard, an
// unnamed or undocumented delay, a state that cites no spec section and no decision. Both modes
// refuse (exit 1) while such a part exists. `--dir <path>` points both at another folder (tests).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineRegistry } from '../../machines/registry';
import type { MachineRegistryEntry } from '../../machines/registry';
import { machineDiagramMarkdown } from './machineGraph/diagramMarkdown';
import { unsignedParts } from './machineGraph/signable';
import type { UnsignedPart } from './machineGraph/signable';

export const defaultDiagramDir = fileURLToPath(new URL('../../docs/machines/', import.meta.url));

export interface DiagramDifference {
  file: string;
  problem: 'changed' | 'missing' | 'no such machine';
}

function expectedFiles(entries: readonly MachineRegistryEntry[]): Map<string, string> {
  return new Map(entries.map((entry) => [`${entry.id}.md`, machineDiagramMarkdown(entry)]));
}

async function committedFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every file in `dir` that differs from what `entries` produce; empty when the diagrams are current. */
export async function checkDiagrams(
  dir: string,
  entries: readonly MachineRegistryEntry[] = machineRegistry,
): Promise<DiagramDifference[]> {
  const expected = expectedFiles(entries);
  const present = await committedFiles(dir);
  const differences: DiagramDifference[] = [];
  for (const [file, content] of expected) {
    if (!present.includes(file)) {
      differences.push({ file, problem: 'missing' });
    } else if ((await readFile(join(dir, file), 'utf8')) !== content) {
      differences.push({ file, problem: 'changed' });
    }
  }
  for (const file of present) {
    if (!expected.has(file)) differences.push({ file, problem: 'no such machine' });
  }
  return differences.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Every part of the entries' pages a spec reviewer could not sign; empty when all are signable. */
export function checkSignable(entries: readonly MachineRegistryEntry[] = machineRegistry): UnsignedPart[] {
  return entries.flatMap(unsignedParts);
}

function reportUnsigned(parts: readonly UnsignedPart[]): void {
  for (const { machine, kind, where } of parts) console.error(`diagrams: ${machine}: ${kind}: ${where}`);
  if (parts.length > 0)
    console.error(
      'diagrams: name every guard and delay in setup(), document each delay in the registry entry, and ' +
        "give each state meta.spec 'portal-spec.md §N …' or 'addition: … <decision>', the decision being " +
        'docs/decisions/<file>.md "<part>" or docs/product-rules.md "<row>"',
    );
}

/** Writes every diagram and removes the ones of machines no longer registered. */
export async function writeDiagrams(
  dir: string,
  entries: readonly MachineRegistryEntry[] = machineRegistry,
): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const expected = expectedFiles(entries);
  for (const [file, content] of expected) await writeFile(join(dir, file), content);
  for (const file of await committedFiles(dir)) {
    if (!expected.has(file)) await rm(join(dir, file));
  }
  return [...expected.keys()].sort();
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const dirIndex = argv.indexOf('--dir');
  const dirArgument = dirIndex >= 0 ? argv[dirIndex + 1] : undefined;
  if (dirIndex >= 0 && !dirArgument) {
    console.error('diagrams: --dir needs a path');
    return 2;
  }
  const dir = dirArgument ? resolve(dirArgument) : defaultDiagramDir;
  const unsigned = checkSignable();
  reportUnsigned(unsigned);
  if (check) {
    const differences = await checkDiagrams(dir);
    if (differences.length === 0 && unsigned.length === 0) {
      console.log(`diagrams: ${machineRegistry.length} diagrams in ${dir} are current`);
      return 0;
    }
    for (const { file, problem } of differences)
      console.error(`diagrams: ${join(dir, file)} is stale (${problem})`);
    if (differences.length > 0) console.error('diagrams: run `npm run diagrams` and commit the result');
    return 1;
  }
  const written = await writeDiagrams(dir);
  console.log(`diagrams: wrote ${written.length} files to ${dir}: ${written.join(', ')}`);
  return unsigned.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
