// `npm run diagrams -- --check` must fail when a machine changes without its diagram being
// regenerated (proven on a copy of a real machine with one extra transition), and when a page holds
// a part a spec reviewer cannot sign: an unnamed guard, an unnamed or undocumented delay, a state
// citing neither a spec section nor a decision (each proven on a modified copy of a real machine).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { certificationLifecycleMachine } from '../../machines/certificationLifecycle.machine';
import { loginMachine } from '../../machines/login.machine';
import { registryEntry } from '../../machines/registry';
import type { MachineRegistryEntry } from '../../machines/registry';
import { machineDiagramMarkdown } from '../../src/tools/machineGraph/diagramMarkdown';
import { checkDiagrams, checkSignable, writeDiagrams } from '../../src/tools/diagrams';
import { machineRegistry } from '../../machines/registry';

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

const login = registryEntry('login')!;

/** The login chart with one change to its states, keeping every named implementation. */
function loginWith(change: (states: Record<string, Record<string, unknown>>) => void): MachineRegistryEntry {
  const config = loginMachine.config;
  // One level deep is enough: each change replaces a whole property of one state.
  const states = Object.fromEntries(
    Object.entries(config.states!).map(([key, state]) => [key, { ...state }]),
  ) as Record<string, Record<string, unknown>>;
  change(states);
  const machine = createMachine({ ...config, states } as typeof config).provide(
    loginMachine.implementations as never,
  );
  return { ...login, machine: machine as AnyStateMachine };
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

  it('every registered machine is signable: named guards and delays, a reference on every state', () => {
    expect(checkSignable(machineRegistry)).toEqual([]);
    expect(checkSignable([login])).toEqual([]);
  });

  it('reports an unnamed (inline) guard', () => {
    const changed = loginWith((states) => {
      states.editing!.on = {
        'user.submit': [
          {
            guard: ({ context }: { context: { captchaToken: string | null } }) =>
              context.captchaToken !== null,
            target: 'signingIn',
          },
          {},
        ],
      };
    });
    expect(machineDiagramMarkdown(changed)).toContain('editing --> signingIn : user.submit [inline]');
    expect(checkSignable([changed])).toEqual([
      { machine: 'login', kind: 'unnamed guard', where: 'editing on user.submit [inline]' },
    ]);
  });

  it('reports a guard whose name setup() does not declare', () => {
    const changed = loginWith((states) => {
      states.editing!.on = { 'user.submit': { guard: 'captcha fine', target: 'signingIn' } };
    });
    expect(checkSignable([changed])).toEqual([
      { machine: 'login', kind: 'unnamed guard', where: 'editing on user.submit [captcha fine]' },
    ]);
  });

  it('reports an unnamed delay (a number instead of a name from setup({ delays }))', () => {
    const changed = loginWith((states) => {
      states.locked!.after = { 1_800_000: { target: 'editing' } };
    });
    expect(machineDiagramMarkdown(changed)).toContain('locked --> editing : after(1800000)');
    expect(checkSignable([changed])).toEqual([
      { machine: 'login', kind: 'unnamed delay', where: 'locked after 1800000' },
    ]);
  });

  it('reports a delay whose value has no documented contract limit, or another value than documented', () => {
    const undocumented: MachineRegistryEntry = { ...login, delays: {} };
    expect(checkSignable([undocumented])).toEqual([
      { machine: 'login', kind: 'undocumented delay', where: 'lockoutPeriod' },
    ]);
    const drifted: MachineRegistryEntry = {
      ...login,
      delays: { lockoutPeriod: { limit: 'Limits.login.lockoutMs', ms: 31 * 60_000 } },
    };
    expect(checkSignable([drifted])).toEqual([
      { machine: 'login', kind: 'undocumented delay', where: 'lockoutPeriod' },
    ]);
  });

  it.each([
    ['an issue instead of the spec', 'issue 4 §2: the account is locked'],
    ['an addition naming no decision', 'addition: the account is locked'],
    ['a bare section without the spec file', '§8 account locked'],
    ['an addition citing a page outside the repository', 'addition: DECISIONS.md Login lockout'],
    [
      'an addition citing the decisions index only',
      'addition: a second tab says so — docs/decisions/ "Navigation"',
    ],
  ])('reports a state with no spec reference: %s', (_case, spec) => {
    const changed = loginWith((states) => {
      states.locked!.meta = { spec };
    });
    expect(machineDiagramMarkdown(changed)).toContain(`| \`locked\` | atomic | ${spec} |`);
    expect(checkSignable([changed])).toEqual([
      { machine: 'login', kind: 'no spec reference', where: 'locked' },
    ]);
  });

  it('accepts a spec section, and an addition naming its decision', () => {
    for (const spec of [
      'portal-spec.md §8 account locked after multiple failed logins',
      'addition: a second tab says so — docs/decisions/applicant-web.md "Navigation: two tabs"',
      'addition: docs/product-rules.md "Login lockout"',
    ]) {
      const changed = loginWith((states) => {
        states.locked!.meta = { spec };
      });
      expect(checkSignable([changed])).toEqual([]);
    }
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
