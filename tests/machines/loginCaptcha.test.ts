// The slider chart: a solved puzzle emits its token; a wrong answer says so over a fresh puzzle.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { captchaMachine, type VerifyInput, type VerifyOutcome } from '../../machines/captcha.machine';
import type { CaptchaChallenge } from '../../src/contract/api/accounts';

function challenge(n: number): CaptchaChallenge {
  return {
    challengeId: `id-${n}`,
    background: 'bg',
    piece: 'pc',
    pieceY: 10,
    width: 300,
    height: 150,
    pieceSize: 40,
    // The chart never reads the work (the web's provided actors do, issue 29 §1).
    work: {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: '',
        salt: '',
        cost: 1,
        keyLength: 32,
        keyPrefix: '',
        expiresAt: 0,
      },
    },
  };
}

function start(verdicts: VerifyOutcome[]) {
  let loads = 0;
  const verified: VerifyInput[] = [];
  const machine = captchaMachine.provide({
    actors: {
      'load puzzle': fromPromise(async () => challenge(++loads)),
      'verify answer': fromPromise<VerifyOutcome, VerifyInput>(async ({ input }) => {
        verified.push(input);
        return verdicts.shift() ?? { kind: 'failed' };
      }),
    },
  });
  const actor = createActor(machine).start();
  const emitted: string[] = [];
  actor.on('captcha.solved', (e) => emitted.push(`solved ${e.captchaToken}`));
  actor.on('captcha.cleared', () => emitted.push('cleared'));
  return { actor, verified, emitted, loads: () => loads };
}

const release = {
  type: 'slider.release' as const,
  x: 99,
  trail: [
    { x: 0, y: 0, t: 0 },
    { x: 99, y: 0, t: 300 },
  ],
  keyboard: true,
};

describe('captcha machine', () => {
  it('judges the answer against the shown puzzle and emits the token', async () => {
    const { actor, verified, emitted } = start([{ kind: 'solved', captchaToken: 'tok' }]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send(release);
    await waitFor(actor, (s) => s.matches('solved'));
    expect(verified).toEqual([{ challengeId: 'id-1', x: 99, trail: release.trail, keyboard: true }]);
    expect(emitted).toEqual(['solved tok']);
  });

  it('a failed verification says so and loads a fresh puzzle', async () => {
    const { actor, loads } = start([{ kind: 'failed' }]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send(release);
    await waitFor(actor, (s) => s.matches('ready') && s.context.challenge?.challengeId === 'id-2');
    expect(actor.getSnapshot().context.lastAttemptFailed).toBe(true);
    expect(loads()).toBe(2);
  });

  it('a reset from the host flow clears the token and loads a fresh puzzle', async () => {
    const { actor, emitted } = start([{ kind: 'solved', captchaToken: 'tok' }]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send(release);
    await waitFor(actor, (s) => s.matches('solved'));
    actor.send({ type: 'captcha.reset' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.challenge?.challengeId === 'id-2');
    expect(emitted).toEqual(['solved tok', 'cleared']);
    expect(actor.getSnapshot().context.lastAttemptFailed).toBe(false);
  });

  it('a puzzle that cannot be fetched can be retried', async () => {
    let fail = true;
    const actor = createActor(
      captchaMachine.provide({
        actors: {
          'load puzzle': fromPromise(async () => {
            if (fail) throw new Error('down');
            return challenge(1);
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    fail = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('refuses to run without its actors', async () => {
    const actor = createActor(captchaMachine).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
  });
});
