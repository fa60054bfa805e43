// The phone's camera path in a real Chromium against the real face engine (issue 16 §7), shared by
// tests/browser/faceVerification*.test.ts: Chromium's fake camera plays a y4m made here with ffmpeg
// from the face fixtures (tests/support/faces.ts), one browser per camera file; the phone reaches
// the test's portal under its public address. Each file keeps a few cases, so no file runs long.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFinished, type TestContext } from 'vitest';
import { VerificationPaths, type VerificationSessionCreated } from '../../../src/contract/api/verification';
import type { Envelope } from '../../../src/contract/envelope';
import type { AppConfig } from '../../../src/server/config';
import { warmFaceEngine } from '../../../src/server/routes/verify/deps';
import { CHROMIUM_ARGS, mobileContext } from '../../support/browser';
import { facesFixture, type FacesFixture } from '../../support/faces';
import { seedSignedInUser, type SeededUser } from '../../support/portal';
import { text } from './catalog';
import { UI_TIMEOUT } from './certificationDriver';
import { seedCnDraftWithoutVerification } from './certificationSeed';
import { PUBLIC_URL } from './phoneDriver';
import { useBrowserSuite, type BrowserSuite } from './suite';

const run = promisify(execFile);

export const t = (source: string) => text('en-us', source);

/**
 * How long the server may take to answer a capture. The engine checks every frame and the ID photo
 * on a worker thread at a lower priority than the API (enginePool.ts): alone on two cores that is
 * seconds (bench/results.json), under everyone's load on this shared machine it has taken over a
 * minute. Only this wait is long: the page must send the frames and show the answer within UI
 * steps' time, and a capture the server never answers still fails (see captureWithCamera).
 */
export const CAPTURE_ANSWER_TIMEOUT = 150_000;
/** A camera test: the seeding, the browser, the capture and its answer, the checks after it. */
export const CAMERA_TEST_TIMEOUT = 240_000;

export interface FakeCameraSuite {
  suite: BrowserSuite;
  faces(): FacesFixture;
  /** A y4m the fake camera loops: `frames` at 3 per second, 480 px square, yuv420p. */
  cameraFile(name: string, frames: readonly string[]): Promise<string>;
  /** The head turn there and back, as the camera loops it. */
  turnThereAndBack(frames: readonly string[]): string[];
  /** A Chromium whose camera is `y4m` (none when absent: no fake device at all). */
  cameraBrowser(y4m?: string): Promise<Browser>;
  /** A phone of `browser` on which the public address reaches the portal. */
  phoneOn(browser: Browser, camera: boolean): Promise<BrowserContext>;
  /** A manager whose CN draft waits at the authorizer step; the authorizer's ID front is A's photo
   *  (or the ID card image `idPhoto`, e.g. one of the face sets' cards). */
  applicant(idPhoto?: string): Promise<SeededUser>;
  /** A new QR code through the desktop's API (what the dialog does); its link. */
  newLink(user: SeededUser): Promise<string>;
  /** The portal still answers an ordinary request with its envelope. */
  portalAnswers(): Promise<void>;
  /**
   * The file's camera turn: resolves, with its release, once no other test of this file holds it.
   * A test holds it from its camera browser's launch to its frames sent (challengeCamera.ts
   * phoneOnVideo, captureOnCue); one that ends before releasing releases when it finishes.
   */
  cameraTurn(): Promise<() => void>;
  /**
   * The same camera suite for one test of a concurrent file (`test.concurrent`): its contexts are
   * its own (BrowserSuite.forTest), and its camera browsers close when that test finishes.
   */
  forTest(test: TestContext): FakeCameraSuite;
}

/** One portal with FACE_PROVIDER 'human', its engine warm before the first test; the fixtures.
 *  `config` adds to the portal's (e.g. faceChallenges pinned to the movement a video shows). */
export function useFakeCameraSuite(config: Partial<AppConfig> = {}): FakeCameraSuite {
  const root = useBrowserSuite({ config: { publicUrl: PUBLIC_URL, faceProvider: 'human', ...config } });
  let faces: FacesFixture | undefined;
  let work = '';
  const browsers: Browser[] = [];
  // Concurrent tests take turns from a camera browser's launch to its frames sent: a video plays in
  // real time and the phone takes its frames on a timeline (0.8 s of slack), so no other page of the
  // file loads or waits open meanwhile (an open desktop page costs CPU while it waits). What
  // overlaps is the seeding and the server's check of one capture with the next test's turn.
  let turns: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    faces = await facesFixture();
    work = await mkdtemp(path.join(tmpdir(), 'fake-camera-'));
    // As the worker does after listen (outside APP_ENV=test): the models load now, not inside the
    // first capture. It must really have warmed: a portal whose provider has no warm-up (or whose
    // provider this module cannot see) would load the models inside the first test's capture.
    expect(await warmFaceEngine(root.portal().app)).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    if (work) await rm(work, { recursive: true, force: true });
  });

  const fixture = (): FacesFixture => {
    if (!faces) throw new Error('the face fixtures were not made (see beforeAll)');
    return faces;
  };

  /** The camera suite over `suite`; `finished` runs a cleanup when the running test finishes. */
  const over = (
    suite: BrowserSuite,
    finished: (cleanup: () => Promise<unknown> | void) => void,
  ): FakeCameraSuite => ({
    suite,
    faces: fixture,
    async cameraFile(name, frames) {
      const dir = await mkdtemp(path.join(work, `${name}-`));
      await Promise.all(
        frames.map((f, i) => copyFile(f, path.join(dir, `f${String(i).padStart(2, '0')}.jpg`))),
      );
      const out = path.join(work, `${name}.y4m`);
      await run('ffmpeg', [
        '-loglevel', 'error', '-y', '-framerate', '3', '-i', path.join(dir, 'f%02d.jpg'),
        '-vf', 'scale=480:480,format=yuv420p', '-r', '6', out,
      ]); // prettier-ignore
      return out;
    },
    turnThereAndBack: (frames) => [...frames, ...frames.slice(1, -1).reverse()],
    async cameraBrowser(y4m) {
      const fake = y4m
        ? ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`]
        : [];
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        // The phone pages' public address is plain http here (https in production): only a secure
        // context has navigator.mediaDevices.
        args: [...CHROMIUM_ARGS, ...fake, `--unsafely-treat-insecure-origin-as-secure=${PUBLIC_URL}`],
      });
      browsers.push(browser);
      finished(() => browser.close());
      return browser;
    },
    async phoneOn(browser, camera) {
      const context = await mobileContext(browser, {
        locale: 'en-us',
        extra: { permissions: camera ? ['camera'] : [] },
      });
      const { url, config } = suite.portal();
      await context.route(`${config.publicUrl}/**`, async (route) => {
        // No proxy timeout (Playwright's default is 30 s): a capture checked on a loaded machine
        // takes longer, and a timed-out proxy left the phone waiting for an answer that never came
        // while the server had long verified (the CI timeout of the head-turn test). A real
        // failure of the proxy reaches the page as a failed request, never as silence.
        try {
          const response = await route.fetch({
            url: url + route.request().url().slice(config.publicUrl.length),
            timeout: 0,
          });
          await route.fulfill({ response });
        } catch {
          await route.abort('failed').catch(() => undefined);
        }
      });
      return context;
    },
    async applicant(idPhoto) {
      // Seeded as suite.signedInPage seeds, without the page it would open: the tests open their
      // own desktop page with this user's session.
      const user = await seedSignedInUser(suite.portal(), { certificationStatus: 0, language: 'en-us' });
      const idFront = {
        name: 'id-front.jpg',
        mimeType: 'image/jpeg',
        buffer: await readFile(idPhoto ?? fixture().idPhoto),
      };
      await seedCnDraftWithoutVerification(suite.portal().url, user, 'uploadAuthorizerInfo', idFront);
      return user;
    },
    async newLink(user) {
      const response = await fetch(`${suite.portal().url}/plat${VerificationPaths.sessions}`, {
        method: 'POST',
        headers: { ...user.signedIn.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ purpose: 'authorizer', subjectName: 'Na Li' }),
      });
      const body = (await response.json()) as Envelope<VerificationSessionCreated>;
      expect(body.code).toBe(200);
      return body.data.link;
    },
    async portalAnswers() {
      const response = await fetch(`${suite.portal().url}/plat/verify/phone?key=x`);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toMatchObject({ code: expect.any(Number) });
    },
    async cameraTurn() {
      let release = () => {};
      const mine = new Promise<void>((resolve) => (release = resolve));
      const before = turns;
      turns = before.then(() => mine);
      finished(release);
      await before;
      return release;
    },
    forTest(test) {
      return over(suite.forTest(test), (cleanup) => test.onTestFinished(async () => void (await cleanup())));
    },
  });
  return over(root, (cleanup) => onTestFinished(async () => void (await cleanup())));
}

/** The capture requests of `page`, with the content types of their frame parts. */
export function watchCaptures(page: Page): string[][] {
  const captures: string[][] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith(VerificationPaths.capture) || request.method() !== 'POST') return;
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    captures.push([...body.matchAll(/name="frame"[^\r]*\r\nContent-Type: ([^\r]+)/g)].map((m) => m[1]!));
  });
  return captures;
}

/**
 * The camera preview runs; the head-turn frames are taken ("Start capture", or by the guidance once
 * the face is ready, whichever comes first) and the result page shows. Each stage has its own bound
 * and its own error: the page sends no capture, the server does not answer it, or the page does
 * not show the answer. Answers how long the server took (ms), for the test's log.
 */
export async function captureWithCamera(page: Page): Promise<number> {
  const isCapture = (url: string, method: string) =>
    url.endsWith(VerificationPaths.capture) && method === 'POST';
  let sentAt = 0;
  const sent = page
    .waitForRequest((r) => isCapture(r.url(), r.method()), { timeout: 3 * UI_TIMEOUT })
    .then(() => {
      sentAt = Date.now();
    });
  const answered = page.waitForResponse((r) => isCapture(r.url(), r.request().method()), {
    timeout: 3 * UI_TIMEOUT + CAPTURE_ANSWER_TIMEOUT,
  });
  // Both are awaited below; until then a rejection must not go unhandled.
  sent.catch(() => undefined);
  answered.catch(() => undefined);

  await page.locator('video').waitFor({ timeout: UI_TIMEOUT });
  const start = page.getByRole('button', { name: t('Start capture'), exact: true });
  const capturing = async () => sentAt > 0 || (await start.isEnabled());
  await expect.poll(capturing, { timeout: UI_TIMEOUT }).toBe(true);
  // A person presses once they see themselves: wait until the guidance has looked at the preview
  // (its hint shows), not only until the button is offered.
  const looked = async () =>
    sentAt > 0 ||
    ((await page
      .locator('[data-hint]')
      .getAttribute('data-hint')
      .catch(() => null)) ?? 'none') !== 'none';
  await expect.poll(looked, { timeout: 3 * UI_TIMEOUT }).toBe(true);
  // The guidance may have started the challenge by itself meanwhile: then there is nothing to press
  // (the button is busy), and the capture request below says whether the frames went out. A press
  // waits while the page is busy with the guidance (a look on the CPU backend held a loaded CI
  // machine's page for a minute, until the camera actor learned to hand over to a lighter guide);
  // a press that did not land is tried again, one that landed is not repeated.
  let pressed = false;
  await expect
    .poll(
      async () => {
        if (sentAt === 0 && !pressed)
          pressed = await start.click({ timeout: UI_TIMEOUT }).then(
            () => true,
            () => false,
          );
        return sentAt > 0 || pressed;
      },
      { timeout: 3 * UI_TIMEOUT, interval: 2_000 },
    )
    .toBe(true);
  await sent.catch((error: unknown) => {
    throw new Error(`the phone sent no capture after "Start capture": ${String(error)}`);
  });
  const response = await answered.catch((error: unknown) => {
    const waited = Math.round((Date.now() - sentAt) / 1000);
    throw new Error(`the server did not answer the capture within ${waited} s: ${String(error)}`);
  });
  const took = Date.now() - sentAt;
  expect(response.status(), 'the capture is answered with an envelope, never a 5xx').toBeLessThan(500);
  await page
    .getByRole('heading', { level: 1, name: t('Verification result'), exact: true })
    .waitFor({ timeout: UI_TIMEOUT });
  return took;
}
