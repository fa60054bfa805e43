// Login chart (spec §5, §8; docs/product-rules.md lockout and slider): fakes for the sign-in call, a
// simulated clock for the 30-minute lockout.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { loginMachine, type LoginCredentials } from '../../machines/login.machine';
import type { LoginResult } from '../../src/contract/api/accounts';
import { Limits } from '../../src/contract/limits';

const result = { token: 't', user: { email: 'a@b.example' } } as unknown as LoginResult;

function start(answers: Array<ApiOutcome<LoginResult>>) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const calls: LoginCredentials[] = [];
  const machine = loginMachine.provide({
    actors: {
      'sign in': fromPromise<ApiOutcome<LoginResult>, LoginCredentials>(async ({ input }) => {
        calls.push(input);
        const answer = answers.shift();
        if (!answer) throw new Error('network');
        return answer;
      }),
    },
    actions: {
      'start session': (_, r) => log.push(`session ${r.token}`),
      'refresh puzzle': () => log.push('fresh puzzle'),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, log, calls };
}

const submit = (email = 'a@b.example') => ({ type: 'user.submit' as const, email, password: 'Pw#12345' });
const solve = () => ({ type: 'captcha.solved' as const });

describe('login machine', () => {
  it('refuses to submit before the slider is solved', () => {
    const { actor, calls } = start([]);
    actor.send(submit());
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('captchaRequired');
    expect(calls).toEqual([]);
  });

  it('signs in once the slider is solved (its token stays with the host) and starts the session', async () => {
    const { actor, log, calls } = start([{ kind: 'ok', data: result }]);
    actor.send(solve());
    actor.send(submit());
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls).toEqual([{ email: 'a@b.example', password: 'Pw#12345' }]);
    expect(log).toEqual(['session t']);
  });

  it('a wrong password shows "invalid email or password", spends the token and asks for a fresh puzzle', async () => {
    const { actor, log } = start([{ kind: 'refused', code: 'invalidCredentials' }]);
    actor.send(solve());
    actor.send(submit());
    await waitFor(actor, (s) => s.matches('editing') && s.context.message !== null);
    expect(actor.getSnapshot().context).toMatchObject({ message: 'invalidCredentials', sliderSolved: false });
    expect(log).toEqual(['fresh puzzle']);
    actor.send(submit());
    expect(actor.getSnapshot().context.message).toBe('captchaRequired');
  });

  it('a transport failure shows the network message and asks for a fresh puzzle', async () => {
    const { actor, log } = start([]);
    actor.send(solve());
    actor.send(submit());
    await waitFor(actor, (s) => s.context.message === 'internal');
    expect(log).toEqual(['fresh puzzle']);
  });

  it('the 5th failure locks: "try again in 30 minutes", no retry of that account until 30 minutes pass', async () => {
    const answers: Array<ApiOutcome<LoginResult>> = [
      ...Array.from({ length: Limits.login.maxFailures - 1 }, () => ({
        kind: 'refused' as const,
        code: 'invalidCredentials' as const,
      })),
      { kind: 'refused', code: 'accountLocked' },
      { kind: 'ok', data: result },
    ];
    const { actor, clock, calls } = start(answers);
    for (let attempt = 1; attempt <= Limits.login.maxFailures; attempt++) {
      actor.send(solve());
      actor.send(submit(' A@B.example '));
      await waitFor(actor, (s) => !s.hasTag('busy'));
    }
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.message).toBe('accountLocked');

    actor.send(solve());
    actor.send(submit());
    expect(actor.getSnapshot().value).toBe('locked');
    expect(calls).toHaveLength(Limits.login.maxFailures);

    clock.increment(Limits.login.lockoutMs - 1);
    expect(actor.getSnapshot().value).toBe('locked');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBeNull();
    actor.send(submit());
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('while one account is locked, another account may sign in', async () => {
    const { actor } = start([
      { kind: 'refused', code: 'accountLocked' },
      { kind: 'ok', data: result },
    ]);
    actor.send(solve());
    actor.send(submit());
    await waitFor(actor, (s) => s.matches('locked'));
    actor.send(solve());
    actor.send(submit('other@b.example'));
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('refuses to run without its sign-in actor', async () => {
    const actor = createActor(
      loginMachine.provide({ actions: { 'start session': () => {}, 'refresh puzzle': () => {} } }),
    ).start();
    actor.send(solve());
    actor.send(submit());
    await waitFor(actor, (s) => s.context.message === 'internal');
  });
});
