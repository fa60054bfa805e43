// Issue 19 §3: no time or status literals in src/web. The lint refuses a time written as a number and
// a status compared with a number there, and lets the contract's names through; these tests fail if
// the rule (src/tools/eslint.config.js, "no-restricted-syntax" on src/web) is removed or loosened.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// The rule is syntactic: the type-aware rules are off, as in layers.test.ts (virtual files).
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'src/tools/eslint.config.js'),
  overrideConfig: tseslint.configs.disableTypeChecked,
});

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

const WEB = 'src/web/features/x/x.ts';
const declare = 'declare const user: { status: number; enterpriseAuditStatus: number | null };\n';

describe('no time or status literals in src/web', { timeout: 60_000 }, () => {
  it.each([
    ['a minute in ms', 'export const minutes = (ms: number) => ms / 60_000;\n'],
    ['an hour in ms', 'export const HOUR_MS = 3_600_000;\n'],
    ['a second', 'export const later = (run: () => void) => setTimeout(run, 1000);\n'],
    ['a timeout option', 'export const options = { timeout: 2000 };\n'],
  ])('refuses %s', async (_, code) => {
    expect(await messages(WEB, code)).toEqual([expect.stringMatching(/^no-restricted-syntax: A time/)]);
  });

  it.each([
    ['status === 0', `${declare}export const open = user.status === 0;\n`],
    ['a number on the left', `${declare}export const open = 1 === user.status;\n`],
    ['audit !== 3', `${declare}export const ok = user.enterpriseAuditStatus !== 3;\n`],
    ['a bare status name', 'export const f = (status: number) => status >= 400;\n'],
    ['optional chaining', 'export const f = (r?: { status: number }) => r?.status === 409;\n'],
    ['a missing status (-1)', 'export const f = (auditStatus: number) => auditStatus === -1;\n'],
    [
      'a switch on a status',
      'export function f(status: number): string {\n  switch (status) {\n    case 2:\n      return "a";\n    default:\n      return "b";\n  }\n}\n',
    ],
  ])('refuses %s', async (_, code) => {
    expect(await messages(WEB, code)).toEqual([expect.stringMatching(/^no-restricted-syntax: A status/)]);
  });

  it('lets the contract names through, and numbers that are neither', async () => {
    const code =
      "import { HttpStatus, isErrorStatus } from '../../../contract/httpStatus';\n" +
      "import { Limits, Time, inMinutes } from '../../../contract/limits';\n" +
      "import { certificationStandingOf, CertificationStatus } from '../../../contract/statuses';\n" +
      declare +
      'export const minutes = inMinutes(Limits.emailCode.validMs);\n' +
      'export const later = 2 * Time.SECOND;\n' +
      'export const approved = certificationStandingOf(user.status, user.enterpriseAuditStatus) === "approved";\n' +
      'export const done = user.status === CertificationStatus.completed;\n' +
      'export const f = (status: number) => status === HttpStatus.forbidden || isErrorStatus(status);\n' +
      'export const width = 760;\nexport const items = (list: unknown[]) => list.length === 0;\n';
    expect(await messages(WEB, code)).toEqual([]);
  });

  it('applies to src/web only: the contract defines the numbers', async () => {
    expect(await messages('src/contract/x.ts', 'export const MINUTE = 60_000;\n')).toEqual([]);
  });
});
