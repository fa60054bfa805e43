// The import-rule check of `npm run lint` (dependency-cruiser, .dependency-cruiser.cjs) reports an
// import against the layers (contract ← machines ← web/server) and any import cycle: run with the
// real config, the way the lint script runs it, on a tiny tree written to a temporary folder.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);

// The same folders and config as the lint script (read from package.json, so a change there that
// drops the check or its roots fails here).
const lintScript = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.lint;
const LINT_CALL = 'depcruise --config .dependency-cruiser.cjs src machines';
// One run loads TypeScript to parse the files: about 3 s alone, longer on a busy CI machine.
const RUN_TIMEOUT = 60_000;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Writes the files (path → source) plus a tsconfig into a fresh folder. */
function tree(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const all: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', verbatimModuleSyntax: true },
      include: ['src', 'machines'],
    }),
    ...files,
  };
  for (const [file, source] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

/** Runs the check in `cwd`; its exit code and report. */
async function check(cwd: string): Promise<{ code: number; report: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [depcruise, '--config', config, 'src', 'machines'],
      {
        cwd,
      },
    );
    return { code: 0, report: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, report: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const allowed = {
  'src/contract/statuses.ts': "export type Status = 'saved' | 'approved';\n",
  'machines/lifecycle.machine.ts':
    "import type { Status } from '../src/contract/statuses';\nexport const initial: Status = 'saved';\n",
  'src/web/page.ts':
    "import { initial } from '../../machines/lifecycle.machine';\nimport type { Status } from '../contract/statuses';\nexport const shown: Status = initial;\n",
  'src/server/route.ts':
    "import { initial } from '../../machines/lifecycle.machine';\nexport const stored = initial;\n",
};

describe('import rules (npm run lint)', () => {
  it('the lint script runs the check on src and machines', () => {
    expect(lintScript).toContain(LINT_CALL);
  });

  it(
    'passes the allowed directions: machines → contract, web and server → machines and contract',
    async () => {
      const { code, report } = await check(tree(allowed));
      expect(report).toContain('no dependency violations');
      expect(code).toBe(0);
    },
    RUN_TIMEOUT,
  );

  it(
    'fails on the contract importing a machine (even for a type), on a layer upside down and on a cycle',
    async () => {
      const { code, report } = await check(
        tree({
          ...allowed,
          'src/contract/api/card.ts':
            "import type { initial } from '../../../machines/lifecycle.machine';\nexport type Shown = typeof initial;\n",
          'machines/view.ts': "import { shown } from '../src/web/page';\nexport const v = shown;\n",
          'src/web/usesServer.ts': "import { stored } from '../server/route';\nexport const s = stored;\n",
          'src/server/usesWeb.ts': "import { shown } from '../web/page';\nexport const w = shown;\n",
          'machines/registry.ts':
            "import { entry } from './one.registry';\nexport type Entry = string;\nexport const all = [entry];\n",
          'machines/one.registry.ts':
            "import type { Entry } from './registry';\nexport const entry: Entry = 'one';\n",
        }),
      );
      expect(code).not.toBe(0);
      expect(report).toMatch(
        /contract-imports-no-layer: src\/contract\/api\/card\.ts → machines\/lifecycle\.machine\.ts/,
      );
      expect(report).toMatch(/machines-import-no-app: machines\/view\.ts → src\/web\/page\.ts/);
      expect(report).toMatch(/web-not-server: src\/web\/usesServer\.ts → src\/server\/route\.ts/);
      expect(report).toMatch(/server-not-web: src\/server\/usesWeb\.ts → src\/web\/page\.ts/);
      expect(report).toMatch(/no-circular: machines\/(one\.registry|registry)\.ts/);
    },
    RUN_TIMEOUT,
  );
});
