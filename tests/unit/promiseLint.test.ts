// Issue 17 §1: the lint sees promises. The crash that stopped the server (a promise returned from
// inside try/finally without await, rejecting after the file closed) and its relatives are lint
// errors; these tests fail if the type-aware rules are switched off or lose their type information.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(import.meta.dirname, 'fixtures/lint');
// The project's own rules, typed by a one-file project instead of the whole tree (seconds, not minutes).
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'src/tools/eslint.config.js'),
  overrideConfig: {
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: path.join(fixture, 'tsconfig.json'),
        // With CI=true typescript-eslint infers a "single run" and types the file as it is on disk,
        // not the text given to lintText: every type-aware rule then saw the wrong code in CI.
        disallowAutomaticSingleRunInference: true,
      },
    },
  },
});

async function ruleIds(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(fixture, 'target.ts') });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const prelude = `const read = (): Promise<number> => Promise.resolve(1);\nconst close = (): Promise<void> => Promise.resolve();\n`;

describe('type-aware promise rules', { timeout: 60_000 }, () => {
  it('a promise returned from try/finally without await (the face-capture crash)', async () => {
    const code = `${prelude}export async function f(): Promise<number> {\n  try {\n    return read();\n  } finally {\n    await close();\n  }\n}\n`;
    expect(await ruleIds(code)).toContain('@typescript-eslint/return-await');
  });

  it('a floating promise', async () => {
    expect(await ruleIds(`${prelude}export function f(): void {\n  read();\n}\n`)).toContain(
      '@typescript-eslint/no-floating-promises',
    );
  });

  it('a promise-returning function where a void callback is expected', async () => {
    const code = `${prelude}export function f(on: (cb: () => void) => void): void {\n  on(async () => {\n    await read();\n  });\n}\n`;
    expect(await ruleIds(code)).toContain('@typescript-eslint/no-misused-promises');
  });

  it('awaiting something that is not a promise', async () => {
    expect(await ruleIds(`export async function f(): Promise<number> {\n  return await 1;\n}\n`)).toContain(
      '@typescript-eslint/await-thenable',
    );
  });

  it('sorting numbers without a compare function', async () => {
    expect(await ruleIds(`export const f = (xs: number[]) => xs.sort();\n`)).toContain(
      '@typescript-eslint/require-array-sort-compare',
    );
  });

  it('a switch that misses a member of a union', async () => {
    const code = `export function f(x: 'a' | 'b'): number {\n  switch (x) {\n    case 'a':\n      return 1;\n  }\n  return 0;\n}\n`;
    expect(await ruleIds(code)).toContain('@typescript-eslint/switch-exhaustiveness-check');
  });

  it('the correct form passes', async () => {
    const code = `${prelude}export async function f(): Promise<number> {\n  try {\n    return await read();\n  } finally {\n    await close();\n  }\n}\n`;
    expect(await ruleIds(code)).toEqual([]);
  });
});
