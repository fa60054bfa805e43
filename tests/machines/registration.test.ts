// Registration chart (spec §3, §5, §8; docs/product-rules.md email code): code expiry at exactly 3:00, the
// 60 s resend cooldown, "send the code first", and the already-registered answers.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import {
  registrationMachine,
  type RegisterInput,
  type SendCodeInput,
  type SendCodeResult,
} from '../../machines/registration.machine';
import { Limits } from '../../src/contract/limits';
import { registrationInfo } from './support/registrationInfo';

const info = registrationInfo;

function start(
  opts: {
    send?: Array<ApiOutcome<SendCodeResult>>;
    register?: Array<ApiOutcome<unknown>>;
    resend?: Array<ApiOutcome<unknown>>;
  } = {},
) {
  const clock = new SimulatedClock();
  const sends: SendCodeInput[] = [];
  const registers: RegisterInput[] = [];
  const log: string[] = [];
  const machine = registrationMachine.provide({
    actors: {
      'send code': fromPromise<ApiOutcome<SendCodeResult>, SendCodeInput>(async ({ input }) => {
        sends.push(input);
        return opts.send?.shift() ?? { kind: 'ok', data: { sentAt: clock.now() } };
      }),
      register: fromPromise<ApiOutcome<unknown>, RegisterInput>(async ({ input }) => {
        registers.push(input);
        return opts.register?.shift() ?? { kind: 'ok', data: null };
      }),
      'resend activation mail': fromPromise<ApiOutcome<unknown>, { email: string }>(
        async () => opts.resend?.shift() ?? { kind: 'ok', data: null },
      ),
    },
    actions: { 'refresh puzzle': () => log.push('fresh puzzle') },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, sends, registers, log };
}

const codeState = (actor: ReturnType<typeof start>['actor']) =>
  (actor.getSnapshot().value as { verification?: { code: string } }).verification?.code;

async function toVerification(r: ReturnType<typeof start>) {
  r.actor.send({ type: 'captcha.solved' });
  r.actor.send({ type: 'user.submitInfo', info });
}

async function sendCode(r: ReturnType<typeof start>) {
  r.actor.send({ type: 'user.sendCode' });
  await waitFor(r.actor, (s) => !s.hasTag('busy'));
}

describe('registration machine', () => {
  it('stage 1 needs the slider', () => {
    const r = start();
    r.actor.send({ type: 'user.submitInfo', info });
    expect(r.actor.getSnapshot().value).toBe('info');
    expect(r.actor.getSnapshot().context.message).toBe('captchaRequired');
  });

  it('"please send the verification code first" before any code was sent', async () => {
    const r = start();
    await toVerification(r);
    r.actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    expect(r.actor.getSnapshot().context.message).toBe('codeNotSent');
    expect(r.registers).toEqual([]);
  });

  it('the first send spends the slider token (held by the host); a resend goes without one', async () => {
    const r = start();
    await toVerification(r);
    await sendCode(r);
    r.clock.increment(Limits.emailCode.resendAfterMs);
    await sendCode(r);
    expect(r.sends).toEqual([
      { email: info.email, withSliderToken: true },
      { email: info.email, withSliderToken: false },
    ]);
  });

  it('a refused first send drops the spent slider token, so the next send does not carry it', async () => {
    const r = start({ send: [{ kind: 'refused', code: 'codeResendTooSoon' }] });
    await toVerification(r);
    await sendCode(r);
    expect(codeState(r.actor)).toBe('notSent');
    expect(r.actor.getSnapshot().context).toMatchObject({
      message: 'codeResendTooSoon',
      sliderSolved: false,
    });
    await sendCode(r);
    expect(r.sends.map((s) => s.withSliderToken)).toEqual([true, false]);
    expect(codeState(r.actor)).toBe('fresh');
  });

  it('resend is refused for exactly 60 s after sending', async () => {
    const r = start();
    await toVerification(r);
    await sendCode(r);
    expect(codeState(r.actor)).toBe('fresh');
    expect(r.actor.getSnapshot().can({ type: 'user.sendCode' })).toBe(false);
    r.clock.increment(Limits.emailCode.resendAfterMs - 1);
    expect(r.actor.getSnapshot().hasTag('mayResendCode')).toBe(false);
    r.clock.increment(1);
    expect(codeState(r.actor)).toBe('resendable');
    expect(r.actor.getSnapshot().can({ type: 'user.sendCode' })).toBe(true);
  });

  it('the code expires at exactly 3:00, and the page then says "expired" without asking the server', async () => {
    const r = start();
    await toVerification(r);
    await sendCode(r);
    // SimulatedClock schedules a timer set while it flushes from the end of the increment, so time
    // moves to the cooldown's end first (where the second timer starts), then to 3:00.
    r.clock.increment(Limits.emailCode.resendAfterMs);
    r.clock.increment(Limits.emailCode.validMs - Limits.emailCode.resendAfterMs - 1);
    expect(r.actor.getSnapshot().hasTag('codeValid')).toBe(true);
    r.clock.increment(1);
    expect(codeState(r.actor)).toBe('expired');
    expect(r.actor.getSnapshot().hasTag('codeValid')).toBe(false);
    r.actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    expect(r.actor.getSnapshot().context.message).toBe('codeExpired');
    expect(r.registers).toEqual([]);
  });

  it('a resend restarts the 3 minutes', async () => {
    const r = start();
    await toVerification(r);
    await sendCode(r);
    r.clock.increment(Limits.emailCode.resendAfterMs);
    r.clock.increment(Limits.emailCode.validMs - Limits.emailCode.resendAfterMs - 1000);
    await sendCode(r);
    r.clock.increment(Limits.emailCode.resendAfterMs);
    r.clock.increment(Limits.emailCode.validMs - Limits.emailCode.resendAfterMs - 1);
    expect(r.actor.getSnapshot().hasTag('codeValid')).toBe(true);
    r.clock.increment(1);
    expect(codeState(r.actor)).toBe('expired');
  });

  it('wrong code and too many tries come back as messages; the right code leads to activation', async () => {
    const r = start({
      register: [
        { kind: 'refused', code: 'codeWrong' },
        { kind: 'refused', code: 'codeTooManyTries' },
        { kind: 'ok', data: null },
      ],
    });
    await toVerification(r);
    await sendCode(r);
    for (const expected of ['codeWrong', 'codeTooManyTries']) {
      r.actor.send({ type: 'user.submitCode', code: '000000', password: info.password });
      await waitFor(r.actor, (s) => !s.hasTag('busy'));
      expect(r.actor.getSnapshot().context.message).toBe(expected);
    }
    r.actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    await waitFor(r.actor, (s) => s.matches('activation'));
    expect(r.registers.at(-1)).toEqual({ info, emailCode: '123456' });
  });

  it('registered but not activated: the activation mail went out again, stage 3 says so', async () => {
    const r = start({ send: [{ kind: 'refused', code: 'emailRegisteredNotActivated' }] });
    await toVerification(r);
    await sendCode(r);
    expect(r.actor.getSnapshot().matches('activation')).toBe(true);
    expect(r.actor.getSnapshot().context.message).toBe('emailRegisteredNotActivated');
  });

  it('registered and active: "please log in"', async () => {
    const r = start({ send: [{ kind: 'refused', code: 'emailRegistered' }] });
    await toVerification(r);
    await sendCode(r);
    expect(r.actor.getSnapshot().value).toBe('alreadyRegistered');
  });

  it('a refused slider token sends the user back to stage 1 with a fresh puzzle', async () => {
    const r = start({ send: [{ kind: 'refused', code: 'captchaFailed' }] });
    await toVerification(r);
    await sendCode(r);
    expect(r.actor.getSnapshot().value).toBe('info');
    expect(r.actor.getSnapshot().context).toMatchObject({ message: 'captchaFailed', sliderSolved: false });
    expect(r.log).toEqual(['fresh puzzle']);
  });

  it('stage 3 resends the activation mail', async () => {
    const r = start();
    await toVerification(r);
    await sendCode(r);
    r.actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    await waitFor(r.actor, (s) => s.matches('activation'));
    r.actor.send({ type: 'user.resendActivation' });
    await waitFor(r.actor, (s) => s.context.message === 'activationResent');
  });

  async function toActivation(r: ReturnType<typeof start>) {
    await toVerification(r);
    await sendCode(r);
    r.actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    await waitFor(r.actor, (s) => s.matches('activation'));
  }

  it('a refused resend says the server\'s reason and when it is possible again, never "resent" (issue 20 §4)', async () => {
    const wait = 7 * 60_000;
    const r = start({
      resend: [
        { kind: 'refused', code: 'rateLimited', retry: { afterMs: wait, at: 1_000_000 + wait } },
        { kind: 'ok', data: null },
      ],
    });
    await toActivation(r);
    r.actor.send({ type: 'user.resendActivation' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    let snap = r.actor.getSnapshot();
    expect(snap.context.message).toBe('rateLimited');
    expect(snap.context.resendRetry).toEqual({ afterMs: wait, at: 1_000_000 + wait });
    expect(snap.matches({ activation: 'resendRefused' })).toBe(true);
    // No second try before the server allows it.
    expect(snap.can({ type: 'user.resendActivation' })).toBe(false);
    r.clock.increment(wait - 1);
    expect(r.actor.getSnapshot().can({ type: 'user.resendActivation' })).toBe(false);
    r.clock.increment(1);
    snap = r.actor.getSnapshot();
    expect(snap.matches({ activation: 'mailSent' })).toBe(true);
    expect(snap.context).toMatchObject({ message: null, resendRetry: null });
    r.actor.send({ type: 'user.resendActivation' });
    await waitFor(r.actor, (s) => s.context.message === 'activationResent');
  });

  it('a refusal without a wait still shows its reason, and the resend stays available', async () => {
    const r = start({ resend: [{ kind: 'refused', code: 'generic' }] });
    await toActivation(r);
    r.actor.send({ type: 'user.resendActivation' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(r.actor.getSnapshot().context).toMatchObject({ message: 'generic', resendRetry: null });
    expect(r.actor.getSnapshot().can({ type: 'user.resendActivation' })).toBe(true);
  });

  it('refuses to run without its actors', async () => {
    const actor = createActor(
      registrationMachine.provide({ actions: { 'refresh puzzle': () => {} } }),
    ).start();
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submitInfo', info });
    actor.send({ type: 'user.sendCode' });
    await waitFor(actor, (s) => s.context.message === 'internal');
  });
});
