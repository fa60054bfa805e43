// Spec §4 "Logged in to logged out", driven on a simulated clock.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { Limits } from '../../src/contract/limits';

function startSession(signedIn = true) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const machine = sessionMachine.provide({
    actions: {
      'show logged-out message': (_, params) => log.push(`message ${params.code}`),
      'cancel in-flight requests': () => log.push('cancel all'),
      'log out': () => log.push('log out'),
    },
  });
  const actor = createActor(machine, { clock, input: { signedIn } }).start();
  return { actor, clock, log };
}

describe('session machine', () => {
  it('starts signed in or signed out from the session store', () => {
    expect(startSession(true).actor.getSnapshot().value).toBe('signedIn');
    expect(startSession(false).actor.getSnapshot().value).toBe('signedOut');
  });

  it('on a session-invalid code: message and cancel at once, logout after exactly 100 ms', () => {
    const { actor, clock, log } = startSession();
    actor.send({ type: 'server.sessionInvalid', code: 301002 });
    expect(log).toEqual(['message 301002', 'cancel all']);
    expect(actor.getSnapshot().hasTag('rejectingRequests')).toBe(true);
    expect(actor.getSnapshot().context.invalidCode).toBe(301002);

    clock.increment(Limits.logoutDelayMs - 1);
    expect(actor.getSnapshot().value).toBe('invalidating');
    expect(log).not.toContain('log out');

    clock.increment(1);
    expect(log).toEqual(['message 301002', 'cancel all', 'log out']);
    expect(actor.getSnapshot().value).toBe('signedOut');
    // The flag is cleared: requests are no longer refused.
    expect(actor.getSnapshot().hasTag('rejectingRequests')).toBe(false);
    expect(actor.getSnapshot().context.invalidCode).toBeNull();
  });

  it('the delay is 100 ms (spec §9)', () => {
    expect(Limits.logoutDelayMs).toBe(100);
  });

  it('several session-invalid answers in one burst give one message and one logout', () => {
    const { actor, clock, log } = startSession();
    actor.send({ type: 'server.sessionInvalid', code: 401 });
    actor.send({ type: 'server.sessionInvalid', code: 301017 });
    actor.send({ type: 'server.sessionInvalid', code: 311035 });
    clock.increment(Limits.logoutDelayMs);
    expect(log).toEqual(['message 401', 'cancel all', 'log out']);
  });

  it('passes 311035 to the message action so the app can say permissions changed', () => {
    const { actor, log } = startSession();
    actor.send({ type: 'server.sessionInvalid', code: 311035 });
    expect(log[0]).toBe('message 311035');
  });

  it('a failed navigation check while signed in logs out at once', () => {
    const { actor, log } = startSession();
    actor.send({ type: 'navigation.checkFailed' });
    expect(log).toEqual(['log out']);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('user logout and sign-in move between the two states', () => {
    const { actor, log } = startSession(false);
    actor.send({ type: 'session.signedIn' });
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['log out']);
  });

  it('ignores session-invalid answers while signed out', () => {
    const { actor, log } = startSession(false);
    actor.send({ type: 'server.sessionInvalid', code: 401 });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual([]);
  });

  it('annotates every state with its spec section', () => {
    for (const node of Object.values(sessionMachine.states)) {
      expect((node.meta as { spec?: string } | undefined)?.spec).toMatch(/^portal-spec\.md §\d/);
    }
  });

  it.each(['show logged-out message', 'cancel in-flight requests', 'log out'] as const)(
    'refuses to run without the "%s" action',
    (name) => {
      const clock = new SimulatedClock();
      const actions = {
        'show logged-out message': () => {},
        'cancel in-flight requests': () => {},
        'log out': () => {},
      };
      const partial = Object.fromEntries(Object.entries(actions).filter(([k]) => k !== name));
      const actor = createActor(sessionMachine.provide({ actions: partial }), {
        clock,
        input: { signedIn: true },
      });
      const errors: unknown[] = [];
      actor.subscribe({ error: (e) => errors.push(e) });
      actor.start();
      actor.send({ type: 'server.sessionInvalid', code: 401 });
      clock.increment(Limits.logoutDelayMs);
      expect(String(errors[0])).toContain(`"${name}" is not provided`);
    },
  );
});
