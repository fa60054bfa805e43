// The camera actor's guidance pacing (issue 16 §4, issue 17 §3): a slow look waits as long again
// before the next, and a look slower than SLOW_LOOK_MS switches to the guide's lighter guide, so a
// weak phone (or a headless browser on the CPU backend) keeps the page free for "Start capture".
import { createActor, createMachine, sendTo } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureHint } from '../../../machines/identityVerification.machine';
import {
  attachVideo,
  cameraActor,
  createCameraScreen,
  SLOW_LOOK_MS,
} from '../../../src/web/features/identity/cameraActor';
import type { FaceGuide } from '../../../src/web/features/identity/faceGuide';

let clock = 0;

/** A guide whose every look takes `ms` on the test clock and answers `hint`. */
function guideTaking(ms: number, hint: CaptureHint, lighter?: FaceGuide) {
  const looks = { count: 0 };
  const guide: FaceGuide = {
    lighter,
    hintFor: () => {
      looks.count++;
      clock += ms;
      return Promise.resolve(hint);
    },
  };
  return { guide, looks };
}

/** Runs the camera actor under a parent that records what it sends back. */
function runCamera(guide: FaceGuide, picture = { videoWidth: 640, videoHeight: 480 }) {
  const screen = createCameraScreen();
  attachVideo(screen, { ...picture, srcObject: null } as unknown as HTMLVideoElement);
  const stream = { getTracks: () => [] } as unknown as MediaStream;
  const media = { getUserMedia: () => Promise.resolve(stream) } as unknown as MediaDevices;
  const received: string[] = [];
  const parent = createMachine({
    invoke: {
      id: 'camera',
      src: cameraActor(screen, {
        media: () => media,
        loadGuide: () => Promise.resolve(guide),
        now: () => clock,
      }),
    },
    on: {
      '*': { actions: ({ event }) => received.push(event.type) },
      start: { actions: sendTo('camera', { type: 'camera.startChallenge' }) },
    },
  });
  const actor = createActor(parent).start();
  return { received, stop: () => actor.stop(), startChallenge: () => actor.send({ type: 'start' }) };
}

describe('the camera guidance on a slow phone', () => {
  beforeEach(() => {
    clock = 0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a look slower than SLOW_LOOK_MS hands over to the lighter guide, which can start the capture', async () => {
    const light = guideTaking(1, 'holdStill');
    const heavy = guideTaking(SLOW_LOOK_MS + 1, 'noFace', light.guide);
    const camera = runCamera(heavy.guide);
    await vi.advanceTimersByTimeAsync(10 * SLOW_LOOK_MS);
    expect(heavy.looks.count).toBe(1);
    expect(light.looks.count).toBeGreaterThanOrEqual(3);
    expect(camera.received).toContain('camera.faceReady');
    camera.stop();
  });

  it('a look just within SLOW_LOOK_MS keeps the face engine', async () => {
    const light = guideTaking(1, 'holdStill');
    const heavy = guideTaking(SLOW_LOOK_MS, 'noFace', light.guide);
    const camera = runCamera(heavy.guide);
    await vi.advanceTimersByTimeAsync(10 * SLOW_LOOK_MS);
    expect(light.looks.count).toBe(0);
    expect(heavy.looks.count).toBeGreaterThanOrEqual(2);
    expect(camera.received).not.toContain('camera.faceReady');
    camera.stop();
  });

  it('after a slow look the next waits as long again (the page is free half of the time)', async () => {
    const heavy = guideTaking(1_500, 'noFace');
    const camera = runCamera(heavy.guide);
    await vi.advanceTimersByTimeAsync(0);
    expect(heavy.looks.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(heavy.looks.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(heavy.looks.count).toBe(2);
    camera.stop();
  });
});

describe('the head turn', () => {
  beforeEach(() => {
    clock = 0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // The chart's side: tests/machines/identityVerificationCamera.test.ts; the real page cannot be
  // made to lose its camera (tests/browser/modelBased/support/phonePlan.ts EXCLUDED).
  it('a head turn whose preview has no picture says the camera is unavailable', async () => {
    const camera = runCamera(guideTaking(1, 'noFace').guide, { videoWidth: 0, videoHeight: 0 });
    await vi.advanceTimersByTimeAsync(0);
    camera.startChallenge();
    // It waits a moment for a first picture, then gives up on the camera instead of sending nothing.
    await vi.advanceTimersByTimeAsync(10 * SLOW_LOOK_MS);
    expect(camera.received).toContain('camera.unavailable');
    expect(camera.received).not.toContain('camera.captured');
    camera.stop();
  });
});
