// Machine versions are derived from the definitions (issue 19 §5): the same definition always gives
// the same version; a changed target, guard, delay, action, invoked actor or a new state gives
// another one; documentation (meta, description) does not count.
import { describe, expect, it } from 'vitest';
import { createMachine, setup } from 'xstate';
import { machineVersion } from '../../machines/machineVersion';
import { machineRegistry } from '../../machines/registry';

interface Shape {
  guard?: string;
  target?: string;
  delay?: string;
  action?: string;
  meta?: string;
  extraState?: boolean;
}

function machine(shape: Shape = {}) {
  const { guard = 'isReady', target = 'done', delay = 'patience', action = 'note', meta = 'spec §1' } = shape;
  return setup({
    guards: { [guard]: () => true },
    delays: { [delay]: 1000 },
    actions: { [action]: () => undefined },
  }).createMachine({
    id: 'sample',
    initial: 'waiting',
    states: {
      waiting: {
        meta: { spec: meta },
        on: { go: { guard, target, actions: action } },
        after: { [delay]: 'done' },
      },
      done: {},
      other: {},
      ...(shape.extraState ? { extra: {} } : {}),
    },
  });
}

describe('machine versions', () => {
  it('are the same for the same definition, built twice', () => {
    expect(machineVersion(machine())).toBe(machineVersion(machine()));
    expect(machineVersion(machine())).toMatch(/^[0-9a-f]{12}$/);
  });

  it('change with a target, a guard, a delay, an action or a state', () => {
    const base = machineVersion(machine());
    const changed = [
      machine({ target: 'other' }),
      machine({ guard: 'isSteady' }),
      machine({ delay: 'longPatience' }),
      machine({ action: 'noteTwice' }),
      machine({ extraState: true }),
    ].map(machineVersion);
    for (const version of changed) expect(version).not.toBe(base);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it('do not change with documentation', () => {
    expect(machineVersion(machine({ meta: 'portal-spec.md § 2, corrected' }))).toBe(
      machineVersion(machine()),
    );
  });

  it('differ between two machines with another invoked actor', () => {
    const invoking = (src: string) =>
      createMachine({ id: 'x', initial: 'a', states: { a: { invoke: { src } } } });
    expect(machineVersion(invoking('load'))).not.toBe(machineVersion(invoking('save')));
  });

  it('are distinct for every registered machine', () => {
    const versions = machineRegistry.map((entry) => machineVersion(entry.machine));
    expect(new Set(versions).size).toBe(machineRegistry.length);
  });
});
