// The slider chart, the rules loginCaptcha.test.ts leaves implicit (spec §8 "Verification failed,
// please try again"; docs/product-rules.md "Slider captcha"): the failure notice shows only over the puzzle
// that follows a wrong answer, and goes with a new puzzle the user or the host asked for.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { captchaMachine, type VerifyInput, type VerifyOutcome } from '../../machines/captcha.machine';
import type { CaptchaChallenge } from '../../src/contract/api/accounts';

const challenge = (n: number): CaptchaChallenge => ({
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
});

/** Verdicts in order; `'network'` makes the verification reject (no answer). */
function start(verdicts: Array<VerifyOutcome | 'network'>) {
  let loads = 0;
  const actor = createActor(
    captchaMachine.provide({
      actors: {
        'load puzzle': fromPromise(async () => challenge(++loads)),
        'verify answer': fromPromise<VerifyOutcome, VerifyInput>(async () => {
          const verdict = verdicts.shift() ?? 'network';
          if (verdict === 'network') throw new Error('network');
          return verdict;
        }),
      },
    }),
  ).start();
  return { actor, loads: () => loads };
}

const release = { type: 'slider.release' as const, x: 99, trail: [{ x: 99, y: 0, t: 300 }], keyboard: false };

async function failOnce(r: ReturnType<typeof start>) {
  await waitFor(r.actor, (s) => s.matches('ready'));
  r.actor.send(release);
  await waitFor(r.actor, (s) => s.matches('ready') && s.context.challenge?.challengeId === 'id-2');
  expect(r.actor.getSnapshot().context.lastAttemptFailed).toBe(true);
}

describe('captcha rules', () => {
  it('starts loading, with no puzzle and no failure', () => {
    const { actor } = start([]);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toStrictEqual({ challenge: null, lastAttemptFailed: false });
  });

  it('a verification with no answer counts as failed: a fresh puzzle with the notice', async () => {
    const r = start(['network']);
    await failOnce(r);
  });

  it('the user asking for another puzzle drops the notice', async () => {
    const r = start([{ kind: 'failed' }]);
    await failOnce(r);
    r.actor.send({ type: 'user.refresh' });
    expect(r.actor.getSnapshot().value).toBe('loading');
    expect(r.actor.getSnapshot().context.lastAttemptFailed).toBe(false);
    await waitFor(r.actor, (s) => s.matches('ready'));
    expect(r.loads()).toBe(3);
  });

  it('the host asking for a fresh puzzle drops the notice', async () => {
    const r = start([{ kind: 'failed' }]);
    await failOnce(r);
    r.actor.send({ type: 'captcha.reset' });
    expect(r.actor.getSnapshot().value).toBe('loading');
    expect(r.actor.getSnapshot().context.lastAttemptFailed).toBe(false);
  });

  it('solving after a failure drops the notice', async () => {
    const r = start([{ kind: 'failed' }, { kind: 'solved', captchaToken: 'tok' }]);
    await failOnce(r);
    r.actor.send(release);
    await waitFor(r.actor, (s) => s.matches('solved'));
    expect(r.actor.getSnapshot().context.lastAttemptFailed).toBe(false);
  });
});
