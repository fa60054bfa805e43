// The front camera for the face capture, as the 'camera' actor of machines/identityVerification
// (issue 16 §4): getUserMedia while the capture view is open; while the preview runs, the guidance
// (faceGuide.ts, loaded on demand) says what to do and reports camera.faceReady once the face has
// been well placed and lit for a moment; on camera.startChallenge it takes a few JPEG frames from a
// canvas while the person does the server's head movements (CHALLENGE_TIMELINE: a straight frame,
// then each of the three moves prompted with camera.guidance and given time before its frames),
// and sends them as camera.captured. The camera stops when the view closes. Without a camera (or permission) it says camera.unavailable and the page
// offers the file input alone.
import { fromCallback } from 'xstate';
import type {
  CapturedImage,
  CaptureHint,
  IdentityVerificationEvent,
} from '../../../../machines/identityVerification.machine';
import { Time } from '../../../contract/limits';
import type { FaceGuide } from './faceGuide';

/** Where the view shows the camera: the page registers its <video> element here. */
export interface CameraScreen {
  video: HTMLVideoElement | null;
  listeners: Set<() => void>;
}

export function createCameraScreen(): CameraScreen {
  return { video: null, listeners: new Set() };
}

export function attachVideo(screen: CameraScreen, video: HTMLVideoElement | null): void {
  screen.video = video;
  screen.listeners.forEach((notify) => notify());
}

const JPEG_QUALITY = 0.85;
/** Frames are scaled down to this width at most: enough for the engine, far below the size limit. */
const MAX_FRAME_WIDTH = 960;
/** How often the guidance looks at the preview, at most: a slow look waits as long again after it,
 *  so that the page stays free for the person's taps at least half of the time. */
const GUIDE_EVERY_MS = 400;
/** A look slower than this holds the page too long (a weak phone, or a headless test browser on the
 *  CPU backend, where one look took over a minute on a loaded machine and "Start capture" could not
 *  be pressed): the guidance goes on with its lighter guide; the server still checks the face. */
export const SLOW_LOOK_MS = 2 * Time.SECOND;
/** Looks in a row with the face ready before the head-turn starts by itself. */
const READY_LOOKS = 3;
/** The prompts of a challenge's moves, in order (the page's words for each: challengeWords.ts). */
const MOVE_HINTS = ['challengeFirst', 'challengeSecond', 'challengeThird'] as const satisfies CaptureHint[];

/**
 * The head movements' timeline (issue 28 §3), in ms from the first frame, which is taken at once
 * while the person looks straight. Each move is prompted (the page's words and arrow change, a
 * screen reader hears them) every 1.6 s and given ~1.1 s — reading or hearing the prompt, then
 * turning — before its two frames, which follow while the person holds the position; the next
 * prompt comes just after them. Three moves: 7 frames over 4.7 s (Limits.face.maxFrames is 7);
 * reasons and numbers: docs/decisions/face-challenge.md.
 */
export function challengeTimeline(moves: number) {
  const phases = Array.from({ length: moves }, (_, i) => ({
    promptAtMs: i * 1600,
    framesAtMs: [i * 1600 + 1100, i * 1600 + 1500],
  }));
  return {
    moves: phases,
    /** When the last frame is taken. */
    lastFrameMs: phases[phases.length - 1]?.framesAtMs[1] ?? 0,
    /** The capture's frames: the straight one and two per move. */
    frames: 1 + 2 * moves,
  };
}

/** The phone's timeline: three moves (a two-move challenge of an older session row is shown its
 *  second move again at the third prompt; the server checks only the moves it asked). */
export const CHALLENGE_TIMELINE = challengeTimeline(MOVE_HINTS.length);

/** The capture's frames: the straight one and those of every move. */
export const CHALLENGE_FRAMES = CHALLENGE_TIMELINE.frames;

type TimelineStep = { atMs: number; hint: CaptureHint } | { atMs: number; frame: true };

/** The timeline as one ordered list of prompts and frames after the first frame. */
function timelineSteps(): TimelineStep[] {
  const steps: TimelineStep[] = [];
  for (const [i, phase] of CHALLENGE_TIMELINE.moves.entries()) {
    steps.push({ atMs: phase.promptAtMs, hint: MOVE_HINTS[i]! });
    for (const atMs of phase.framesAtMs) steps.push({ atMs, frame: true });
  }
  return steps;
}

function grabFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const scale = Math.min(1, MAX_FRAME_WIDTH / (video.videoWidth || 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to draw. */
const HAVE_CURRENT_DATA = 2;
/** How long the head turn waits for the preview's first picture before it takes frames anyway. */
const FIRST_PICTURE_WITHIN_MS = 5 * Time.SECOND;

/** Until the preview shows a picture (bounded): a frame taken before is black, and the server would
 *  answer "too dark" to a person who pressed "Start capture" as soon as it was offered (CI did). */
async function firstPicture(screen: CameraScreen): Promise<void> {
  for (let waited = 0; waited < FIRST_PICTURE_WITHIN_MS; waited += 100) {
    const video = screen.video;
    if (video && video.videoWidth > 0 && video.readyState >= HAVE_CURRENT_DATA) return;
    await wait(100);
  }
}

export interface CameraDeps {
  media?: () => MediaDevices | undefined;
  /** The face guidance; the lazily loaded Human guide by default, light only if it cannot load. */
  loadGuide?: () => Promise<FaceGuide>;
  /** Milliseconds on a monotonic clock (performance.now by default). */
  now?: () => number;
}

async function defaultGuide(): Promise<FaceGuide> {
  const { createFaceGuide, lightOnlyGuide } = await import('./faceGuide');
  try {
    return await createFaceGuide();
  } catch {
    return lightOnlyGuide;
  }
}

export function cameraActor(screen: CameraScreen, deps: CameraDeps = {}) {
  const media = deps.media ?? (() => navigator.mediaDevices);
  const loadGuide = deps.loadGuide ?? defaultGuide;
  const now = deps.now ?? (() => performance.now());
  return fromCallback<IdentityVerificationEvent, void>(({ sendBack, receive }) => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let challenging = false;
    const show = () => {
      if (screen.video && stream && screen.video.srcObject !== stream) {
        screen.video.srcObject = stream;
        void screen.video.play?.()?.catch(() => undefined);
      }
    };
    screen.listeners.add(show);

    let loaded: Promise<FaceGuide> | null = null;
    const guide = async () => {
      let ready = 0;
      let last: CaptureHint | null = null;
      loaded ??= loadGuide();
      let faceGuide = await loaded;
      while (!stopped && !challenging) {
        const video = screen.video;
        let took = 0;
        if (video && video.videoWidth > 0) {
          const started = now();
          const hint = await faceGuide.hintFor(video).catch((): CaptureHint => 'noFace');
          took = now() - started;
          if (stopped || challenging) return;
          if (hint !== last) sendBack({ type: 'camera.guidance', hint });
          last = hint;
          ready = hint === 'holdStill' ? ready + 1 : 0;
          if (ready === READY_LOOKS) sendBack({ type: 'camera.faceReady' });
          if (took > SLOW_LOOK_MS && faceGuide.lighter) {
            faceGuide = faceGuide.lighter;
            loaded = Promise.resolve(faceGuide);
          }
        }
        await wait(Math.max(GUIDE_EVERY_MS, took));
      }
    };

    const challenge = async () => {
      challenging = true;
      await firstPicture(screen);
      const frames: CapturedImage[] = [];
      const take = async () => {
        const blob = screen.video ? await grabFrame(screen.video) : null;
        if (blob) frames.push({ blob, type: blob.type || 'image/jpeg', size: blob.size });
        return blob !== null;
      };
      if (!(await take())) return sendBack({ type: 'camera.unavailable' });
      // Times count from the first frame on the monotonic clock: a late timer (a busy phone) makes
      // the next wait shorter rather than shifting everything after it.
      const start = now();
      for (const step of timelineSteps()) {
        if (stopped) break;
        await wait(Math.max(0, step.atMs - (now() - start)));
        if (stopped) break;
        if ('hint' in step) sendBack({ type: 'camera.guidance', hint: step.hint });
        else if (!(await take())) return sendBack({ type: 'camera.unavailable' });
      }
      challenging = false;
      if (stopped) return;
      sendBack({ type: 'camera.captured', frames });
      // Back to guiding if the chart refused the frames (it stays on the capture then).
      guide().catch(() => undefined);
    };

    const devices = media();
    if (!devices?.getUserMedia) {
      sendBack({ type: 'camera.unavailable' });
    } else {
      devices.getUserMedia({ video: { facingMode: 'user' }, audio: false }).then(
        (granted) => {
          if (stopped) return granted.getTracks().forEach((track) => track.stop());
          stream = granted;
          show();
          sendBack({ type: 'camera.ready' });
          // Guidance is help, not a gate: if it fails, "Start capture" still works.
          guide().catch(() => undefined);
        },
        () => sendBack({ type: 'camera.unavailable' }),
      );
    }

    receive((event) => {
      if ((event as { type: string }).type !== 'camera.startChallenge' || challenging) return;
      challenge().catch(() => sendBack({ type: 'camera.unavailable' }));
    });

    return () => {
      stopped = true;
      screen.listeners.delete(show);
      stream?.getTracks().forEach((track) => track.stop());
      if (screen.video) screen.video.srcObject = null;
    };
  });
}
