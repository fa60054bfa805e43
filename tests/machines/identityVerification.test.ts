// The phone's identity verification chart (spec §2, §4, §9; issue 6 §3): every path from the scan to
// a result: consent before capture, the camera (guided, head-turn frames) or the file input (issue
// 16 §4), jpg/png ≤ 10 MB checked before the upload, verified / referred / failed with a retry while
// attempts are left / failed for good (issue 16 §3), a busy engine, expiry, cancel, unusable links.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import {
  identityVerificationMachine,
  type CapturedImage,
  type IdentityVerificationEvent,
  type PhonePage,
  type PhoneSessionOpened,
  type PhoneSessionView,
} from '../../machines/identityVerification.machine';
import { Limits, MB } from '../../src/contract/limits';

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
const image = (type: string, size: number): CapturedImage => ({
  blob: new Blob([new Uint8Array(4)], { type }),
  type,
  size,
});

interface Script {
  open?: ApiOutcome<PhoneSessionOpened> | Error;
  consent?: ApiOutcome<PhoneSessionView>;
  uploads?: Array<ApiOutcome<PhoneSessionView>>;
  cancel?: ApiOutcome<PhoneSessionView>;
  camera?: 'ready' | 'unavailable';
  /** The camera's guidance finds the face ready by itself (no button press). */
  faceReady?: boolean;
  /** What the camera sends on the challenge (three JPEG frames unless told). */
  captured?: CapturedImage[];
}

interface Upload {
  source: 'camera' | 'file';
  frames: CapturedImage[];
}

function start(script: Script = {}, token: string | null = 'token-1') {
  const clock = new SimulatedClock();
  const pages: PhonePage[] = [];
  const uploads: Upload[] = [];
  const calls: string[] = [];
  const machine = identityVerificationMachine.provide({
    actors: {
      // As the web provides it: the token from the link, never from the chart (no token in a context).
      'open session': fromPromise(async () => {
        calls.push(`open ${token}`);
        if (script.open instanceof Error) throw script.open;
        return script.open ?? ok({ ...view(), phoneKey: 'key-1' });
      }),
      'record consent': fromPromise(async ({ input }: { input: { phoneKey: string } }) => {
        calls.push(`consent ${input.phoneKey}`);
        return script.consent ?? ok(view({ consentAt: '2026-01-01T00:00:00.000Z' }));
      }),
      'upload capture': fromPromise(async ({ input }: { input: { phoneKey: string } & Upload }) => {
        uploads.push({ source: input.source, frames: input.frames });
        return (
          script.uploads?.shift() ?? ok(view({ state: input.source === 'file' ? 'referred' : 'verified' }))
        );
      }),
      'cancel verification': fromPromise(async () => {
        calls.push('cancel');
        return script.cancel ?? ok(view({ state: 'cancelled' }));
      }),
      camera: fromCallback<IdentityVerificationEvent, void>(({ sendBack, receive }) => {
        sendBack({ type: script.camera === 'ready' ? 'camera.ready' : 'camera.unavailable' });
        if (script.camera === 'ready') sendBack({ type: 'camera.guidance', hint: 'moveCloser' });
        if (script.camera === 'ready' && script.faceReady) sendBack({ type: 'camera.faceReady' });
        receive(() =>
          sendBack({
            type: 'camera.captured',
            frames: script.captured ?? [1, 2, 3].map(() => image('image/jpeg', 300_000)),
          }),
        );
      }),
    },
    actions: { 'show page': (_, params: { page: PhonePage }) => pages.push(params.page) },
  });
  const actor = createActor(machine, { clock, input: { hasToken: token !== null } }).start();
  return { actor, clock, pages, uploads, calls };
}

type Run = ReturnType<typeof start>;

async function toCapture(run: Run) {
  await waitFor(run.actor, (s) => s.matches({ flow: 'home' }));
  run.actor.send({ type: 'user.start' });
  run.actor.send({ type: 'user.agree' });
  await waitFor(run.actor, (s) => s.matches({ flow: 'capture' }));
}

describe('the happy path', () => {
  it('home → terms → agreement → consent → file capture → referred, moving the pages along', async () => {
    const run = start();
    await waitFor(run.actor, (s) => s.matches({ flow: 'home' }));
    expect(run.actor.getSnapshot().context).toMatchObject({
      subjectName: 'Mei Chen',
      companyName: 'Harbour Trading Ltd',
    });
    run.actor.send({ type: 'user.start' });
    run.actor.send({ type: 'user.readAgreement' });
    expect(run.actor.getSnapshot().matches({ flow: 'agreementDetail' })).toBe(true);
    run.actor.send({ type: 'user.back' });
    // Capture is not reachable before consent.
    expect(run.actor.getSnapshot().can({ type: 'user.chooseFile', image: image('image/jpeg', 1000) })).toBe(
      false,
    );
    run.actor.send({ type: 'user.readAgreement' });
    run.actor.send({ type: 'user.agree' });
    await waitFor(run.actor, (s) => s.matches({ flow: { capture: 'fileOnly' } }));
    expect(run.calls).toEqual(['open token-1', 'consent key-1']);
    expect(run.actor.getSnapshot().context.consentAt).toBe('2026-01-01T00:00:00.000Z');
    run.actor.send({ type: 'user.chooseFile', image: image('image/png', 2 * MB) });
    await waitFor(run.actor, (s) => s.matches('referred'));
    expect(run.uploads).toHaveLength(1);
    expect(run.uploads[0]).toMatchObject({ source: 'file', frames: [{ type: 'image/png' }] });
    expect(run.pages).toEqual([
      'home',
      'termsAndPrivacy',
      'agreementDetail',
      'termsAndPrivacy',
      'agreementDetail',
      'home',
      'verificationResultPage',
    ]);
  });

  it('guides, then on "Start capture" sends the head-turn frames from the camera', async () => {
    const run = start({ camera: 'ready' });
    await toCapture(run);
    await waitFor(run.actor, (s) => s.matches({ flow: { capture: 'guiding' } }));
    expect(run.actor.getSnapshot().context.hint).toBe('moveCloser');
    run.actor.send({ type: 'user.takePhoto' });
    await waitFor(run.actor, (s) => s.matches('verified'));
    expect(run.uploads[0]?.source).toBe('camera');
    expect(run.uploads[0]?.frames.map((f) => f.type)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg']);
  });

  it('starts the head turn by itself once the guidance finds the face ready', async () => {
    const run = start({ camera: 'ready', faceReady: true });
    await toCapture(run);
    await waitFor(run.actor, (s) => s.matches('verified'));
    expect(run.uploads[0]?.source).toBe('camera');
  });

  it('refuses a camera frame above the per-frame size without uploading', async () => {
    const run = start({
      camera: 'ready',
      captured: [1, 2, 3].map((n) => image('image/jpeg', Limits.face.frameMaxBytes + n - 2)),
    });
    await toCapture(run);
    await waitFor(run.actor, (s) => s.matches({ flow: { capture: 'guiding' } }));
    run.actor.send({ type: 'user.takePhoto' });
    expect(run.uploads).toHaveLength(0);
    expect(run.actor.getSnapshot().context.message).toBe('fileTooLarge');
    expect(run.actor.getSnapshot().matches({ flow: { capture: 'guiding' } })).toBe(true);
  });
});

describe('the image check before the upload (jpg/png ≤ 10 MB)', () => {
  it('refuses another type and a file over 10 MB without uploading; exactly 10 MB goes', async () => {
    const run = start();
    await toCapture(run);
    run.actor.send({ type: 'user.chooseFile', image: image('application/pdf', 1000) });
    expect(run.actor.getSnapshot().context.message).toBe('fileTypeNotAllowed');
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', Limits.upload.maxBytes + 1) });
    expect(run.actor.getSnapshot().context.message).toBe('fileTooLarge');
    expect(run.uploads).toHaveLength(0);
    expect(run.actor.getSnapshot().matches({ flow: 'capture' })).toBe(true);
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', Limits.upload.maxBytes) });
    await waitFor(run.actor, (s) => s.matches('referred'));
  });
});

describe('results', () => {
  it('failed says why and offers a retry within the same 10 minutes; the retry can succeed', async () => {
    const run = start({
      camera: 'ready',
      uploads: [ok(view({ state: 'failed', outcomeReason: 'noMatch', attemptsLeft: 2 }))],
    });
    await toCapture(run);
    await waitFor(run.actor, (s) => s.matches({ flow: { capture: 'guiding' } }));
    run.actor.send({ type: 'user.takePhoto' });
    await waitFor(run.actor, (s) => s.matches({ flow: 'failed' }));
    expect(run.actor.getSnapshot().context).toMatchObject({ outcomeReason: 'noMatch', attemptsLeft: 2 });
    expect(run.pages.at(-1)).toBe('verificationResultPage');
    run.actor.send({ type: 'user.retry' });
    await waitFor(run.actor, (s) => s.matches({ flow: { capture: 'guiding' } }));
    run.actor.send({ type: 'user.takePhoto' });
    await waitFor(run.actor, (s) => s.matches('verified'));
  });

  it('the last failed attempt ends the scan: no retry, a new code on the computer', async () => {
    const run = start({
      uploads: [ok(view({ state: 'failedFinal', outcomeReason: 'noLiveness', attemptsLeft: 0 }))],
    });
    await toCapture(run);
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(run.actor, (s) => s.matches('failedFinal'));
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().context.outcomeReason).toBe('noLiveness');
    expect(run.pages.at(-1)).toBe('verificationResultPage');
  });

  it('a busy engine keeps the person on the capture with "try again in a moment"', async () => {
    const run = start({ uploads: [{ kind: 'refused', code: 'faceEngineBusy' }] });
    await toCapture(run);
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(
      run.actor,
      (s) => s.matches({ flow: { capture: 'fileOnly' } }) && s.context.message !== null,
    );
    expect(run.actor.getSnapshot().context.message).toBe('faceEngineBusy');
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(run.actor, (s) => s.matches('referred'));
  });

  it('expires exactly 10 minutes after the scan, wherever the person is', async () => {
    const run = start({ open: ok({ ...view({ validForMs: 7 * 60_000 }), phoneKey: 'key-1' }) });
    await waitFor(run.actor, (s) => s.matches({ flow: 'home' }));
    run.actor.send({ type: 'user.start' });
    run.clock.increment(7 * 60_000 - 1);
    expect(run.actor.getSnapshot().matches({ flow: 'termsAndPrivacy' })).toBe(true);
    run.clock.increment(1);
    expect(run.actor.getSnapshot().value).toBe('expired');
  });

  it('a refused upload for an expired or cancelled session shows that result', async () => {
    const expired = start({ uploads: [{ kind: 'refused', code: 'verificationExpired' }] });
    await toCapture(expired);
    expired.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(expired.actor, (s) => s.matches('expired'));
    const cancelled = start({ uploads: [{ kind: 'refused', code: 'verificationCancelled' }] });
    await toCapture(cancelled);
    cancelled.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(cancelled.actor, (s) => s.matches('cancelled'));
  });
});

describe('cancel before the result', () => {
  it.each([['home'], ['termsAndPrivacy'], ['agreementDetail'], ['capture']] as const)(
    'from %s voids the scan on the server',
    async (where) => {
      const run = start();
      await waitFor(run.actor, (s) => s.matches({ flow: 'home' }));
      if (where !== 'home') run.actor.send({ type: 'user.start' });
      if (where === 'agreementDetail') run.actor.send({ type: 'user.readAgreement' });
      if (where === 'capture') {
        run.actor.send({ type: 'user.agree' });
        await waitFor(run.actor, (s) => s.matches({ flow: 'capture' }));
      }
      expect(run.actor.getSnapshot().can({ type: 'user.cancel' })).toBe(true);
      run.actor.send({ type: 'user.cancel' });
      await waitFor(run.actor, (s) => s.matches('cancelled'));
      expect(run.calls.at(-1)).toBe('cancel');
    },
  );

  it('is not offered once the result is known', async () => {
    const run = start();
    await toCapture(run);
    run.actor.send({ type: 'user.chooseFile', image: image('image/jpeg', 1000) });
    await waitFor(run.actor, (s) => s.matches('referred'));
    expect(run.actor.getSnapshot().can({ type: 'user.cancel' })).toBe(false);
  });
});

describe('opening the link', () => {
  it('a link without a token is unusable', () => {
    const run = start({}, null);
    expect(run.actor.getSnapshot().value).toBe('unusable');
    expect(run.actor.getSnapshot().context.message).toBe('linkInvalid');
    expect(run.calls).toEqual([]);
  });

  it('a used token is unusable; an expired or cancelled session shows its result', async () => {
    const used = start({ open: { kind: 'refused', code: 'verificationTokenUsed' } });
    await waitFor(used.actor, (s) => s.matches('unusable'));
    expect(used.actor.getSnapshot().context.message).toBe('verificationTokenUsed');
    const expired = start({ open: { kind: 'refused', code: 'verificationExpired' } });
    await waitFor(expired.actor, (s) => s.matches('expired'));
  });

  it('a reopened link with consent on record resumes at the capture', async () => {
    const run = start({
      open: ok({ ...view({ consentAt: '2026-01-01T00:00:00.000Z' }), phoneKey: 'key-1' }),
    });
    await waitFor(run.actor, (s) => s.matches({ flow: 'capture' }));
  });

  it.each([['referred'], ['failedFinal'], ['verified']] as const)(
    'a reopened link of a session already %s shows that result',
    async (state) => {
      const run = start({
        open: ok({ ...view({ state, consentAt: '2026-01-01T00:00:00.000Z' }), phoneKey: 'k' }),
      });
      await waitFor(run.actor, (s) => s.matches(state));
    },
  );

  it('a network failure offers a retry', async () => {
    const run = start({ open: new Error('offline') });
    await waitFor(run.actor, (s) => s.matches('openFailed'));
    expect(run.actor.getSnapshot().context.message).toBe('internal');
  });

  it('refuses to run without the open-session call', async () => {
    const actor = createActor(
      identityVerificationMachine.provide({ actions: { 'show page': () => undefined } }),
      {
        input: { hasToken: true },
      },
    );
    actor.start();
    await waitFor(actor, (s) => s.matches('openFailed'));
  });

  it('refuses to run without the page navigation', async () => {
    const errors: unknown[] = [];
    const actor = createActor(identityVerificationMachine, { input: { hasToken: false } });
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(String(errors[0])).toContain("'show page' is not provided");
  });
});
