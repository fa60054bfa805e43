// The enforcer itself, on a chart made for the purpose, so its contract holds for every lifecycle.
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import {
  elapseLifecycleDelay,
  lifecycleStateOf,
  lifecycleStatusOf,
  nextLifecycleState,
  UnknownLifecycleStateError,
} from '../../machines/lifecycle';

const door = setup({
  types: {} as { events: { type: 'open' } | { type: 'close' } | { type: 'knock' } | { type: 'lock' } },
  delays: { autoClose: 5000 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      meta: { status: 'closed' },
      on: { open: 'open', knock: 'closed', lock: 'locked' },
    },
    open: { meta: { status: 'open' }, on: { close: 'closed' }, after: { autoClose: 'closed' } },
    locked: { meta: { status: 'locked' }, type: 'final' },
    broken: { meta: { status: 'open' } },
  },
});

describe('nextLifecycleState', () => {
  it('returns the next state for a transition the chart has', () => {
    expect(nextLifecycleState(door, 'closed', { type: 'open' })).toBe('open');
  });

  it('returns null, not the unchanged state, when the chart has no such transition', () => {
    expect(nextLifecycleState(door, 'open', { type: 'open' })).toBeNull();
    expect(nextLifecycleState(door, 'closed', { type: 'nonsense' } as never)).toBeNull();
  });

  it('allows a self-transition (the same value, not null)', () => {
    expect(nextLifecycleState(door, 'closed', { type: 'knock' })).toBe('closed');
  });

  it('refuses everything from a final state', () => {
    expect(nextLifecycleState(door, 'locked', { type: 'open' })).toBeNull();
  });

  it('throws a named error for a state the chart does not have', () => {
    expect(() => nextLifecycleState(door, 'ajar', { type: 'close' })).toThrow(UnknownLifecycleStateError);
  });
});

describe('lifecycle status codec', () => {
  it('reads meta.status both ways', () => {
    expect(lifecycleStatusOf(door, 'open')).toBe('open');
    expect(lifecycleStateOf(door, 'closed')).toBe('closed');
    expect(lifecycleStateOf(door, 'gone')).toBeNull();
  });

  it('refuses to guess when two states claim one status', () => {
    expect(() => lifecycleStateOf(door, 'open')).toThrow(/2 states/);
  });

  it('throws for an unknown value', () => {
    expect(() => lifecycleStatusOf(door, 'ajar')).toThrow(UnknownLifecycleStateError);
  });
});

describe('elapseLifecycleDelay', () => {
  it('applies a named delay only where an active state waits for it', () => {
    expect(elapseLifecycleDelay(door, 'open', 'autoClose')).toBe('closed');
    expect(elapseLifecycleDelay(door, 'closed', 'autoClose')).toBeNull();
  });
});

// Mutation testing (issue 19 §2) found these rules unchecked.
describe('the enforcer refuses what it cannot map to one stored status', () => {
  const unmarked = setup({}).createMachine({
    id: 'unmarked',
    initial: 'draft',
    states: { draft: { on: { send: 'sent' } }, sent: { meta: { status: 'sent' } } },
  });
  const split = setup({}).createMachine({
    id: 'split',
    type: 'parallel',
    states: {
      paper: { meta: { status: 'paper' }, initial: 'in', states: { in: {} } },
      ink: { meta: { status: 'ink' }, initial: 'in', states: { in: {} } },
    },
  });

  it('names the chart and the value in the error, under its own name', () => {
    const error = (() => {
      try {
        lifecycleStatusOf(door, 'ajar');
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('no error');
    })();
    expect(error.name).toBe('UnknownLifecycleStateError');
    expect(error.message).toBe(`lifecycle 'door' has no state "ajar"`);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('throws for a state no status marks, rather than storing nothing', () => {
    expect(lifecycleStatusOf(unmarked, 'sent')).toBe('sent');
    expect(() => lifecycleStatusOf(unmarked, 'draft')).toThrow(UnknownLifecycleStateError);
  });

  it('throws for a parallel value: one row stores one status', () => {
    expect(() => lifecycleStatusOf(split, { paper: 'in', ink: 'in' })).toThrow(UnknownLifecycleStateError);
  });
});
