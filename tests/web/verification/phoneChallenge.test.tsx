// The phone's capture view with the server's challenge (issue 28 §3): while the camera guides, the
// asked movements (three) are shown with their arrows; during the capture the status line says each step as the
// camera prompts it, loud enough for a screen reader to say it at once (aria-live assertive), in
// both languages. The chart runs with fakes for the server and the camera; the view is the app's.
import '../support/jsdomBrowser';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../../machines/accountOutcome';
import {
  identityVerificationMachine,
  type IdentityVerificationEvent,
  type PhoneSessionOpened,
  type PhoneSessionView,
} from '../../../machines/identityVerification.machine';
import type { FaceChallenge } from '../../../src/contract/api/verification';
import { Limits } from '../../../src/contract/limits';
import { createCameraScreen } from '../../../src/web/features/identity/cameraActor';
import { PhoneVerificationView } from '../../../src/web/features/identity/PhoneVerificationScreen';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { renderWithProviders } from './renderWithProviders';

beforeEach(() => chooseLocale('en-us'));
afterEach(() => cleanup());

/** At the capture view with `challenge` asked; `camera` speaks for the camera actor. */
async function atCapture(challenge: FaceChallenge | null) {
  const view: PhoneSessionView = {
    state: 'scanned',
    companyName: 'Harbour Trading Ltd',
    subjectName: 'Mei Chen',
    consentAt: '2026-03-01T08:00:05.000Z',
    validForMs: Limits.qr.validAfterScanMs,
    outcomeReason: null,
    attemptsLeft: Limits.face.attemptsPerScan,
    challenge,
  };
  const camera = { sendBack: (_: IdentityVerificationEvent) => undefined as void };
  const machine = identityVerificationMachine.provide({
    actors: {
      'open session': fromPromise(async (): Promise<ApiOutcome<PhoneSessionOpened>> => ({
        kind: 'ok',
        data: { ...view, phoneKey: 'k' },
      })),
      camera: fromCallback<IdentityVerificationEvent, void>(({ sendBack }) => {
        camera.sendBack = sendBack;
      }),
    },
    actions: { 'show page': () => undefined },
  });
  const actor = createActor(machine, { input: { hasToken: true } }).start();
  await waitFor(actor, (s) => s.matches({ flow: { capture: 'startingCamera' } }));
  renderWithProviders(<PhoneVerificationView actor={actor} screen={createCameraScreen()} />);
  const say = (event: IdentityVerificationEvent) => act(() => camera.sendBack(event));
  return { actor, say };
}

const statusLine = () => document.querySelector('[data-hint]')!;

describe('the challenge on the phone', () => {
  it('shows the asked movements while guiding, then each move as the camera prompts it', async () => {
    const { say } = await atCapture('right-up-left');
    say({ type: 'camera.ready' });
    const words = 'Move your head in three steps: turn to your right, then look up, then turn to your left';
    const instruction = await screen.findByText(words);
    expect(instruction.closest('[data-challenge]')!.textContent).toBe(`→ ↑ ←${words}`);
    expect(instruction.closest('[data-challenge]')!.getAttribute('data-challenge')).toBe('right-up-left');
    say({ type: 'camera.guidance', hint: 'holdStill' });
    expect(statusLine().getAttribute('aria-live')).toBe('polite');

    say({ type: 'camera.faceReady' });
    expect(statusLine().textContent).toBe('Look straight at the camera');
    // Each step is said at once while the frames are being taken.
    expect(statusLine().getAttribute('aria-live')).toBe('assertive');
    expect(statusLine().getAttribute('role')).toBe('status');
    say({ type: 'camera.guidance', hint: 'challengeFirst' });
    expect(statusLine().textContent).toBe('→Turn your head to your right');
    say({ type: 'camera.guidance', hint: 'challengeSecond' });
    expect(statusLine().textContent).toBe('↑Now look up');
    say({ type: 'camera.guidance', hint: 'challengeThird' });
    expect(statusLine().textContent).toBe('←Now turn to your left');
    // The arrow is decoration: a screen reader hears the words only.
    expect(statusLine().querySelector('[aria-hidden="true"]')!.textContent).toBe('←');
  });

  it.each<[FaceChallenge, string, string, string, string]>([
    [
      'left-right-down',
      'Move your head in three steps: turn to your left, then turn to your right, then look down',
      '←Turn your head to your left',
      '→Now turn to your right',
      '↓Now look down',
    ],
    [
      'down-left-up',
      'Move your head in three steps: look down, then turn to your left, then look up',
      '↓Look down',
      '←Now turn to your left',
      '↑Now look up',
    ],
    [
      'up-down-right',
      'Move your head in three steps: look up, then look down, then turn to your right',
      '↑Look up',
      '↓Now look down',
      '→Now turn to your right',
    ],
  ])('%s: its words and arrows', async (challenge, instruction, first, second, third) => {
    const { say } = await atCapture(challenge);
    say({ type: 'camera.ready' });
    expect(await screen.findByText(instruction)).toBeTruthy();
    say({ type: 'camera.faceReady' });
    say({ type: 'camera.guidance', hint: 'challengeFirst' });
    expect(statusLine().textContent).toBe(first);
    say({ type: 'camera.guidance', hint: 'challengeSecond' });
    expect(statusLine().textContent).toBe(second);
    say({ type: 'camera.guidance', hint: 'challengeThird' });
    expect(statusLine().textContent).toBe(third);
  });

  it('in Chinese', async () => {
    chooseLocale('zh-cn');
    const { say } = await atCapture('down-right-up');
    say({ type: 'camera.ready' });
    expect(await screen.findByText('请分三步移动头部：先向下看，再转向您的右边，最后向上看')).toBeTruthy();
    say({ type: 'camera.faceReady' });
    say({ type: 'camera.guidance', hint: 'challengeFirst' });
    expect(statusLine().textContent).toBe('↓请向下看');
    say({ type: 'camera.guidance', hint: 'challengeSecond' });
    expect(statusLine().textContent).toBe('→现在转向您的右边');
    say({ type: 'camera.guidance', hint: 'challengeThird' });
    expect(statusLine().textContent).toBe('↑现在向上看');
  });

  it('a session row from before session 13 (two moves) shows its two, and holds the second at the third prompt', async () => {
    const { say } = await atCapture('left-right');
    say({ type: 'camera.ready' });
    expect(
      await screen.findByText('Move your head in two steps: turn to your left, then turn to your right'),
    ).toBeTruthy();
    say({ type: 'camera.faceReady' });
    say({ type: 'camera.guidance', hint: 'challengeSecond' });
    expect(statusLine().textContent).toBe('→Now turn to your right');
    say({ type: 'camera.guidance', hint: 'challengeThird' });
    expect(statusLine().textContent).toBe('→Now turn to your right');
  });

  it('a session without a challenge asks for the old head turn', async () => {
    const { say } = await atCapture(null);
    say({ type: 'camera.ready' });
    expect(await screen.findByText('Turn your head slowly to the left and right')).toBeTruthy();
  });
});
