// The phone chart's camera steps that the real page cannot be made to take (issue 19 §1: excluded
// from tests/browser/modelBased/identityVerification.test.ts with these tests instead): frames the
// camera actor would never send (another type, too large) and a camera that stops giving pictures
// during the head turn.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import {
  identityVerificationMachine,
  type CapturedImage,
  type IdentityVerificationEvent,
  type PhoneSessionOpened,
  type PhoneSessionView,
} from '../../machines/identityVerification.machine';
import { Limits } from '../../src/contract/limits';

const opened: ApiOutcome<PhoneSessionOpened> = {
  kind: 'ok',
  data: {
    state: 'scanned',
    companyName: 'Harbour Trading Ltd',
    subjectName: 'Mei Chen',
    consentAt: '2026-01-01T00:00:00.000Z',
    validForMs: Limits.qr.validAfterScanMs,
    outcomeReason: null,
    attemptsLeft: Limits.face.attemptsPerScan,
    challenge: 'down-left-up',
    phoneKey: 'key-1',
  },
};

/** At the guidance with consent on record; `onChallenge` is what the camera sends for the head turn. */
async function guiding(onChallenge: IdentityVerificationEvent) {
  const uploads: unknown[] = [];
  const machine = identityVerificationMachine.provide({
    actors: {
      'open session': fromPromise(async () => opened),
      'record consent': fromPromise(async (): Promise<ApiOutcome<PhoneSessionView>> => opened),
      'upload capture': fromPromise(async (): Promise<ApiOutcome<PhoneSessionView>> => {
        uploads.push('upload');
        return opened;
      }),
      'cancel verification': fromPromise(async (): Promise<ApiOutcome<PhoneSessionView>> => opened),
      camera: fromCallback<IdentityVerificationEvent, void>(({ sendBack, receive }) => {
        sendBack({ type: 'camera.ready' });
        receive(() => sendBack(onChallenge));
      }),
    },
    actions: { 'show page': () => undefined },
  });
  // The link's input (a token, or whether there is one: both shapes start the open).
  const actor = createActor(machine, { input: { token: 'token-1', hasToken: true } as never }).start();
  await waitFor(actor, (s) => s.matches({ flow: { capture: 'guiding' } }));
  return { actor, uploads };
}

const frames = (type: string, size: number): CapturedImage[] =>
  [1, 2, 3].map(() => ({ blob: new Blob([new Uint8Array(4)], { type }), type, size }));

describe('camera steps no real camera gives', () => {
  it('refuses camera frames of another type without uploading, back to the guidance', async () => {
    const { actor, uploads } = await guiding({ type: 'camera.captured', frames: frames('image/webp', 1000) });
    actor.send({ type: 'user.takePhoto' });
    expect(actor.getSnapshot().matches({ flow: { capture: 'guiding' } })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('fileTypeNotAllowed');
    expect(uploads).toEqual([]);
  });

  it('a camera that stops during the head turn leaves the file input, saying the camera is not available', async () => {
    const { actor, uploads } = await guiding({ type: 'camera.unavailable' });
    actor.send({ type: 'user.takePhoto' });
    expect(actor.getSnapshot().matches({ flow: { capture: 'fileOnly' } })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('cameraUnavailable');
    expect(uploads).toEqual([]);
  });
});
