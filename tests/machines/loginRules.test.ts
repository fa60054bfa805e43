// Login chart, the rules login.test.ts leaves implicit (spec §2 Login, §5, §8; docs/product-rules.md "Login
// lockout", "Slider captcha"): the context each answer leaves, the lockout kept per account as the
// server names it (trimmed, lower-case), and the slider spent by every attempt.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { loginMachine, type LoginCredentials } from '../../machines/login.machine';
import type { LoginResult } from '../../src/contract/api/accounts';
import { Limits } from '../../src/contract/limits';

const result = { token: 't', user: { email: 'a@b.example' } } as unknown as LoginResult;

/** A call's answer; `'network'` makes the provided call reject (no answer). */
function start(answers: Array<ApiOutcome<LoginResult> | 'network'>) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const actor = createActor(
    loginMachine.provide({
      actors: {
        'sign in': fromPromise<ApiOutcome<LoginResult>, LoginCredentials>(async () => {
          const answer = answers.shift() ?? 'network';
          if (answer === 'network') throw new Error('network');
          return answer;
        }),
      },
      actions: {
        'start session': () => log.push('session'),
        'refresh puzzle': () => log.push('fresh puzzle'),
      },
    }),
    { clock },
  ).start();
  return { actor, clock, log };
}

const submit = (email = 'a@b.example') => ({ type: 'user.submit' as const, email, password: 'Pw#12345' });
const solve = { type: 'captcha.solved' as const };

async function lock(r: ReturnType<typeof start>, email: string) {
  r.actor.send(solve);
  r.actor.send(submit(email));
  await waitFor(r.actor, (s) => !s.hasTag('busy'));
  expect(r.actor.getSnapshot().value).toBe('locked');
}

describe('login rules', () => {
  it('starts with nothing: no slider, no message, no attempt, no locked account', () => {
    const { actor } = start([]);
    expect(actor.getSnapshot().context).toStrictEqual({
      sliderSolved: false,
      message: null,
      attemptEmail: null,
      lockedEmail: null,
    });
  });

  it('a cleared slider (its token expired) is needed again', () => {
    const { actor } = start([]);
    actor.send(solve);
    actor.send({ type: 'captcha.cleared' });
    actor.send(submit());
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('captchaRequired');
  });

  it('an attempt clears the last message and notes its account as the server names it', () => {
    const { actor } = start([]);
    actor.send(submit());
    expect(actor.getSnapshot().context.message).toBe('captchaRequired');
    actor.send(solve);
    actor.send(submit('  Mei@Harbour.Example '));
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(actor.getSnapshot().context).toMatchObject({ message: null, attemptEmail: 'mei@harbour.example' });
  });

  it('a lock keeps the locked account, spends the slider and asks for a fresh puzzle', async () => {
    const r = start([{ kind: 'refused', code: 'accountLocked' }]);
    await lock(r, ' Mei@Harbour.Example');
    expect(r.actor.getSnapshot().context).toStrictEqual({
      sliderSolved: false,
      message: 'accountLocked',
      attemptEmail: 'mei@harbour.example',
      lockedEmail: 'mei@harbour.example',
    });
    expect(r.log).toEqual(['fresh puzzle']);
  });

  it('while locked, the slider is still needed, and the locked account is refused without asking', async () => {
    const r = start([{ kind: 'refused', code: 'accountLocked' }]);
    await lock(r, 'a@b.example');
    r.actor.send(submit('other@b.example'));
    expect(r.actor.getSnapshot().value).toBe('locked');
    expect(r.actor.getSnapshot().context.message).toBe('captchaRequired');
    r.actor.send(solve);
    r.actor.send(submit('A@B.example'));
    expect(r.actor.getSnapshot().value).toBe('locked');
    expect(r.actor.getSnapshot().context.message).toBe('accountLocked');
  });

  it('another account signs in from the lock with a fresh attempt noted', async () => {
    const r = start([
      { kind: 'refused', code: 'accountLocked' },
      { kind: 'ok', data: result },
    ]);
    await lock(r, 'a@b.example');
    r.actor.send(solve);
    r.actor.send(submit('Other@b.example'));
    expect(r.actor.getSnapshot().value).toBe('signingIn');
    expect(r.actor.getSnapshot().context).toMatchObject({ message: null, attemptEmail: 'other@b.example' });
    await waitFor(r.actor, (s) => s.status === 'done');
    expect(r.actor.getSnapshot().value).toBe('signedIn');
    expect(r.log).toEqual(['fresh puzzle', 'session']);
  });

  it('after 30 minutes the lock is forgotten', async () => {
    const r = start([{ kind: 'refused', code: 'accountLocked' }]);
    await lock(r, 'a@b.example');
    r.clock.increment(Limits.login.lockoutMs);
    expect(r.actor.getSnapshot().value).toBe('editing');
    expect(r.actor.getSnapshot().context).toMatchObject({ message: null, lockedEmail: null });
  });

  it('no answer spends the slider too', async () => {
    const r = start(['network']);
    r.actor.send(solve);
    r.actor.send(submit());
    await waitFor(r.actor, (s) => s.context.message === 'internal');
    expect(r.actor.getSnapshot().value).toBe('editing');
    expect(r.actor.getSnapshot().context.sliderSolved).toBe(false);
    expect(r.log).toEqual(['fresh puzzle']);
  });
});
