// The camera actor's guidance pacing (issue 16 §4, issue 17 §3): a slow look waits as long again
// before the next, and a look slower than SLOW_LOOK_MS switches to the guide's lighter guide, so a
// weak phone (or a headless browser on the CPU backend) keeps the page free for "Start capture".
import { createActor, createMachine, sendTo } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureHint } from '../../../machines/identityVerification.machine';
import {
  attachVideo,
  cameraActor,
  CHALLENGE_FRAMES,
  CHALLENGE_TIMELINE,
  createCameraScreen,
  SLOW_LOOK_MS,
} from '../../../src/web/features/identity/cameraActor';
import { Limits } from '../../../src/contract/limits';
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

describe('the challenge timeline (issue 28 §3)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom draws nothing: a 2D context that does nothing and a canvas that encodes a small JPEG.
    // `never`: getContext's overloads differ with the WebGPU types some packages bring along.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: () => undefined,
    } as unknown as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback) {
      callback(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  /** The camera under a parent that notes every prompt and the frames, with the fake time they came at. */
  function runTimeline() {
    const held = { ms: 0 };
    const screen = createCameraScreen();
    const video = { videoWidth: 640, videoHeight: 480, readyState: 4, srcObject: null };
    attachVideo(screen, video as unknown as HTMLVideoElement);
    const stream = { getTracks: () => [] } as unknown as MediaStream;
    const media = { getUserMedia: () => Promise.resolve(stream) } as unknown as MediaDevices;
    const log: Array<{ at: number; what: string }> = [];
    const frames: number[] = [];
    const start = Date.now();
    // The page's clock: fake time, plus any time the page was held that no timer saw (`hold`).
    const clockNow = () => Date.now() - start + held.ms;
    const slowGuide: FaceGuide = { hintFor: () => new Promise<CaptureHint>(() => undefined) };
    // Frames are grabbed through the canvas: note when.
    vi.mocked(HTMLCanvasElement.prototype.toBlob).mockImplementation(function (callback) {
      frames.push(clockNow());
      callback(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    });
    const parent = createMachine({
      invoke: {
        id: 'camera',
        src: cameraActor(screen, {
          media: () => media,
          loadGuide: () => Promise.resolve(slowGuide),
          now: clockNow,
        }),
      },
      on: {
        '*': {
          actions: ({ event }) => {
            const hint = (event as { hint?: string }).hint;
            log.push({ at: clockNow(), what: hint ? `${event.type} ${hint}` : event.type });
          },
        },
        start: { actions: sendTo('camera', { type: 'camera.startChallenge' }) },
      },
    });
    const actor = createActor(parent).start();
    return {
      log,
      frames,
      hold: (ms: number) => (held.ms += ms),
      stop: () => actor.stop(),
      startChallenge: () => actor.send({ type: 'start' }),
    };
  }

  it('a straight frame at once, then each of the three moves: its prompt, its frames; then the capture', async () => {
    const camera = runTimeline();
    await vi.advanceTimersByTimeAsync(0);
    camera.startChallenge();
    await vi.advanceTimersByTimeAsync(10_000);
    const [first, second, third] = CHALLENGE_TIMELINE.moves;
    expect(camera.frames).toEqual([0, ...first!.framesAtMs, ...second!.framesAtMs, ...third!.framesAtMs]);
    expect(camera.log.filter((e) => e.what !== 'start' && e.what !== 'camera.ready')).toEqual([
      { at: first!.promptAtMs, what: 'camera.guidance challengeFirst' },
      { at: second!.promptAtMs, what: 'camera.guidance challengeSecond' },
      { at: third!.promptAtMs, what: 'camera.guidance challengeThird' },
      { at: third!.framesAtMs.at(-1), what: 'camera.captured' },
    ]);
    camera.stop();
  });

  it('fits the server: 7 frames (within the limits), each move prompted before its frames, with time to move', () => {
    const { moves } = CHALLENGE_TIMELINE;
    expect(moves).toHaveLength(3);
    expect(CHALLENGE_FRAMES).toBe(1 + moves.flatMap((m) => m.framesAtMs).length);
    expect(CHALLENGE_FRAMES).toBe(7);
    expect(CHALLENGE_FRAMES).toBeLessThanOrEqual(Limits.face.maxFrames);
    expect(CHALLENGE_FRAMES).toBeGreaterThanOrEqual(Limits.face.minFrames);
    for (const [i, move] of moves.entries()) {
      // About a second to read or hear a prompt and turn, before the first frame of that move.
      expect(Math.min(...move.framesAtMs) - move.promptAtMs).toBeGreaterThanOrEqual(1000);
      // Two frames per move, the next prompt only after them.
      expect(move.framesAtMs).toHaveLength(2);
      if (i > 0) expect(move.promptAtMs).toBeGreaterThan(Math.max(...moves[i - 1]!.framesAtMs));
    }
  });

  it('a late timer (a busy phone) does not push the later frames back: times count from the first frame', async () => {
    const camera = runTimeline();
    await vi.advanceTimersByTimeAsync(0);
    camera.startChallenge();
    // The page is held for 1.3 s while it waits for the first movement's first frame: that frame
    // comes late, the next at once, and the second movement's frames at their own times.
    await vi.advanceTimersByTimeAsync(0);
    expect(camera.frames).toEqual([0]);
    camera.hold(1300);
    await vi.advanceTimersByTimeAsync(10_000);
    const [first, second, third] = CHALLENGE_TIMELINE.moves;
    expect(camera.frames[1]).toBe(first!.framesAtMs[0]! + 1300);
    expect(camera.frames[2]! - camera.frames[1]!).toBeLessThan(10);
    expect(camera.frames.slice(3)).toEqual([...second!.framesAtMs, ...third!.framesAtMs]);
    camera.stop();
  });
});
