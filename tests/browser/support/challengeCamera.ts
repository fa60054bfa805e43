// The server's head-movement challenge through Chromium's fake camera (issue 28 §3). The fake camera
// loops its y4m from the moment the page opens the camera, and the phone takes its frames on a
// timeline that starts with the capture (cameraActor.ts CHALLENGE_TIMELINE), so a video alone
// cannot know when the frames are taken. A person can: they press "Start capture" when they look
// straight, then follow the prompts. The video here plays that person: a covered lens (dark),
// then a frontal hold, then each of the three moves reached and held; and the test presses
// "Start capture" in the page the moment the picture turns from dark to lit (pressCaptureWhenLit),
// as a person presses once they see themselves — before the guidance could have started the
// capture by itself (it needs three looks, 0.8 s at least, of a lit face). From that press the
// video's segments leave 0.8 s of slack either way around every frame of the timeline
// (docs/decisions/face-challenge.md "Browser test"). The head is issue 28's 3D genuine material
// (tests/support/faceSets): the cylinder-warped photos read as too small a turn. attackVideo plays
// the same timeline with the material's flat pictures and screens (facePresentationAttack.test.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { VerificationPaths } from '../../../src/contract/api/verification';
import type { SeededUser } from '../../support/portal';
import { openQrDialog, openWizard, qrLink, UI_TIMEOUT } from './certificationDriver';
import { CAPTURE_ANSWER_TIMEOUT, t, watchCaptures, type FakeCameraSuite } from './fakeCamera';
import { consentOnPhone, openLinkOnPhone } from './phoneDriver';
import { faceSets, faceSetsKey, renderRecipe, type FaceCapture } from '../../support/faceSets';
import type { HeadRecipe, PlaneRecipe, Recipe } from '../../support/faceSets/captures';
import { moveHoldTimes, type MotionStyle, type Movement } from '../../support/faceSets/motion';

/** Frames per second of the video: a tenth of a second between what the phone can grab. */
const FPS = 10;
/** The segments after the lens is uncovered (ms): frontal until 900, then each move reached and
 *  held (the phone's frames of move i come 1100 and 1500 ms after its prompt at 1600·i, and up to
 *  0.8 s later when the press is late); then the lens is covered. */
export const CHALLENGE_VIDEO = {
  darkMs: 5000,
  frontalUntilMs: 900,
  moves: [
    { reachedMs: 1100, heldUntilMs: 2300 },
    { reachedMs: 2600, heldUntilMs: 3900 },
    { reachedMs: 4200, heldUntilMs: 5500 },
  ],
} as const;

/** Real head angles of each move (the engine reads about half of a yaw: ~11°, past its 4°). */
const STROKE_DEG = 24;

/** The genuine 3D head of person A, with its ID photo (issue 28's set; made once, cached). */
export async function genuineHead(): Promise<FaceCapture & { recipe: HeadRecipe }> {
  const sets = await faceSets({ quick: true });
  const head = sets.captures.find(
    (c) => c.species === 'genuine' && c.shows === 'personA' && c.recipe.kind === 'head',
  );
  if (!head) throw new Error('the face sets have no genuine 3D head of person A');
  return head as FaceCapture & { recipe: HeadRecipe };
}

/**
 * The recipe's time t at video time `ms` after the lens is uncovered (null: covered, before and
 * after), `holds` being the recipe's t at which each move is held (motion.ts moveHoldTimes).
 */
function movementTime(ms: number, holds: readonly number[]): number | null {
  const v = CHALLENGE_VIDEO;
  const ease = (from: number, to: number, a: number, b: number) => from + ((to - from) * (ms - a)) / (b - a);
  if (ms < 0) return null;
  // Holds sway a little around their pose (nobody is frozen): the recipe's drift moves with t.
  if (ms < v.frontalUntilMs) return ease(0, 0.02, 0, v.frontalUntilMs);
  let from: { t: number; ms: number } = { t: 0.02, ms: v.frontalUntilMs };
  for (const [i, move] of v.moves.entries()) {
    const held = holds[i]!;
    if (ms < move.reachedMs) return ease(from.t, held, from.ms, move.reachedMs);
    if (ms < move.heldUntilMs) return held + 0.005 * Math.sin(ms / 300);
    from = { t: held, ms: move.heldUntilMs };
  }
  return null;
}

/**
 * A y4m of the head doing `movement` on the timeline above (640×480, 10 fps), kept under the temp
 * folder by the face sets' key and this timeline (an existing file is reused: ~20 s to render).
 */
export async function challengeVideo(movement: Movement): Promise<string> {
  const head = await genuineHead();
  const recipe: HeadRecipe = { ...head.recipe, movement, style: onTimeline(head.recipe.style, STROKE_DEG) };
  return timelineVideo(`${movement}`, recipe, head.seed, moveHoldTimes(movement, recipe.style));
}

/** Where an attacker's picture is taken to at each stroke (degrees): as far as a person turns. */
const ATTACK_STROKE_DEG = 30;

/**
 * A y4m of an attack capture of the face sets (tests/support/faceSets) played on the same timeline
 * as challengeVideo: a covered lens, then the capture's picture doing `movement` with its strokes
 * where the phone takes its frames. A print or an ID portrait is turned as `movement` asks (the
 * attacker obeys the challenge they see); a screen is held as the capture holds it and its
 * recording plays the movement it recorded (`movement` is ignored: a recording of an earlier
 * attempt cannot follow the challenge asked now), timed to the capture's frames — the replay's
 * best case.
 */
export async function attackVideo(capture: FaceCapture, movement: Movement): Promise<string> {
  const { recipe } = capture;
  if (recipe.kind !== 'plane') throw new Error(`${capture.id} is not a flat picture or a screen`);
  const content =
    recipe.content.type === 'screen'
      ? {
          ...recipe.content,
          recording: {
            ...recipe.content.recording,
            style: onTimeline(recipe.content.recording.style, STROKE_DEG),
          },
        }
      : recipe.content;
  const played = content.type === 'screen' ? content.recording.movement : movement;
  const timed: PlaneRecipe = {
    ...recipe,
    content,
    movement: content.type === 'screen' ? recipe.movement : movement,
    style: onTimeline(recipe.style, ATTACK_STROKE_DEG),
  };
  // Timed by what moves: the screen's recording, or the picture itself.
  const holds =
    content.type === 'screen'
      ? moveHoldTimes(content.recording.movement, content.recording.style)
      : moveHoldTimes(movement, timed.style);
  return timelineVideo(`${capture.id}-${played}-${ATTACK_STROKE_DEG}`, timed, capture.seed, holds);
}

/** `style` with every move of `strokeDeg`, a quick pace (each move's hold is long), a small sway. */
function onTimeline(style: MotionStyle, strokeDeg: number): MotionStyle {
  return {
    ...style,
    firstDeg: strokeDeg,
    secondDeg: strokeDeg,
    startYawDeg: 0,
    startPitchDeg: 0,
    driftDeg: 1.5,
    rollDeg: 1,
    // Two-move material peaks here; three-move material reacts in 0.3 s and moves in 0.4 s.
    firstPeakAt: 0.33,
    secondPeakAt: 0.8,
    phase: 0,
  };
}

/** `recipe` rendered on the covered-lens timeline (CHALLENGE_VIDEO) as a y4m named by `name`. */
async function timelineVideo(
  name: string,
  recipe: Recipe,
  seed: number,
  holds: readonly number[],
): Promise<string> {
  const { width, height } = recipe;
  const v = CHALLENGE_VIDEO;
  const timeline = [v.darkMs, v.frontalUntilMs, ...v.moves.flatMap((m) => [m.reachedMs, m.heldUntilMs])].join(
    '-',
  );
  const dir = path.join(tmpdir(), `face-challenge-videos-${faceSetsKey({ quick: true })}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${width}x${height}-${FPS}-${STROKE_DEG}-${timeline}.y4m`);
  if (existsSync(file)) return file;
  const part = `${file}.${process.pid}.part`;
  const ffmpeg = spawn(
    'ffmpeg',
    ['-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`,
      '-r', String(FPS), '-i', 'pipe:0', '-pix_fmt', 'yuv420p', '-f', 'yuv4mpegpipe', part], // prettier-ignore
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${errors}`)),
    );
  });
  const write = async (data: Buffer) => {
    if (!ffmpeg.stdin.write(data)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
  };
  const dark = Buffer.alloc(width * height * 3, 4);
  const total = v.darkMs + v.moves[v.moves.length - 1]!.heldUntilMs;
  for (let i = 0; i < Math.round((total / 1000) * FPS); i++) {
    const t = movementTime((i * 1000) / FPS - v.darkMs, holds);
    if (t === null) {
      await write(dark);
      continue;
    }
    const frame = await renderRecipe(recipe, t, seed + 1000 + i);
    await write(
      Buffer.from(frame.picture.data.buffer, frame.picture.data.byteOffset, frame.picture.data.length),
    );
  }
  ffmpeg.stdin.end();
  await done;
  await rename(part, file);
  return file;
}

/**
 * In the page: waits for the camera's picture to be dark (the covered lens), then presses "Start
 * capture" on the first lit picture. Answers 'pressed', or why not ('busy': the capture had
 * already started by itself; 'timeout'). `label` is the button's text in the page's language.
 */
export function pressCaptureWhenLit(page: Page, label: string, withinMs = 60_000): Promise<string> {
  return page.evaluate(
    async ({ label, withinMs }) => {
      const deadline = performance.now() + withinMs;
      // Started before the camera view opens: wait for its preview.
      let video = document.querySelector('video');
      while (!video || video.videoWidth === 0) {
        if (performance.now() > deadline) return 'no video';
        await new Promise((resolve) => setTimeout(resolve, 50));
        video = document.querySelector('video');
      }
      const canvas = document.createElement('canvas');
      canvas.width = 16;
      canvas.height = 12;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return 'no canvas';
      const luma = () => {
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let sum = 0;
        for (let i = 0; i < data.length; i += 4)
          sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
        return sum / (data.length / 4);
      };
      const nextPicture = () =>
        new Promise<void>((resolve) => {
          video.requestVideoFrameCallback(() => resolve());
        });
      let sawDark = false;
      const seen: number[] = [];
      while (performance.now() < deadline) {
        await nextPicture();
        const light = luma();
        if (seen.length < 400) seen.push(Math.round(light));
        if (light < 20) sawDark = true;
        else if (sawDark && light > 60) {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent?.trim() === label,
          );
          if (!button || button.disabled) return 'busy';
          button.click();
          return 'pressed';
        }
      }
      return `timeout (pictures' light: ${seen.join(' ')})`;
    },
    { label, withinMs },
  );
}

/**
 * The capture as a person does it with this video: the phone is watched from before the camera
 * opens (`watching`, started before consent), "Start capture" is pressed as the lens is uncovered,
 * the frames go out and the server answers. Each stage has its own error. Answers how long the
 * server took (ms).
 */
export async function captureOnCue({ phone: page, watching, release }: OnVideo): Promise<number> {
  const isCapture = (url: string, method: string) =>
    url.endsWith(VerificationPaths.capture) && method === 'POST';
  let sentAt = 0;
  const sent = page
    .waitForRequest((r) => isCapture(r.url(), r.method()), { timeout: 3 * UI_TIMEOUT + 60_000 })
    .then(() => (sentAt = Date.now()));
  const answered = page.waitForResponse((r) => isCapture(r.url(), r.request().method()), {
    timeout: 3 * UI_TIMEOUT + 60_000 + CAPTURE_ANSWER_TIMEOUT,
  });
  sent.catch(() => undefined);
  answered.catch(() => undefined);
  const pressed = await watching;
  if (pressed !== 'pressed')
    throw new Error(`"Start capture" was not pressed as the lens was uncovered: ${pressed}`);
  await sent.catch((error: unknown) => {
    throw new Error(`the phone sent no capture after "Start capture": ${String(error)}`);
  });
  // The frames are out: the next phone of the file may open its camera while the server checks.
  release();
  const response = await answered.catch((error: unknown) => {
    throw new Error(`the server did not answer the capture: ${String(error)}`);
  });
  expect(response.status(), 'the capture is answered with an envelope, never a 5xx').toBeLessThan(500);
  return Date.now() - sentAt;
}

/** A phone on a video, consented, its camera watched (phoneOnVideo), for captureOnCue. */
export interface OnVideo {
  browser: Browser;
  desktop: Page;
  phone: Page;
  /** The capture requests' frame types (watchCaptures). */
  captures: string[][];
  /** pressCaptureWhenLit's answer. */
  watching: Promise<string>;
  /** Ends this phone's camera turn (FakeCameraSuite.cameraTurn); captureOnCue calls it. */
  release: () => void;
}

/**
 * The desktop's QR dialog (signed in as `user`) and a phone whose camera plays `y4m`, scanned and
 * consented, watched from before its camera opens so that "Start capture" is pressed on the first
 * lit picture (`watching`, for captureOnCue). The phone's face-guidance models are blocked: its
 * light-only guide runs (a real path, phones where the engine cannot load), as a look on the
 * headless CPU backend can hold the page for seconds just as the lens is uncovered. The server's
 * check is the same. All this happens in the file's camera turn (cameraTurn), which captureOnCue
 * ends once the frames are sent: concurrent tests seed their applicants side by side, and one
 * test's pages load and its video plays while the previous test's capture is checked.
 */
export async function phoneOnVideo(camera: FakeCameraSuite, user: SeededUser, y4m: string): Promise<OnVideo> {
  const { suite } = camera;
  const release = await camera.cameraTurn();
  const browser = await camera.cameraBrowser(y4m);
  const desktop = await suite.page(await suite.context({ locale: 'en-us', seeded: user }));
  expect(await openWizard(desktop, suite.portal().url)).toBe('uploadAuthorizerInfo');
  await openQrDialog(desktop);
  const context = await camera.phoneOn(browser, true);
  await context.route('**/verify/face-models/**', (route) => route.abort('blockedbyclient'));
  const phone = await openLinkOnPhone(context, await qrLink(desktop));
  const captures = watchCaptures(phone);
  const watching = pressCaptureWhenLit(phone, t('Start capture'));
  watching.catch(() => undefined);
  await consentOnPhone(phone);
  return { browser, desktop, phone, captures, watching, release };
}
