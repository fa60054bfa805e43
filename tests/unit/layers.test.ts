// The layer rules of the lint configuration catch the imports that would erode the architecture.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// The layer rules need no types: the type-aware rules are switched off here, since these files are
// virtual (not on disk) and typing the whole project per test would take minutes.
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'src/tools/eslint.config.js'),
  overrideConfig: tseslint.configs.disableTypeChecked,
});

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// The first lint loads the whole configuration (seconds on a loaded machine; 5 s was too short in CI).
describe('layer rules', { timeout: 60_000 }, () => {
  it.each([
    ['machines/x.machine.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['machines/x.machine.ts', "import { api } from '../src/web/api/api';\nexport const x = api;\n"],
    ['machines/x.machine.ts', "import { buildApp } from '../src/server/app';\nexport const x = buildApp;\n"],
    ['machines/x.machine.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['src/contract/x.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n"],
    ['src/contract/x.ts', "import { api } from '../web/api/api';\nexport const x = api;\n"],
    ['src/web/x.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n"],
    ['src/server/x.ts', "import { api } from '../web/api/api';\nexport const x = api;\n"],
  ])('%s may not import that: %s', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  it('machines may not touch the DOM', async () => {
    expect(await ruleIds('machines/x.machine.ts', 'export const x = () => document.title;\n')).toContain(
      'no-restricted-globals',
    );
  });

  it('allowed imports pass: machines → contract, web → contract, server → contract and machines', async () => {
    expect(
      await ruleIds(
        'machines/x.machine.ts',
        "import { Limits } from '../src/contract/limits';\nexport const x = Limits;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'src/web/x.ts',
        "import { Limits } from '../contract/limits';\nexport const x = Limits;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'src/server/x.ts',
        "import { registry } from '../../machines/registry';\nexport const x = registry;\n",
      ),
    ).toEqual([]);
  });
});
