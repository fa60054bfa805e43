// Registration chart, the rules registration.test.ts leaves implicit (spec §2 stages, §3, §5, §8;
// docs/product-rules.md "Email verification code", "Activation link"): what each stage's page may offer (its
// tags and can()), what the context keeps for the page after each answer, and the way back.
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
import { registrationInfo as info } from './support/registrationInfo';

/** A call's answer; `'network'` makes the provided call reject (no answer). */
type Answer<T> = ApiOutcome<T> | 'network';

function start(
  opts: {
    send?: Array<Answer<SendCodeResult>>;
    register?: Array<Answer<unknown>>;
    resend?: Array<Answer<unknown>>;
  } = {},
) {
  const clock = new SimulatedClock();
  const resends: Array<{ email: string }> = [];
  const log: string[] = [];
  const reply = async <T>(queue: Array<Answer<T>> | undefined, fallback: ApiOutcome<T>) => {
    const next = queue?.shift() ?? fallback;
    if (next === 'network') throw new Error('network');
    return next;
  };
  const machine = registrationMachine.provide({
    actors: {
      'send code': fromPromise<ApiOutcome<SendCodeResult>, SendCodeInput>(async () =>
        reply(opts.send, { kind: 'ok', data: { sentAt: 1_000 + clock.now() } }),
      ),
      register: fromPromise<ApiOutcome<unknown>, RegisterInput>(async () =>
        reply(opts.register, { kind: 'ok', data: null }),
      ),
      'resend activation mail': fromPromise<ApiOutcome<unknown>, { email: string }>(async ({ input }) => {
        resends.push(input);
        return reply(opts.resend, { kind: 'ok', data: null });
      }),
    },
    actions: { 'refresh puzzle': () => log.push('fresh puzzle') },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, resends, log };
}

type Run = ReturnType<typeof start>;

const snap = (r: Run) => r.actor.getSnapshot();
const codeState = (r: Run) => (snap(r).value as { verification?: { code: string } }).verification?.code;
const submissionState = (r: Run) =>
  (snap(r).value as { verification?: { submission: string } }).verification?.submission;

function toVerification(r: Run) {
  r.actor.send({ type: 'captcha.solved' });
  r.actor.send({ type: 'user.submitInfo', info });
}

async function sendCode(r: Run) {
  r.actor.send({ type: 'user.sendCode' });
  expect(snap(r).hasTag('busy')).toBe(true);
  await waitFor(r.actor, (s) => !s.hasTag('busy'));
}

async function submitCode(r: Run, code = '123456') {
  r.actor.send({ type: 'user.submitCode', code, password: info.password });
  await waitFor(r.actor, (s) => !s.hasTag('busy'));
}

async function toActivation(r: Run) {
  toVerification(r);
  await sendCode(r);
  await submitCode(r);
  expect(snap(r).matches({ activation: 'mailSent' })).toBe(true);
}

describe('registration stage 1', () => {
  it('starts with nothing kept and no message', () => {
    const r = start();
    expect(snap(r).value).toBe('info');
    expect(snap(r).context).toStrictEqual({
      info: null,
      sliderSolved: false,
      message: null,
      codeSentAt: null,
      resendRetry: null,
    });
  });

  it('a slider cleared (its token expired) is needed again before stage 2', () => {
    const r = start();
    r.actor.send({ type: 'captcha.solved' });
    r.actor.send({ type: 'captcha.cleared' });
    expect(snap(r).context.sliderSolved).toBe(false);
    r.actor.send({ type: 'user.submitInfo', info });
    expect(snap(r).value).toBe('info');
    expect(snap(r).context.message).toBe('captchaRequired');
  });

  it('stage 2 keeps the info without the password, and clears the last message', () => {
    const r = start();
    r.actor.send({ type: 'user.submitInfo', info });
    expect(snap(r).context.message).toBe('captchaRequired');
    toVerification(r);
    expect(snap(r).matches('verification')).toBe(true);
    const { password: _password, ...profile } = info;
    expect(snap(r).context.info).toStrictEqual(profile);
    expect(snap(r).context.message).toBeNull();
  });
});

describe('registration stage 2: the code', () => {
  it('before a send the code may be sent and is not valid; while fresh it is valid and may not be resent', async () => {
    const r = start();
    toVerification(r);
    expect(codeState(r)).toBe('notSent');
    expect(snap(r).hasTag('mayResendCode')).toBe(true);
    expect(snap(r).hasTag('codeValid')).toBe(false);
    expect(snap(r).hasTag('busy')).toBe(false);
    await sendCode(r);
    expect(codeState(r)).toBe('fresh');
    expect(snap(r).hasTag('codeValid')).toBe(true);
    expect(snap(r).hasTag('mayResendCode')).toBe(false);
  });

  it("keeps the server's sending time for the countdown, drops the spent slider and the last message", async () => {
    const r = start({ send: [{ kind: 'refused', code: 'codeResendTooSoon' }] });
    toVerification(r);
    await sendCode(r);
    expect(snap(r).context.message).toBe('codeResendTooSoon');
    r.clock.increment(5_000);
    await sendCode(r);
    expect(snap(r).context).toMatchObject({ message: null, sliderSolved: false, codeSentAt: 6_000 });
  });

  it('an expired code may be sent again, which starts a fresh one', async () => {
    const r = start();
    toVerification(r);
    await sendCode(r);
    r.clock.increment(Limits.emailCode.resendAfterMs);
    r.clock.increment(Limits.emailCode.validMs - Limits.emailCode.resendAfterMs);
    expect(codeState(r)).toBe('expired');
    expect(snap(r).hasTag('mayResendCode')).toBe(true);
    expect(snap(r).can({ type: 'user.sendCode' })).toBe(true);
    await sendCode(r);
    expect(codeState(r)).toBe('fresh');
    expect(snap(r).context.codeSentAt).toBe(1_000 + Limits.emailCode.validMs);
  });

  it('a refused resend keeps the code the user has, and says why', async () => {
    const r = start({
      send: [
        { kind: 'ok', data: { sentAt: 42 } },
        { kind: 'refused', code: 'rateLimited' },
      ],
    });
    toVerification(r);
    await sendCode(r);
    r.clock.increment(Limits.emailCode.resendAfterMs);
    await sendCode(r);
    expect(codeState(r)).toBe('resendable');
    expect(snap(r).hasTag('codeValid')).toBe(true);
    expect(snap(r).hasTag('mayResendCode')).toBe(true);
    expect(snap(r).context).toMatchObject({ message: 'rateLimited', codeSentAt: 42 });
  });

  it('a resend with no answer keeps the code too: "network abnormal"', async () => {
    const r = start({ send: [{ kind: 'ok', data: { sentAt: 42 } }, 'network'] });
    toVerification(r);
    await sendCode(r);
    r.clock.increment(Limits.emailCode.resendAfterMs);
    await sendCode(r);
    expect(codeState(r)).toBe('resendable');
    expect(snap(r).context).toMatchObject({ message: 'internal', codeSentAt: 42 });
  });

  it('a first send with no answer: "network abnormal", and the code may be sent again', async () => {
    const r = start({ send: ['network'] });
    toVerification(r);
    await sendCode(r);
    expect(codeState(r)).toBe('notSent');
    expect(snap(r).context.message).toBe('internal');
    await sendCode(r);
    expect(codeState(r)).toBe('fresh');
  });

  it('the answers that end stage 2 also drop the spent slider', async () => {
    const active = start({ send: [{ kind: 'refused', code: 'emailRegistered' }] });
    toVerification(active);
    await sendCode(active);
    expect(snap(active).status).toBe('done');
    expect(snap(active).context).toMatchObject({ message: 'emailRegistered', sliderSolved: false });

    const inactive = start({ send: [{ kind: 'refused', code: 'emailRegisteredNotActivated' }] });
    toVerification(inactive);
    await sendCode(inactive);
    expect(snap(inactive).matches({ activation: 'mailSent' })).toBe(true);
    expect(snap(inactive).context.sliderSolved).toBe(false);
  });

  it('a refused slider on a resend also forgets the code sent, so stage 2 starts over', async () => {
    const r = start({
      send: [
        { kind: 'ok', data: { sentAt: 42 } },
        { kind: 'refused', code: 'captchaFailed' },
      ],
    });
    toVerification(r);
    await sendCode(r);
    r.clock.increment(Limits.emailCode.resendAfterMs);
    await sendCode(r);
    expect(snap(r).value).toBe('info');
    expect(snap(r).context).toMatchObject({ message: 'captchaFailed', codeSentAt: null });
  });

  it('back to stage 1: a fresh puzzle, and the code sent is forgotten', async () => {
    const r = start({ send: [{ kind: 'refused', code: 'codeResendTooSoon' }] });
    toVerification(r);
    await sendCode(r);
    await sendCode(r);
    expect(codeState(r)).toBe('fresh');
    r.actor.send({ type: 'user.back' });
    expect(snap(r).value).toBe('info');
    expect(snap(r).context).toMatchObject({ message: null, sliderSolved: false, codeSentAt: null });
    expect(r.log).toEqual(['fresh puzzle']);
    toVerification(r);
    expect(codeState(r)).toBe('notSent');
    r.actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    expect(snap(r).context.message).toBe('codeNotSent');
  });
});

describe('registration stage 2: the submission', () => {
  it('a submission clears the last message while it is sent', async () => {
    const r = start({ register: [{ kind: 'refused', code: 'codeWrong' }] });
    toVerification(r);
    await sendCode(r);
    await submitCode(r, '000000');
    expect(snap(r).context.message).toBe('codeWrong');
    expect(submissionState(r)).toBe('idle');
    r.actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    expect(submissionState(r)).toBe('registering');
    expect(snap(r).hasTag('busy')).toBe(true);
    expect(snap(r).context.message).toBeNull();
    await waitFor(r.actor, (s) => s.matches('activation'));
    expect(snap(r).context.message).toBeNull();
  });

  it('registered meanwhile: "already registered, please log in"', async () => {
    const r = start({ register: [{ kind: 'refused', code: 'emailRegistered' }] });
    toVerification(r);
    await sendCode(r);
    await submitCode(r);
    expect(snap(r).value).toBe('alreadyRegistered');
    expect(snap(r).status).toBe('done');
    expect(snap(r).context.message).toBe('emailRegistered');
  });

  it('no answer: "network abnormal", and the code may be submitted again', async () => {
    const r = start({ register: ['network'] });
    toVerification(r);
    await sendCode(r);
    await submitCode(r);
    expect(submissionState(r)).toBe('idle');
    expect(snap(r).context.message).toBe('internal');
    await submitCode(r);
    expect(snap(r).matches('activation')).toBe(true);
  });
});

describe('registration stage 3: the activation mail', () => {
  it('a resend goes to the registered email and is busy while it is sent', async () => {
    const r = start();
    await toActivation(r);
    expect(snap(r).hasTag('busy')).toBe(false);
    r.actor.send({ type: 'user.resendActivation' });
    expect(snap(r).matches({ activation: 'resending' })).toBe(true);
    expect(snap(r).hasTag('busy')).toBe(true);
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(r.resends).toEqual([{ email: info.email }]);
    expect(snap(r).context.message).toBe('activationResent');
  });

  it('a resend with no answer: "network abnormal", and the resend stays available', async () => {
    const wait = 60_000;
    const r = start({
      resend: [{ kind: 'refused', code: 'rateLimited', retry: { afterMs: wait, at: wait } }, 'network'],
    });
    await toActivation(r);
    r.actor.send({ type: 'user.resendActivation' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    r.clock.increment(wait);
    r.actor.send({ type: 'user.resendActivation' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(snap(r).matches({ activation: 'mailSent' })).toBe(true);
    expect(snap(r).context).toMatchObject({ message: 'internal', resendRetry: null });
    expect(snap(r).can({ type: 'user.resendActivation' })).toBe(true);
  });

  it('after a refusal with a wait, a later success forgets the wait', async () => {
    const wait = 60_000;
    const r = start({
      resend: [
        { kind: 'refused', code: 'rateLimited', retry: { afterMs: wait, at: wait } },
        { kind: 'refused', code: 'generic' },
      ],
    });
    await toActivation(r);
    r.actor.send({ type: 'user.resendActivation' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(snap(r).context.resendRetry).toEqual({ afterMs: wait, at: wait });
    r.clock.increment(wait);
    r.actor.send({ type: 'user.resendActivation' });
    await waitFor(r.actor, (s) => !s.hasTag('busy'));
    expect(snap(r).context).toMatchObject({ message: 'generic', resendRetry: null });
  });
});

describe('registration: stage 3 starts clean', () => {
  it('a message the code region set while the registration was sent is gone in stage 3', async () => {
    let registered: (outcome: ApiOutcome<unknown>) => void = () => undefined;
    const clock = new SimulatedClock();
    const sends: Array<ApiOutcome<SendCodeResult>> = [
      { kind: 'ok', data: { sentAt: 0 } },
      { kind: 'refused', code: 'rateLimited' },
    ];
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          'send code': fromPromise<ApiOutcome<SendCodeResult>, SendCodeInput>(async () => sends.shift()!),
          register: fromPromise<ApiOutcome<unknown>, RegisterInput>(
            () => new Promise((resolve) => (registered = resolve)),
          ),
        },
        actions: { 'refresh puzzle': () => undefined },
      }),
      { clock },
    ).start();
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submitInfo', info });
    actor.send({ type: 'user.sendCode' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    clock.increment(Limits.emailCode.resendAfterMs);
    actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    actor.send({ type: 'user.sendCode' });
    await waitFor(actor, (s) => s.context.message === 'rateLimited');
    registered({ kind: 'ok', data: null });
    await waitFor(actor, (s) => s.matches('activation'));
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});
