// `npm run diagrams -- --check` must fail when a machine changes without its diagram being
// regenerated: proven here on a copy of a real machine with one extra transition.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { certificationLifecycleMachine } from '../../machines/certificationLifecycle.machine';
import { registryEntry } from '../../machines/registry';
import type { MachineRegistryEntry } from '../../machines/registry';
import { machineDiagramMarkdown } from '../../src/tools/machineGraph/diagramMarkdown';
import { checkDiagrams, writeDiagrams } from '../../src/tools/diagrams';

const original = registryEntry('certificationLifecycle')!;

/** The certification chart with one transition it must not have: submitting straight from rejected. */
function withExtraTransition(): AnyStateMachine {
  const config = certificationLifecycleMachine.config;
  const states = config.states!;
  return createMachine({
    ...config,
    states: {
      ...states,
      rejected: { ...states.rejected, on: { ...states.rejected!.on, 'applicant.submit': 'underReview' } },
    },
  });
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'diagrams-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('diagram check', () => {
  it('passes right after the diagrams were written', async () => {
    await writeDiagrams(dir, [original]);
    expect(await checkDiagrams(dir, [original])).toEqual([]);
  });

  it('reports a changed machine whose diagram was not regenerated', async () => {
    await writeDiagrams(dir, [original]);
    const changed: MachineRegistryEntry = { ...original, machine: withExtraTransition() };
    expect(machineDiagramMarkdown(changed)).toContain('rejected --> underReview : applicant.submit');
    expect(await checkDiagrams(dir, [changed])).toEqual([
      { file: 'certificationLifecycle.md', problem: 'changed' },
    ]);
  });

  it('reports a missing diagram and one left over from a machine that is gone', async () => {
    await writeFile(join(dir, 'retiredMachine.md'), '# gone\n');
    expect(await checkDiagrams(dir, [original])).toEqual([
      { file: 'certificationLifecycle.md', problem: 'missing' },
      { file: 'retiredMachine.md', problem: 'no such machine' },
    ]);
  });

  it('the CLI exits non-zero and names the stale file', async () => {
    await writeDiagrams(dir);
    const stale = join(dir, 'certificationLifecycle.md');
    await writeFile(stale, machineDiagramMarkdown({ ...original, machine: withExtraTransition() }));
    const run = (...args: string[]) =>
      spawnSync(join('node_modules', '.bin', 'tsx'), ['src/tools/diagrams.ts', ...args, '--dir', dir], {
        encoding: 'utf8',
      });

    const failing = run('--check');
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain(`${stale} is stale (changed)`);

    const regenerate = run();
    expect(regenerate.status).toBe(0);
    expect(await readFile(stale, 'utf8')).toBe(machineDiagramMarkdown(original));
    expect(run('--check').status).toBe(0);
  }, 60_000);
});
