// Forgot and reset password charts, the rules passwordReset.test.ts leaves implicit (spec §2 Forgot
// password, §5, §8; docs/product-rules.md "Reset-password link": 30 minutes, single use): every answer's
// state and message, the slider spent by every send, and the link checked before the form.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { forgotPasswordMachine, resetPasswordMachine } from '../../machines/passwordReset.machine';

/** A call's answer; `'network'` makes the provided call reject (no answer). */
type Answer = ApiOutcome<unknown> | 'network';

const replyWith = <I>(answers: Answer[], inputs: I[] = []) =>
  fromPromise<ApiOutcome<unknown>, I>(async ({ input }) => {
    inputs.push(input);
    const next = answers.shift() ?? { kind: 'ok', data: null };
    if (next === 'network') throw new Error('network');
    return next;
  });

describe('forgot password rules', () => {
  function start(answers: Answer[]) {
    const log: string[] = [];
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: { 'send reset mail': replyWith<{ email: string }>(answers) },
        actions: { 'refresh puzzle': () => log.push('fresh puzzle') },
      }),
    ).start();
    return { actor, log };
  }

  it('starts with no slider and no message; a cleared slider is needed again', () => {
    const { actor } = start([]);
    expect(actor.getSnapshot().context).toStrictEqual({ sliderSolved: false, message: null });
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'captcha.cleared' });
    actor.send({ type: 'user.submit', email: 'a@b.example' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('captchaRequired');
  });

  it('a send clears the last message and spends the slider; the flow ends once the mail is sent', async () => {
    const { actor } = start([{ kind: 'ok', data: null }]);
    actor.send({ type: 'user.submit', email: 'a@b.example' });
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submit', email: 'a@b.example' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.message).toBeNull();
    await waitFor(actor, (s) => s.matches('mailSent'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.sliderSolved).toBe(false);
  });

  it('no answer: "network abnormal", the slider spent and a fresh puzzle', async () => {
    const { actor, log } = start(['network']);
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submit', email: 'a@b.example' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toStrictEqual({ sliderSolved: false, message: 'internal' });
    expect(log).toEqual(['fresh puzzle']);
  });
});

describe('reset password rules', () => {
  function start(checks: Answer[], resets: Answer[] = []) {
    const log: string[] = [];
    const inputs: Array<{ newPassword: string }> = [];
    const actor = createActor(
      resetPasswordMachine.provide({
        actors: {
          'check reset link': replyWith<void>(checks),
          'reset password': replyWith<{ newPassword: string }>(resets, inputs),
        },
        actions: { 'go to login': () => log.push('to login') },
      }),
      { input: { hasToken: true } },
    ).start();
    return { actor, log, inputs };
  }

  async function toEditing(r: ReturnType<typeof start>) {
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(r.actor.getSnapshot().value).toBe('editing');
  }

  it('starts checking the link, with no message', () => {
    const { actor } = start([]);
    expect(actor.getSnapshot().value).toBe('checkingLink');
    expect(actor.getSnapshot().context).toStrictEqual({ hasToken: true, message: null });
  });

  it.each([
    [{ kind: 'refused', code: 'resetLinkInvalid' } as const, 'linkInvalid'],
    [{ kind: 'refused', code: 'resetLinkExpired' } as const, 'linkExpired'],
  ])('a link the check refuses (%o) ends the flow in %s', async (outcome, state) => {
    const { actor } = start([outcome]);
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a check with no answer may be retried', async () => {
    const { actor } = start(['network', { kind: 'ok', data: null }]);
    await waitFor(actor, (s) => s.matches('checkFailed'));
    expect(actor.getSnapshot().can({ type: 'user.retry' })).toBe(true);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('checkingLink');
    await waitFor(actor, (s) => s.matches('editing'));
  });

  it('sends the new password typed, and clears the last message while it is sent', async () => {
    const r = start([], [{ kind: 'refused', code: 'passwordReused' }]);
    await toEditing(r);
    r.actor.send({ type: 'user.submit', newPassword: 'Older#2020' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(r.actor.getSnapshot().context.message).toBe('passwordReused');
    r.actor.send({ type: 'user.submit', newPassword: 'Newer#2024' });
    expect(r.actor.getSnapshot().context.message).toBeNull();
    await waitFor(r.actor, (s) => s.matches('done'));
    expect(r.actor.getSnapshot().status).toBe('done');
    expect(r.inputs).toEqual([{ newPassword: 'Older#2020' }, { newPassword: 'Newer#2024' }]);
    expect(r.log).toEqual(['to login']);
  });

  it.each([
    [{ kind: 'refused', code: 'resetLinkExpired' } as const, 'linkExpired'],
    [{ kind: 'refused', code: 'resetLinkInvalid' } as const, 'linkInvalid'],
  ])('a link that expired or was used meanwhile (%o) ends the flow in %s', async (outcome, state) => {
    const r = start([], [outcome]);
    await toEditing(r);
    r.actor.send({ type: 'user.submit', newPassword: 'Newer#2024' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(r.actor.getSnapshot().value).toBe(state);
    expect(r.actor.getSnapshot().status).toBe('done');
    expect(r.log).toEqual([]);
  });

  it('a reset with no answer: "network abnormal", and the form may be sent again', async () => {
    const r = start([], ['network']);
    await toEditing(r);
    r.actor.send({ type: 'user.submit', newPassword: 'Newer#2024' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(r.actor.getSnapshot().value).toBe('editing');
    expect(r.actor.getSnapshot().context.message).toBe('internal');
  });
});
