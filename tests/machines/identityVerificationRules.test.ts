// The phone chart's rules one by one (issue 19 §2, mutation testing): where a reopened link resumes
// (docs/decisions/small-decisions.md "Phone key"), what each answer of the server leaves in the context (the names,
// the consent, the outcome and attempts left, the messages the page shows), the page each state
// shows (spec §2 /identityVerification and its children), the camera's guidance and head-turn
// challenge and the image checks (issue 16 §4: jpg/png, 10 MB for a chosen photo, the per-frame
// limit for camera frames), and the refusals of every step (expired, cancelled, anything else).
// identityVerification.test.ts drives the paths; here every effect is a fake the test answers.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { notProvidedName } from '../../machines/notProvided';
import {
  identityVerificationMachine,
  type CapturedImage,
  type IdentityVerificationEvent,
  type PhonePage,
  type PhoneSessionOpened,
  type PhoneSessionState,
  type PhoneSessionView,
} from '../../machines/identityVerification.machine';
import { Limits, MB } from '../../src/contract/limits';
import { Held, settleAnswer, type Answer } from './support/scriptedAnswers';

type Outcome = ApiOutcome<PhoneSessionView>;

function reply<T>(queue: Array<Answer<T>> | undefined, fallback: T): Promise<T> {
  const next = queue?.shift() ?? fallback;
  return settleAnswer(next);
}

const CONSENT_AT = '2026-03-04T05:06:07.000Z';

const view = (patch: Partial<PhoneSessionView> = {}): PhoneSessionView => ({
  state: 'scanned',
  companyName: 'Harbour Trading Ltd',
  subjectName: 'Mei Chen',
  consentAt: null,
  validForMs: Limits.qr.validAfterScanMs,
  outcomeReason: null,
  attemptsLeft: Limits.face.attemptsPerScan,
  challenge: 'left-up-right',
  ...patch,
});
const ok = <T>(data: T) => ({ kind: 'ok' as const, data });
const refused = (code: 'verificationExpired' | 'verificationCancelled' | 'transitionNotAllowed') => ({
  kind: 'refused' as const,
  code,
});
const opened = (patch: Partial<PhoneSessionView> = {}): ApiOutcome<PhoneSessionOpened> =>
  ok({ ...view(patch), phoneKey: 'key-7' });
const image = (type: string, size: number): CapturedImage => ({
  blob: new Blob([new Uint8Array(4)], { type }),
  type,
  size,
});

interface Fakes {
  open?: Array<Answer<ApiOutcome<PhoneSessionOpened>>>;
  consent?: Array<Answer<Outcome>>;
  upload?: Array<Answer<Outcome>>;
  cancel?: Array<Answer<Outcome>>;
}

/** The chart with fakes; the camera does nothing until the test speaks for it (`camera.send`). */
function phone(fakes: Fakes = {}, hasToken = true) {
  const clock = new SimulatedClock();
  const pages: PhonePage[] = [];
  const calls: Array<{ call: string; input: unknown }> = [];
  const camera = {
    starts: 0,
    received: [] as AnyEventObject[],
    sendBack: (_: IdentityVerificationEvent) => undefined as void,
    send(event: IdentityVerificationEvent) {
      this.sendBack(event);
    },
  };
  const machine = identityVerificationMachine.provide({
    actors: {
      'open session': fromPromise(async () => {
        calls.push({ call: 'open', input: undefined });
        return reply(fakes.open, opened());
      }),
      'record consent': fromPromise(async ({ input }: { input: { phoneKey: string } }) => {
        calls.push({ call: 'consent', input });
        return reply(fakes.consent, ok(view({ consentAt: CONSENT_AT })));
      }),
      'upload capture': fromPromise(
        async ({
          input,
        }: {
          input: { phoneKey: string; source: 'camera' | 'file'; frames: CapturedImage[] };
        }) => {
          calls.push({ call: 'upload', input });
          return reply(fakes.upload, ok(view({ state: 'verified' })));
        },
      ),
      'cancel verification': fromPromise(async ({ input }: { input: { phoneKey: string } }) => {
        calls.push({ call: 'cancel', input });
        return reply(fakes.cancel, ok(view({ state: 'cancelled' })));
      }),
      camera: fromCallback<IdentityVerificationEvent, void>(({ sendBack, receive }) => {
        camera.starts += 1;
        camera.sendBack = sendBack;
        receive((event) => camera.received.push(event));
      }),
    },
    actions: { 'show page': (_, params: { page: PhonePage }) => pages.push(params.page) },
  });
  const actor = createActor(machine, { clock, input: { hasToken } }).start();
  const made = (call: string) => calls.filter((c) => c.call === call);
  return { actor, clock, pages, calls, made, camera };
}

type Phone = ReturnType<typeof phone>;

const at = (run: Phone, value: Parameters<ReturnType<Phone['actor']['getSnapshot']>['matches']>[0]) =>
  waitFor(run.actor, (s) => s.matches(value));

/** At the capture with consent on record (the link reopened after consent). */
async function capturing(fakes: Fakes = {}) {
  const run = phone({ open: [opened({ consentAt: CONSENT_AT })], ...fakes });
  await at(run, { flow: { capture: 'startingCamera' } });
  return run;
}

/** At the guidance: the camera said it is ready. */
async function guiding(fakes: Fakes = {}) {
  const run = await capturing(fakes);
  run.camera.send({ type: 'camera.ready' });
  expect(run.actor.getSnapshot().matches({ flow: { capture: 'guiding' } })).toBe(true);
  return run;
}

const jpegFrames = (size = 300_000) => [1, 2, 3].map(() => image('image/jpeg', size));

describe('opening the link (spec §2 /identityVerification, §8 link invalid)', () => {
  it('knows nothing of the session before the server answers: no names, key, consent or result', async () => {
    const held = new Held<ApiOutcome<PhoneSessionOpened>>();
    const run = phone({ open: [held] });
    expect(run.actor.getSnapshot().value).toBe('opening');
    expect(run.actor.getSnapshot().context).toEqual({
      hasToken: true,
      phoneKey: null,
      companyName: '',
      subjectName: '',
      consentAt: null,
      validForMs: Limits.qr.validAfterScanMs,
      openedState: null,
      source: null,
      frames: [],
      hint: null,
      outcomeReason: null,
      attemptsLeft: Limits.face.attemptsPerScan,
      challenge: null,
      message: null,
    });
    held.release(opened());
    await at(run, { flow: 'home' });
  });

  it('a link without a token says so where the link lands (the home page), without calling the server', () => {
    const run = phone({}, false);
    expect(run.actor.getSnapshot().value).toBe('unusable');
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().context.message).toBe('linkInvalid');
    expect(run.pages).toEqual(['home']);
    expect(run.calls).toEqual([]);
  });

  it('keeps what the scan answered: names, key, consent, the time left, the last outcome and the challenge', async () => {
    const run = phone({
      open: [
        opened({
          state: 'failed',
          consentAt: CONSENT_AT,
          validForMs: 123_456,
          outcomeReason: 'noMatch',
          attemptsLeft: 1,
          challenge: 'up-right-down',
        }),
      ],
    });
    await at(run, { flow: 'failed' });
    expect(run.actor.getSnapshot().context).toMatchObject({
      phoneKey: 'key-7',
      companyName: 'Harbour Trading Ltd',
      subjectName: 'Mei Chen',
      consentAt: CONSENT_AT,
      validForMs: 123_456,
      openedState: 'failed',
      outcomeReason: 'noMatch',
      attemptsLeft: 1,
      challenge: 'up-right-down',
      message: null,
    });
    expect(run.pages).toEqual(['verificationResultPage']);
    // The 10 minutes are what the server said is left of them.
    run.clock.increment(123_455);
    expect(run.actor.getSnapshot().matches({ flow: 'failed' })).toBe(true);
    run.clock.increment(1);
    expect(run.actor.getSnapshot().value).toBe('expired');
  });

  it.each<[PhoneSessionState, string | null, unknown]>([
    ['verified', CONSENT_AT, 'verified'],
    ['referred', CONSENT_AT, 'referred'],
    ['failedFinal', CONSENT_AT, 'failedFinal'],
    ['cancelled', null, 'cancelled'],
    ['expired', null, 'expired'],
    ['failed', CONSENT_AT, { flow: 'failed' }],
    ['verifying', CONSENT_AT, { flow: { capture: 'startingCamera' } }],
    ['scanned', CONSENT_AT, { flow: { capture: 'startingCamera' } }],
    ['scanned', null, { flow: 'home' }],
    ['created', null, { flow: 'home' }],
  ])('a link reopened when the session is %s (consent %s) resumes at %j', async (state, consentAt, where) => {
    const run = phone({ open: [opened({ state, consentAt })] });
    await waitFor(run.actor, (s) => !s.matches('opening'));
    expect(run.actor.getSnapshot().matches(where as never)).toBe(true);
    expect(run.made('consent')).toEqual([]);
  });

  it('the result states are final and show the result page', async () => {
    for (const state of ['verified', 'referred', 'failedFinal', 'cancelled', 'expired'] as const) {
      const run = phone({ open: [opened({ state, consentAt: CONSENT_AT })] });
      await waitFor(run.actor, (s) => s.status === 'done');
      expect(run.actor.getSnapshot().value).toBe(state);
      expect(run.pages).toEqual(['verificationResultPage']);
    }
  });

  it('a scan refused as cancelled shows that result; any other refusal makes the link unusable with its code', async () => {
    const cancelled = phone({ open: [refused('verificationCancelled')] });
    await at(cancelled, 'cancelled');
    expect(cancelled.pages).toEqual(['verificationResultPage']);
    const expired = phone({ open: [refused('verificationExpired')] });
    await at(expired, 'expired');
    expect(expired.pages).toEqual(['verificationResultPage']);
    const other = phone({ open: [refused('transitionNotAllowed')] });
    await at(other, 'unusable');
    expect(other.actor.getSnapshot().context.message).toBe('transitionNotAllowed');
    expect(other.pages).toEqual(['home']);
  });

  it('a network failure shows the home page with a retry; the retry opens again and clears the message', async () => {
    const again = new Held<ApiOutcome<PhoneSessionOpened>>();
    const run = phone({ open: [new Error('offline'), again] });
    await at(run, 'openFailed');
    expect(run.actor.getSnapshot().context.message).toBe('internal');
    expect(run.pages).toEqual(['home']);
    run.actor.send({ type: 'user.retry' });
    expect(run.actor.getSnapshot().value).toBe('opening');
    expect(run.actor.getSnapshot().context.message).toBeNull();
    again.release(opened());
    await at(run, { flow: 'home' });
    expect(run.made('open')).toHaveLength(2);
  });
});

describe('consent (spec §2 termsAndPrivacy, agreementDetail)', () => {
  it('moves between home, terms and the agreement, each showing its page', async () => {
    const run = phone();
    await at(run, { flow: 'home' });
    run.actor.send({ type: 'user.start' });
    run.actor.send({ type: 'user.back' });
    expect(run.actor.getSnapshot().matches({ flow: 'home' })).toBe(true);
    run.actor.send({ type: 'user.start' });
    run.actor.send({ type: 'user.readAgreement' });
    run.actor.send({ type: 'user.back' });
    expect(run.actor.getSnapshot().matches({ flow: 'termsAndPrivacy' })).toBe(true);
    expect(run.pages).toEqual([
      'home',
      'termsAndPrivacy',
      'home',
      'termsAndPrivacy',
      'agreementDetail',
      'termsAndPrivacy',
    ]);
  });

  it('records consent with the phone key, keeps its time and clears an earlier refusal', async () => {
    const run = phone({ consent: [refused('transitionNotAllowed')] });
    await at(run, { flow: 'home' });
    run.actor.send({ type: 'user.start' });
    run.actor.send({ type: 'user.readAgreement' });
    run.actor.send({ type: 'user.agree' });
    await waitFor(run.actor, (s) => s.matches({ flow: 'termsAndPrivacy' }));
    expect(run.actor.getSnapshot().context).toMatchObject({
      message: 'transitionNotAllowed',
      consentAt: null,
    });
    run.actor.send({ type: 'user.agree' });
    await at(run, { flow: 'capture' });
    expect(run.actor.getSnapshot().context).toMatchObject({ message: null, consentAt: CONSENT_AT });
    expect(run.made('consent').map((c) => c.input)).toEqual([{ phoneKey: 'key-7' }, { phoneKey: 'key-7' }]);
  });

  it('a consent refused as expired or cancelled shows that result; a network failure stays on the terms', async () => {
    for (const [code, result] of [
      ['verificationExpired', 'expired'],
      ['verificationCancelled', 'cancelled'],
    ] as const) {
      const run = phone({ consent: [refused(code)] });
      await at(run, { flow: 'home' });
      run.actor.send({ type: 'user.start' });
      run.actor.send({ type: 'user.agree' });
      await at(run, result);
    }
    const offline = phone({ consent: [new Error('offline')] });
    await at(offline, { flow: 'home' });
    offline.actor.send({ type: 'user.start' });
    offline.actor.send({ type: 'user.agree' });
    await waitFor(offline.actor, (s) => s.matches({ flow: 'termsAndPrivacy' }) && s.context.message !== null);
    expect(offline.actor.getSnapshot().context.message).toBe('internal');
  });

  it('"start" with consent on record goes straight to the capture (no second consent)', async () => {
    // Back home with consent on record: a cancel the server refused.
    const run = await capturing({ cancel: [refused('transitionNotAllowed')] });
    run.actor.send({ type: 'user.cancel' });
    await waitFor(run.actor, (s) => s.matches({ flow: 'home' }));
    expect(run.actor.getSnapshot().context.message).toBe('transitionNotAllowed');
    run.actor.send({ type: 'user.start' });
    expect(run.actor.getSnapshot().matches({ flow: 'capture' })).toBe(true);
    expect(run.made('consent')).toEqual([]);
  });
});

describe('the camera (issue 16 §4: guidance, head turn, file fallback)', () => {
  it('shows the capture on the home page; the hint follows the guidance, then "look straight" as the challenge starts', async () => {
    const run = await guiding();
    expect(run.pages).toEqual(['home']);
    expect(run.actor.getSnapshot().context.hint).toBeNull();
    run.camera.send({ type: 'camera.guidance', hint: 'moreLight' });
    expect(run.actor.getSnapshot().context.hint).toBe('moreLight');
    run.camera.send({ type: 'camera.faceReady' });
    expect(run.actor.getSnapshot().matches({ flow: { capture: 'capturingFrames' } })).toBe(true);
    expect(run.actor.getSnapshot().context.hint).toBe('challengeStart');
    expect(run.camera.received).toEqual([{ type: 'camera.startChallenge' }]);
  });

  it('during the capture the camera prompts each movement in turn; the hint follows, the capture goes on', async () => {
    const run = await guiding();
    run.actor.send({ type: 'user.takePhoto' });
    run.camera.send({ type: 'camera.guidance', hint: 'challengeFirst' });
    expect(run.actor.getSnapshot().context.hint).toBe('challengeFirst');
    run.camera.send({ type: 'camera.guidance', hint: 'challengeSecond' });
    expect(run.actor.getSnapshot().context.hint).toBe('challengeSecond');
    run.camera.send({ type: 'camera.guidance', hint: 'challengeThird' });
    expect(run.actor.getSnapshot().context.hint).toBe('challengeThird');
    expect(run.actor.getSnapshot().matches({ flow: { capture: 'capturingFrames' } })).toBe(true);
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('a new capture after a failed check starts without the old hint', async () => {
    const run = await guiding({
      upload: [ok(view({ state: 'failed', outcomeReason: 'noMatch', attemptsLeft: 2 }))],
    });
    run.camera.send({ type: 'camera.guidance', hint: 'holdStill' });
    run.actor.send({ type: 'user.takePhoto' });
    run.camera.send({ type: 'camera.captured', frames: jpegFrames() });
    await at(run, { flow: 'failed' });
    run.actor.send({ type: 'user.retry' });
    expect(run.actor.getSnapshot().matches({ flow: { capture: 'startingCamera' } })).toBe(true);
    expect(run.actor.getSnapshot().context.hint).toBeNull();
    expect(run.camera.starts).toBe(2);
  });

  it('uploads camera frames of exactly the per-frame limit, with the phone key and their source', async () => {
    const run = await guiding();
    run.actor.send({ type: 'user.takePhoto' });
    const frames = [image('image/png', Limits.face.frameMaxBytes), ...jpegFrames()];
    run.camera.send({ type: 'camera.captured', frames });
    await at(run, 'verified');
    expect(run.made('upload').map((c) => c.input)).toEqual([{ phoneKey: 'key-7', source: 'camera', frames }]);
  });

  it('refuses the frames when one of them is not a jpg or png', async () => {
    const run = await guiding();
    run.actor.send({ type: 'user.takePhoto' });
    run.camera.send({ type: 'camera.captured', frames: [...jpegFrames(), image('image/webp', 1000)] });
    expect(run.actor.getSnapshot().matches({ flow: { capture: 'guiding' } })).toBe(true);
    expect(run.actor.getSnapshot().context.message).toBe('fileTypeNotAllowed');
    expect(run.made('upload')).toEqual([]);
  });

  it('a chosen photo is judged by the 10 MB limit even while the camera runs, and uploads as a file', async () => {
    const run = await guiding({ upload: [ok(view({ state: 'referred', outcomeReason: 'fileFallback' }))] });
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', Limits.upload.maxBytes + 1) });
    expect(run.actor.getSnapshot().matches({ flow: { capture: 'guiding' } })).toBe(true);
    expect(run.actor.getSnapshot().context.message).toBe('fileTooLarge');
    const photo = image('image/jpeg', 3 * MB);
    run.actor.send({ type: 'user.chooseFile', image: photo });
    // On its way: the refusal's message is gone, the photo and its source are kept for the upload.
    expect(run.actor.getSnapshot().matches({ flow: 'uploading' })).toBe(true);
    expect(run.actor.getSnapshot().context).toMatchObject({ message: null, source: 'file', frames: [photo] });
    await at(run, 'referred');
    expect(run.made('upload').map((c) => c.input)).toEqual([
      { phoneKey: 'key-7', source: 'file', frames: [photo] },
    ]);
    expect(run.actor.getSnapshot().context.outcomeReason).toBe('fileFallback');
  });

  it('a camera that is not available says so, unless a message is already shown (it says more)', async () => {
    const plain = await capturing();
    plain.camera.send({ type: 'camera.unavailable' });
    expect(plain.actor.getSnapshot().matches({ flow: { capture: 'fileOnly' } })).toBe(true);
    expect(plain.actor.getSnapshot().context.message).toBe('cameraUnavailable');

    const busy = await capturing({ upload: [{ kind: 'refused', code: 'faceEngineBusy' }] });
    busy.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(busy.actor, (s) => s.matches({ flow: 'capture' }) && busy.camera.starts === 2);
    busy.camera.send({ type: 'camera.unavailable' });
    expect(busy.actor.getSnapshot().matches({ flow: { capture: 'fileOnly' } })).toBe(true);
    expect(busy.actor.getSnapshot().context.message).toBe('faceEngineBusy');
  });
});

describe('the answer to an upload (issue 16 §3)', () => {
  it.each([
    ['verified', 'verified'],
    ['referred', 'referred'],
    ['failedFinal', 'failedFinal'],
    ['failed', { flow: 'failed' }],
  ] as const)('%s: keeps why and the attempts left, and shows the result page', async (state, where) => {
    const run = await capturing({
      upload: [ok(view({ state, outcomeReason: 'lowQuality', attemptsLeft: 1 }))],
    });
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await at(run, where);
    expect(run.actor.getSnapshot().context).toMatchObject({ outcomeReason: 'lowQuality', attemptsLeft: 1 });
    expect(run.pages.at(-1)).toBe('verificationResultPage');
  });

  it('another refusal or a network failure goes back to the capture with the message, the images dropped', async () => {
    const run = await capturing({ upload: [refused('transitionNotAllowed'), new Error('offline')] });
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(run.actor, (s) => s.matches({ flow: 'capture' }) && s.context.message !== null);
    expect(run.actor.getSnapshot().context).toMatchObject({ message: 'transitionNotAllowed', frames: [] });
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(run.actor, (s) => s.matches({ flow: 'capture' }) && s.context.message === 'internal');
    expect(run.actor.getSnapshot().context.frames).toEqual([]);
    expect(run.made('upload')).toHaveLength(2);
  });

  it('a failed check brings the retry’s new challenge from the server (issue 28 §3)', async () => {
    const run = await capturing({
      open: [opened({ consentAt: CONSENT_AT, challenge: 'left-up-right' })],
      upload: [
        ok(
          view({
            state: 'failed',
            attemptsLeft: 2,
            outcomeReason: 'challengeNotSeen',
            challenge: 'down-left-up',
          }),
        ),
      ],
    });
    expect(run.actor.getSnapshot().context.challenge).toBe('left-up-right');
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await at(run, { flow: 'failed' });
    expect(run.actor.getSnapshot().context).toMatchObject({
      challenge: 'down-left-up',
      outcomeReason: 'challengeNotSeen',
    });
    run.actor.send({ type: 'user.retry' });
    expect(run.actor.getSnapshot().context.challenge).toBe('down-left-up');
  });

  it('a retry after a failed check drops the images and captures again; cancel is offered there too', async () => {
    const run = await capturing({ upload: [ok(view({ state: 'failed', attemptsLeft: 2 }))] });
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await at(run, { flow: 'failed' });
    expect(run.actor.getSnapshot().context.frames).toHaveLength(1);
    run.actor.send({ type: 'user.retry' });
    expect(run.actor.getSnapshot().matches({ flow: 'capture' })).toBe(true);
    expect(run.actor.getSnapshot().context).toMatchObject({ frames: [], message: null });

    const cancelling = await capturing({ upload: [ok(view({ state: 'failed', attemptsLeft: 2 }))] });
    cancelling.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await at(cancelling, { flow: 'failed' });
    cancelling.actor.send({ type: 'user.cancel' });
    await at(cancelling, 'cancelled');
    expect(cancelling.made('cancel').map((c) => c.input)).toEqual([{ phoneKey: 'key-7' }]);
  });
});

describe('cancel (spec §4: cancelling on the phone voids the scan)', () => {
  it('a cancel refused as expired shows that result; another refusal or a network failure goes home with the message', async () => {
    const expired = phone({ cancel: [refused('verificationExpired')] });
    await at(expired, { flow: 'home' });
    expired.actor.send({ type: 'user.cancel' });
    await at(expired, 'expired');

    const refusedRun = phone({ cancel: [refused('transitionNotAllowed'), new Error('offline')] });
    await at(refusedRun, { flow: 'home' });
    refusedRun.actor.send({ type: 'user.start' });
    refusedRun.actor.send({ type: 'user.cancel' });
    await waitFor(refusedRun.actor, (s) => s.matches({ flow: 'home' }) && s.context.message !== null);
    expect(refusedRun.actor.getSnapshot().context.message).toBe('transitionNotAllowed');
    refusedRun.actor.send({ type: 'user.cancel' });
    await waitFor(refusedRun.actor, (s) => s.matches({ flow: 'home' }) && s.context.message === 'internal');
    expect(refusedRun.made('cancel').map((c) => c.input)).toEqual([
      { phoneKey: 'key-7' },
      { phoneKey: 'key-7' },
    ]);
  });
});

describe('declared effects', () => {
  it('each placeholder names the effect the page must provide (what a forgotten provide() says)', () => {
    const { actors, actions } = identityVerificationMachine.implementations;
    const named = (table: Record<string, unknown>) =>
      Object.fromEntries(Object.keys(table).map((key) => [key, notProvidedName(table[key])]));
    expect(named(actors)).toEqual({
      'open session': 'open session',
      'record consent': 'record consent',
      'upload capture': 'upload capture',
      'cancel verification': 'cancel verification',
      camera: 'camera',
    });
    expect(notProvidedName(actions['show page'])).toBe('show page');
  });
});
