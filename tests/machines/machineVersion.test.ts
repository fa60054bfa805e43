// Machine versions are derived from the definitions (issue 19 §5): the same definition always gives
// the same version; a changed target, guard, delay, action, invoked actor or a new state gives
// another one; documentation (meta, description) does not count.
import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import { contextFieldNames, machineDefinitionText, machineVersion } from '../../machines/machineVersion';
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

  it('change when the context gains, loses or renames a field, not when a value changes', () => {
    const withContext = (context: Record<string, unknown>) =>
      createMachine({ id: 'ctx', initial: 'a', context, states: { a: {} } });
    const base = machineVersion(withContext({ message: null, sliderSolved: false }));
    expect(machineVersion(withContext({ message: 'x', sliderSolved: true }))).toBe(base);
    const changed = [
      withContext({ message: null }),
      withContext({ message: null, sliderSolved: false, token: null }),
      withContext({ message: null, sliderDone: false }),
    ].map(machineVersion);
    for (const version of changed) expect(version).not.toBe(base);
  });

  it('read the fields of a context built from input, at any depth of the input', () => {
    const fromInput = createMachine({
      id: 'fromInput',
      context: ({ input }: { input: { draft: { step: string } } }) => ({
        step: input.draft.step,
        saved: false,
      }),
      initial: 'a',
      states: { a: {} },
    });
    expect(contextFieldNames(fromInput)).toEqual(['saved', 'step']);
    expect(machineDefinitionText(fromInput)).toContain('"context":["saved","step"]');
  });

  it('read no fields from a machine without context, and name a context that cannot be built', () => {
    expect(contextFieldNames(createMachine({ id: 'bare', initial: 'a', states: { a: {} } }))).toEqual([]);
    const unbuildable = createMachine({
      id: 'unbuildable',
      // Spreading the input needs a real list: the stand-in input has none.
      context: ({ input }: { input: { items: string[] } }) => ({ items: [...input.items] }),
      initial: 'a',
      states: { a: {} },
    });
    expect(contextFieldNames(unbuildable)).toBe('ƒ');
  });

  it('know the context fields of every registered machine that has a context', () => {
    for (const { id, machine } of machineRegistry) {
      const names = contextFieldNames(machine);
      expect(names, id).not.toBe('ƒ');
      if (machine.config.context !== undefined) expect((names as string[]).length, id).toBeGreaterThan(0);
    }
  });

  it('are distinct for every registered machine', () => {
    const versions = machineRegistry.map((entry) => machineVersion(entry.machine));
    expect(new Set(versions).size).toBe(machineRegistry.length);
  });

  describe('count each part of a state that a snapshot depends on', () => {
    const one = (state: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      machineVersion(
        createMachine({
          id: 'parts',
          initial: 'a',
          states: { a: state as never, b: {}, c: { type: 'history', history: 'deep' } as never },
          ...extra,
        }),
      );

    it.each([
      ['a tag', { tags: ['busy'] }, { tags: ['saving'] }],
      ['tags at all', { tags: ['busy'] }, {}],
      [
        'a history kind',
        { initial: 'x', states: { x: {}, h: { type: 'history' } } },
        { initial: 'x', states: { x: {}, h: { type: 'history', history: 'deep' } } },
      ],
      [
        'an initial child',
        { initial: 'x', states: { x: {}, y: {} } },
        { initial: 'y', states: { x: {}, y: {} } },
      ],
      ['an invoked actor id', { invoke: { src: 'load', id: 'one' } }, { invoke: { src: 'load', id: 'two' } }],
      ['an invoked actor id at all', { invoke: { src: 'load', id: 'one' } }, { invoke: { src: 'load' } }],
      ['a system id', { invoke: { src: 'load', systemId: 'one' } }, { invoke: { src: 'load' } }],
      ['a guard at all', { on: { go: { target: 'b', guard: 'ready' } } }, { on: { go: { target: 'b' } } }],
      ['re-entering', { on: { go: { target: 'a', reenter: true } } }, { on: { go: { target: 'a' } } }],
      ['an entry action', { entry: 'note' }, { entry: 'log' }],
      ['an exit action', { exit: 'note' }, {}],
      ['a target', { on: { go: 'b' } }, { on: { go: 'c' } }],
      ['a targetless transition', { on: { go: { actions: 'note' } } }, { on: { go: 'b' } }],
    ])('%s', (_name, first, second) => {
      expect(one(first)).not.toBe(one(second));
    });

    it('a child chart by its version; promise logic and inline functions by their names only', () => {
      const child = (final: boolean) =>
        createMachine({ id: 'child', initial: 's', states: { s: final ? { type: 'final' } : {} } });
      const parent = (logic: unknown) =>
        machineVersion(
          setup({ actors: { branches: logic as never } }).createMachine({
            id: 'parent',
            initial: 'a',
            states: { a: { invoke: { src: 'branches', input: undefined } } },
          }),
        );
      expect(parent(child(false))).not.toBe(parent(child(true)));
      expect(parent(child(false))).toBe(parent(child(false)));
      expect(parent(fromPromise(async () => 1))).toBe(parent(fromPromise(async () => 2)));
      expect(parent(fromPromise(async () => 1))).not.toBe(parent(child(false)));
      // A minified build renames inline functions: their text never counts, only that one is there.
      const inline = (n: number) => () => n > 0;
      expect(one({ on: { go: { target: 'b', guard: inline(1) } } })).toBe(
        one({ on: { go: { target: 'b', guard: inline(2) } } }),
      );
      expect(one({ on: { go: { target: 'b', guard: inline(1) } } })).not.toBe(
        one({ on: { go: { target: 'b', guard: 'ready' } } }),
      );
      expect(one({ on: { go: { target: 'b', guard: inline(1) } } })).not.toBe(
        one({ on: { go: { target: 'b' } } }),
      );
      expect(one({ on: { go: { target: 'b', guard: { type: 'ready' } } } })).toBe(
        one({ on: { go: { target: 'b', guard: 'ready' } } }),
      );
    });

    it('whatever order the definition lists its events and states in', () => {
      const ordered = one({ on: { go: 'b', stop: 'c' } });
      expect(one({ on: { stop: 'c', go: 'b' } })).toBe(ordered);
    });
  });

  it('hash the canonical text: sorted keys, arrays in order, JSON values', () => {
    const text = machineDefinitionText(
      createMachine({
        id: 'tiny',
        initial: 'a',
        context: { n: 1 },
        states: { a: { tags: ['t'], on: { go: 'a' } } },
      }),
    );
    expect(text.startsWith('{"context":["n"],"root":{')).toBe(true);
    expect(text).toContain('"tags":["t"]');
    expect(text).toContain('"history":false');
    expect(text).toContain('"go":[{"actions":[],"guard":null,"reenter":false,"target":["#tiny.a"]}]');
    expect(text).toContain('"invoke":[]');
  });
});
