// The phone's camera path in a real Chromium against the real face engine (issue 16 §7): Chromium's
// fake camera plays a y4m made here with ffmpeg from the face fixtures (tests/support/faces.ts),
// one browser per camera file, one portal with FACE_PROVIDER 'human'. The authorizer's ID front is
// the fixture's ID photo. The same person turning the head is verified (phone and desktop); without
// permission or without a camera the file input is offered and a picked photo is referred. The frames go out as
// JPEG: the regression test of the JPEG capture crash (f344380); the portal answers between steps.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { VerificationPaths, type VerificationSessionCreated } from '../../src/contract/api/verification';
import type { Envelope } from '../../src/contract/envelope';
import { CHROMIUM_ARGS, mobileContext } from '../support/browser';
import { facesFixture, type FacesFixture } from '../support/faces';
import type { SeededUser } from '../support/portal';
import { text } from './support/catalog';
import { exactly, openQrDialog, openWizard, qrLink, UI_TIMEOUT } from './support/certificationDriver';
import { seedCnDraftWithoutVerification } from './support/certificationSeed';
import { consentOnPhone, openLinkOnPhone, phoneShows, PUBLIC_URL } from './support/phoneDriver';
import { useBrowserSuite } from './support/suite';
import { warmFaceEngine } from '../../src/server/routes/verify/deps';

const run = promisify(execFile);

const suite = useBrowserSuite({ config: { publicUrl: PUBLIC_URL, faceProvider: 'human' } });

let faces: FacesFixture;
let work: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  faces = await facesFixture();
  work = await mkdtemp(path.join(tmpdir(), 'fake-camera-'));
  // As the worker does after listen: the first capture does not wait for the models to load.
  await warmFaceEngine(suite.portal().app);
}, 180_000);
afterAll(async () => {
  await Promise.allSettled(browsers.map((b) => b.close()));
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * A y4m the fake camera loops: `frames` at 3 per second (a head turn there and back), 480 px
 * square, yuv420p (the only layout Chromium's file capture reads).
 */
async function cameraFile(name: string, frames: readonly string[]): Promise<string> {
  const dir = await mkdtemp(path.join(work, `${name}-`));
  await Promise.all(frames.map((f, i) => copyFile(f, path.join(dir, `f${String(i).padStart(2, '0')}.jpg`))));
  const out = path.join(work, `${name}.y4m`);
  await run('ffmpeg', [
    '-loglevel', 'error', '-y', '-framerate', '3', '-i', path.join(dir, 'f%02d.jpg'),
    '-vf', 'scale=480:480,format=yuv420p', '-r', '6', out,
  ]); // prettier-ignore
  return out;
}

/** A Chromium whose camera is `y4m` (none when absent: no fake device at all). */
async function cameraBrowser(y4m?: string): Promise<Browser> {
  const fake = y4m ? ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`] : [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // The phone pages' public address is plain http here (https in production): only a secure
    // context has navigator.mediaDevices.
    args: [...CHROMIUM_ARGS, ...fake, `--unsafely-treat-insecure-origin-as-secure=${PUBLIC_URL}`],
  });
  browsers.push(browser);
  return browser;
}

/** A phone of `browser` on which the public address reaches the portal (as phoneDriver's). */
async function phoneOn(browser: Browser, camera: boolean): Promise<BrowserContext> {
  const context = await mobileContext(browser, {
    locale: 'en-us',
    extra: { permissions: camera ? ['camera'] : [] },
  });
  const { url, config } = suite.portal();
  await context.route(`${config.publicUrl}/**`, async (route) => {
    const response = await route.fetch({ url: url + route.request().url().slice(config.publicUrl.length) });
    await route.fulfill({ response });
  });
  return context;
}

/** A manager whose CN draft waits at the authorizer step; the authorizer's ID front is A's photo. */
async function applicant(): Promise<SeededUser> {
  const { page, user } = await suite.signedInPage(
    { certificationStatus: 0, language: 'en-us' },
    { locale: 'en-us' },
  );
  await page.close();
  const idFront = { name: 'id-front.jpg', mimeType: 'image/jpeg', buffer: await readFile(faces.idPhoto) };
  await seedCnDraftWithoutVerification(suite.portal().url, user, 'uploadAuthorizerInfo', idFront);
  return user;
}

/** A new QR code through the desktop's API (what the dialog does); its link. */
async function newLink(user: SeededUser): Promise<string> {
  const response = await fetch(`${suite.portal().url}/plat${VerificationPaths.sessions}`, {
    method: 'POST',
    headers: { ...user.signedIn.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ purpose: 'authorizer', subjectName: 'Na Li' }),
  });
  const body = (await response.json()) as Envelope<VerificationSessionCreated>;
  expect(body.code).toBe(200);
  return body.data.link;
}

/** The portal still answers an ordinary request with its envelope. */
async function portalAnswers(): Promise<void> {
  const response = await fetch(`${suite.portal().url}/plat/verify/phone?key=x`);
  expect(response.status).toBeLessThan(500);
  expect(await response.json()).toMatchObject({ code: expect.any(Number) });
}

/** The capture requests of `page`, with the content types of their frame parts. */
function watchCaptures(page: Page): string[][] {
  const captures: string[][] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith(VerificationPaths.capture) || request.method() !== 'POST') return;
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    captures.push([...body.matchAll(/name="frame"[^\r]*\r\nContent-Type: ([^\r]+)/g)].map((m) => m[1]!));
  });
  return captures;
}

const t = (source: string) => text('en-us', source);

/** The camera preview runs; "Start capture" takes the head-turn frames (guidance may be slow here). */
async function captureWithCamera(page: Page): Promise<void> {
  await page.locator('video').waitFor({ timeout: UI_TIMEOUT });
  const start = page.getByRole('button', { name: t('Start capture'), exact: true });
  await expect.poll(() => start.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
  await start.click();
  // The engine checks every frame on a loaded two-core machine: more than a UI step's time.
  await page
    .getByRole('heading', { level: 1, name: t('Verification result'), exact: true })
    .waitFor({ timeout: 3 * UI_TIMEOUT });
}

describe('face verification with a camera (fake device, real engine)', () => {
  test('the same person turning the head: verified on the phone and on the desktop; the frames are JPEG', async () => {
    const user = await applicant();
    const browser = await cameraBrowser(
      await cameraFile('same', [...faces.sameFrames, ...faces.sameFrames.slice(1, -1).reverse()]),
    );
    const desktop = await suite.context({ locale: 'en-us', seeded: user });
    const page = await suite.page(desktop);
    expect(await openWizard(page, suite.portal().url)).toBe('uploadAuthorizerInfo');
    await openQrDialog(page);
    const phone = await openLinkOnPhone(await phoneOn(browser, true), await qrLink(page));
    const captures = watchCaptures(phone);
    await consentOnPhone(phone);
    await portalAnswers();
    await captureWithCamera(phone);
    await phoneShows(phone, 'verified');
    expect(captures.length).toBe(1);
    expect(captures[0]!.length).toBeGreaterThanOrEqual(3);
    expect(new Set(captures[0])).toEqual(new Set(['image/jpeg']));
    await page.getByText(exactly(t('Face verification passed'))).waitFor({ timeout: UI_TIMEOUT });
    await portalAnswers();
  });

  test.each([
    ['camera permission denied', true],
    ['no camera at all', false],
  ])('%s: the file input is offered and a picked photo is referred', async (_name, fakeCamera) => {
    const user = await applicant();
    const browser = fakeCamera
      ? await cameraBrowser(await cameraFile('denied', faces.sameFrames))
      : await cameraBrowser();
    // Denied: the fake camera is there but the context never grants it (headless says no).
    const phone = await openLinkOnPhone(await phoneOn(browser, false), await newLink(user));
    await consentOnPhone(phone);
    const input = phone.getByLabel(t('Take or choose a photo'), { exact: true });
    await input.waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    await phone.locator('video').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await input.setInputFiles(faces.frontal);
    await phoneShows(phone, 'referred');
    await portalAnswers();
  });
});
