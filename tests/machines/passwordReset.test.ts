// Forgot and reset password charts (spec §2, §8; docs/product-rules.md reset link).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { forgotPasswordMachine, resetPasswordMachine } from '../../machines/passwordReset.machine';

// Typed to any input: each machine's actor declares its own input shape.
const answer = <I = never>(outcome: ApiOutcome<unknown>) =>
  fromPromise<ApiOutcome<unknown>, I>(async () => outcome);

describe('forgot password machine', () => {
  function start(outcome: ApiOutcome<unknown>) {
    const log: string[] = [];
    const sent: unknown[] = [];
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          'send reset mail': fromPromise(async ({ input }) => {
            sent.push(input);
            return outcome;
          }),
        },
        actions: { 'refresh puzzle': () => log.push('fresh puzzle') },
      }),
    ).start();
    return { actor, log, sent };
  }

  it('needs the slider, then mails the link', async () => {
    const { actor, sent } = start({ kind: 'ok', data: null });
    actor.send({ type: 'user.submit', email: 'a@b.example' });
    expect(actor.getSnapshot().context.message).toBe('captchaRequired');
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submit', email: 'a@b.example' });
    await waitFor(actor, (s) => s.matches('mailSent'));
    expect(sent).toEqual([{ email: 'a@b.example' }]);
  });

  it('"email does not exist or abnormal status", with a fresh puzzle', async () => {
    const { actor, log } = start({ kind: 'refused', code: 'emailNotFound' });
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submit', email: 'a@b.example' });
    await waitFor(actor, (s) => s.context.message === 'emailNotFound');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.sliderSolved).toBe(false);
    expect(log).toEqual(['fresh puzzle']);
  });
});

describe('reset password machine', () => {
  function start(
    hasToken: boolean,
    check: ApiOutcome<unknown>,
    reset: ApiOutcome<unknown> = { kind: 'ok', data: null },
  ) {
    const log: string[] = [];
    const actor = createActor(
      resetPasswordMachine.provide({
        actors: {
          'check reset link': answer<void>(check),
          'reset password': answer<{ newPassword: string }>(reset),
        },
        actions: { 'go to login': () => log.push('to login') },
      }),
      { input: { hasToken } },
    ).start();
    return { actor, log };
  }

  it('a link without a token is not valid, and nothing is asked', () => {
    expect(start(false, { kind: 'ok', data: null }).actor.getSnapshot().value).toBe('linkInvalid');
  });

  it('an expired link says so (the page links to /forgot)', async () => {
    const { actor } = start(true, { kind: 'refused', code: 'resetLinkExpired' });
    await waitFor(actor, (s) => s.matches('linkExpired'));
  });

  it('a valid link takes the new password, then goes to login', async () => {
    const { actor, log } = start(true, { kind: 'ok', data: null });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'user.submit', newPassword: 'Newer#2024' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(log).toEqual(['to login']);
  });

  it('a reused password comes back as its message', async () => {
    const { actor } = start(true, { kind: 'ok', data: null }, { kind: 'refused', code: 'passwordReused' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'user.submit', newPassword: 'Older#2020' });
    await waitFor(actor, (s) => s.context.message === 'passwordReused');
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('refuses to run without its actors', async () => {
    const actor = createActor(resetPasswordMachine.provide({ actions: { 'go to login': () => {} } }), {
      input: { hasToken: true },
    }).start();
    await waitFor(actor, (s) => s.matches('checkFailed'));
  });
});
