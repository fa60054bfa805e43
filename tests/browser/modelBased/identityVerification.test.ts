// Model-based browser test of the phone pages of the QR verification (issue 19 §1): the generated
// paths of machines/identityVerification drive /identityVerification in a phone context of a
// Chromium whose camera is Chromium's fake device playing a picture made here with ffmpeg from the
// face fixtures' sources, against the real portal. The page runs as shipped: its real camera actor
// (getUserMedia, the guidance, the head-turn frames) and its real API client. What the test controls
// is what a person, a network or another device controls:
// - the page's clock (paused from the start): the guidance looks and the head turn's frames come
//   when the path says, and the 10 minutes after the scan pass on both clocks;
// - whether the phone lets the page use its camera (permission);
// - the face-guidance script does not load (its request fails), so the page guides with its light
//   guide, the product's own fallback: the face engine in the page takes minutes on a loaded
//   machine, and faceVerification*.test.ts drive it;
// - the network: a capture is held until the path's answer, a call is cut for an error branch;
// - the desktop (close, new code), another phone (the code scanned first) or another tab of the same
//   phone (a duplicated tab keeps sessionStorage: its key) acting over the API, and the server's clock;
// - the face provider: a scripted one, selected by the portal's faceProvider setting as in
//   qrVerification.test.ts, answers each capture as the path says (or says the engine is busy).
// A reopened link finds the session where the arrangement left it (scanned over the API, the phone
// key in sessionStorage, as after a reload). Transitions no person can cause are excluded one by one
// (support/phonePlan.ts EXCLUDED) and covered by machine and jsdom tests.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import type { EventObject } from 'xstate';
import { afterAll, expect } from 'vitest';
import {
  FaceCaptureRules,
  VerificationPaths,
  type VerificationSessionCreated,
} from '../../../src/contract/api/verification';
import { messageFor, type CodeName } from '../../../src/contract/codes';
import type { Envelope, Locale } from '../../../src/contract/envelope';
import { Limits, Time } from '../../../src/contract/limits';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import { FaceEngineBusyError } from '../../../src/server/services/verification/face/busyError';
import {
  FACE_PROVIDERS,
  type FaceProviderFactory,
  type FaceVerificationResult,
} from '../../../src/server/services/verification/faceProvider';
import { pdf, png } from '../../fixtures/files/samples';
import { FACE_SOURCES } from '../../support/faces';
import { seedSignedInUser, type SeededUser } from '../../support/portal';
import { text } from '../support/catalog';
import { UI_TIMEOUT } from '../support/certificationDriver';
import { seedCnDraftWithoutVerification } from '../support/certificationSeed';
import { PUBLIC_URL } from '../support/phoneDriver';
import { useBrowserSuite } from '../support/suite';
import { advanceBoth, advanceServer, resetServerClock } from './support/clocks';
import { cutNextCall } from './support/cutWrite';
import { planDrivablePaths } from './support/drivablePlan';
import { describeEveryTransition } from './support/everyTransition';
import { asThePageGivesIt, EXCLUDED, LIGHT_GUIDE_HINT, undrivable } from './support/phonePlan';
import {
  forgetRateLimits,
  isDone,
  isError,
  outputOf,
  answerCode,
  type UiModel,
  type UiRun,
} from './support/uiModel';

const run$ = promisify(execFile);
const locale: Locale = 'en-us';
const t = (source: string) => text(locale, source);

// ---- the scripted face provider ------------------------------------------------------------------

const ENGINE = { name: 'phonePathsScripted', version: '1' };
type ProviderAnswer = 'verified' | 'referred' | 'failed' | 'busy';
const RESULTS: Record<Exclude<ProviderAnswer, 'busy'>, FaceVerificationResult> = {
  verified: { outcome: 'verified', score: 0.9, engine: ENGINE },
  referred: { outcome: 'referred', reason: 'greyBand', score: 0.5, engine: ENGINE },
  failed: { outcome: 'failed', reason: 'noMatch', score: 0.1, engine: ENGINE },
};
interface Held {
  resolve(result: FaceVerificationResult): void;
  reject(error: Error): void;
}
/** The capture the provider holds (one path runs at a time), and who waits for it to be asked. */
let held: Held | null = null;
let onAsked: (() => void) | null = null;
const scriptedProvider: FaceProviderFactory = () => ({
  name: ENGINE.name,
  verify: () =>
    new Promise<FaceVerificationResult>((resolve, reject) => {
      held = { resolve, reject };
      onAsked?.();
    }),
});
// A provider is chosen by name from this table (faceProvider.ts "How a vendor plugs in").
(FACE_PROVIDERS as Record<string, FaceProviderFactory>)[ENGINE.name] = scriptedProvider;

/** A capture left held by a path that ended (expired, cancelled) ends before the next one. */
function releaseHeld(): void {
  held?.resolve(RESULTS.failed);
  held = null;
}
afterAll(releaseHeld);

/** Resolves once the provider has been asked (the capture is stored and the session verifying). */
function providerAsked(): Promise<void> {
  if (held) return Promise.resolve();
  return new Promise<void>((resolve) => (onAsked = resolve)).then(() => {
    onAsked = null;
  });
}

function providerAnswers(answer: ProviderAnswer): void {
  const { resolve, reject } = held!;
  held = null;
  if (answer === 'busy') reject(new FaceEngineBusyError());
  else resolve(RESULTS[answer]);
}

// ---- the phone's camera and the portal -------------------------------------------------------------

let work = '';
/** A bright picture (person A's photograph) the fake camera loops: the light guide says hold still. */
async function cameraFile(): Promise<string> {
  work = await mkdtemp(path.join(tmpdir(), 'phone-paths-'));
  const out = path.join(work, 'camera.y4m');
  await run$('ffmpeg', [
    '-loglevel', 'error', '-y', '-loop', '1', '-i', FACE_SOURCES.personA, '-t', '1',
    '-vf', 'scale=480:480,format=yuv420p', '-r', '3', out,
  ]); // prettier-ignore
  return out;
}
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

// The QR code encodes the public address; the page is served under it (a secure origin for the camera).
const suite = useBrowserSuite(
  { config: { publicUrl: PUBLIC_URL, faceProvider: ENGINE.name } },
  {
    args: async (portal) => [
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${await cameraFile()}`,
      `--unsafely-treat-insecure-origin-as-secure=${PUBLIC_URL}`,
      // The public name reaches the portal as DNS would: no request passes through the test.
      `--host-resolver-rules=MAP ${new URL(PUBLIC_URL).host}:80 ${new URL(portal.url).host}`,
    ],
  },
);

/** The camera actor's pause between two looks of the guidance (cameraActor.ts GUIDE_EVERY_MS). */
const GUIDE_EVERY_MS = 400;
/** A step through the head movements' timeline (cameraActor.ts CHALLENGE_TIMELINE: 4.7 s). */
const CHALLENGE_EVERY_MS = 400;
const SUBJECT = 'Na Li';
const KEY_STORAGE_PREFIX = 'identityVerification.phoneKey.';

// ---- data of one path ------------------------------------------------------------------------------

interface HeldCapture {
  route: Route;
}
interface PhoneData {
  user: SeededUser;
  /** May the page use the camera (the phone's permission)? */
  camera: boolean;
  sessionId: string;
  link: string;
  token: string;
  /** The capture request the network holds until the path's answer. */
  capture: HeldCapture | null;
  /** Failed checks of this scan so far (the result page says how many are left). */
  failures: number;
}
type Run = UiRun<PhoneData>;

let applicant: SeededUser | null = null;

async function desktopCall(run: Run, urlPath: string, body?: unknown): Promise<Envelope<unknown>> {
  const response = await fetch(`${run.portal.url}/plat${urlPath}`, {
    method: 'POST',
    headers: { ...run.data.user.signedIn.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return (await response.json()) as Envelope<unknown>;
}

async function phoneCall(run: Run, urlPath: string, body: unknown): Promise<Envelope<unknown>> {
  const response = await fetch(`${run.portal.url}/plat${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: '1' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<unknown>;
}

/** Scans the code over the API (another phone, or this phone's earlier visit): its key. */
async function scanElsewhere(run: Run): Promise<string> {
  const answer = await phoneCall(run, VerificationPaths.scan, { token: run.data.token });
  expect(answer.code).toBe(200);
  return (answer.data as { phoneKey: string }).phoneKey;
}

/** The key this page keeps for its link (what a duplicated tab of it has too). */
async function pageKey(page: Page, run: Run): Promise<string> {
  const key = await page.evaluate(
    (name) => sessionStorage.getItem(name),
    KEY_STORAGE_PREFIX + run.data.token,
  );
  expect(key).not.toBeNull();
  return key!;
}

/** Consent, then camera frames over the API with `key`; resolves once the provider holds them. */
async function captureElsewhere(run: Run, key: string): Promise<{ request: Promise<Response> }> {
  expect((await phoneCall(run, VerificationPaths.consent, { key, accepted: true })).code).toBe(200);
  const form = new FormData();
  form.append('key', key);
  form.append('source', 'camera');
  const frame = png(240, 260);
  for (let i = 0; i < FaceCaptureRules.camera.minFrames; i++)
    form.append('frame', new Blob([new Uint8Array(frame)]), `frame${i}.png`);
  const asked = providerAsked();
  const request = fetch(`${run.portal.url}/plat${VerificationPaths.capture}`, { method: 'POST', body: form });
  await asked;
  // Wrapped: an async function would wait for the answer the provider holds.
  return { request };
}

/** This scan has one attempt left (the count is the server's). */
async function lastAttempt(run: Run): Promise<void> {
  await run.portal.app.db
    .update(verificationSessions)
    .set({ attempts: FaceCaptureRules.attemptsPerScan - 1 })
    .where(eq(verificationSessions.id, run.data.sessionId));
}

const moreThanTenMinutes = Limits.qr.validAfterScanMs + Time.SECOND;

/**
 * Before the page opens the link (or tries again): the session as the path's open answer finds it.
 * With `page` loaded, the kept key goes into its sessionStorage; before loading, an init script
 * puts it there, as a reload of a page that had scanned would find it.
 */
async function arrangeOpen(page: Page, run: Run, answer: EventObject, loaded: boolean): Promise<void> {
  if (isError(answer, 'openSession')) return;
  const code = answerCode(answer);
  if (code === 'verificationExpired') {
    // The desktop made a new code (after its 120 s): this one is out of date.
    advanceServer(run.portal, Limits.qr.regenerateAfterMs);
    expect((await desktopCall(run, VerificationPaths.regenerate(run.data.sessionId))).code).toBe(200);
    return;
  }
  if (code === 'verificationCancelled') {
    expect((await desktopCall(run, VerificationPaths.close(run.data.sessionId))).code).toBe(200);
    return;
  }
  if (code === 'verificationTokenUsed') {
    await scanElsewhere(run);
    return;
  }
  const opened = (outputOf(answer) as { data: { state: string; consentAt: string | null } }).data;
  if (opened.state === 'scanned' && opened.consentAt === null) return; // the page scans itself
  const key = await scanElsewhere(run);
  const decided = async (answerWith: ProviderAnswer, final = false) => {
    const { request } = await captureElsewhere(run, key);
    if (final) await lastAttempt(run);
    providerAnswers(answerWith);
    await request;
  };
  switch (opened.state) {
    case 'scanned':
      expect((await phoneCall(run, VerificationPaths.consent, { key, accepted: true })).code).toBe(200);
      break;
    case 'verifying':
      void (await captureElsewhere(run, key)).request.catch(() => undefined);
      break;
    case 'failed':
      await decided('failed');
      run.data.failures = 1;
      break;
    case 'failedFinal':
      await decided('failed', true);
      break;
    case 'verified':
    case 'referred':
      await decided(opened.state);
      break;
    case 'cancelled':
      expect((await phoneCall(run, VerificationPaths.cancel, { key })).code).toBe(200);
      break;
    case 'expired':
      advanceServer(run.portal, moreThanTenMinutes);
      break;
    default:
      throw new Error(`no arrangement for an open answering ${opened.state}`);
  }
  const keep = ([name, value]: [string, string]) => {
    if (sessionStorage.getItem(name) === null) sessionStorage.setItem(name, value);
  };
  const entry: [string, string] = [KEY_STORAGE_PREFIX + run.data.token, key];
  if (loaded) await page.evaluate(keep, entry);
  else await page.addInitScript(keep, entry);
}

/** The open's call, cut: the scan (no key kept) or the read with a kept key. */
const openCall = (pathname: string) =>
  pathname === `/plat${VerificationPaths.scan}` || pathname === `/plat${VerificationPaths.phone}`;

// ---- the page ------------------------------------------------------------------------------------

const heading = (page: Page, source: string) =>
  page.getByRole('heading', { level: 1, name: t(source), exact: true }).waitFor({ timeout: UI_TIMEOUT });
const button = (page: Page, source: string) => page.getByRole('button', { name: t(source), exact: true });
const alertSays = (page: Page, message: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor({ timeout: UI_TIMEOUT });
const startCapture = (page: Page) => button(page, 'Start capture');
const hintLine = (page: Page) => page.locator('[data-hint]');
const fileInput = (page: Page) => page.getByLabel(t('Take or choose a photo'), { exact: true });

async function onPage(page: Page, name: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/identityVerification/${name}`);
}

/** The message the cause left on the page (a refused or cut answer, a refused photo). */
async function messageOf(page: Page, run: Run): Promise<void> {
  const cause = run.cause ?? undefined;
  if (!cause) return;
  if (cause.type.startsWith('xstate.error.actor.')) return alertSays(page, messageFor('internal', locale));
  const code = answerCode(cause);
  if (code && code !== 'ok') return alertSays(page, messageFor(code as CodeName, locale));
  if (cause.type === 'user.chooseFile') {
    const { type, size } = (cause as unknown as { image: { type: string; size: number } }).image;
    if (!['image/jpeg', 'image/png'].includes(type))
      return alertSays(page, messageFor('fileTypeNotAllowed', locale));
    if (size > Limits.upload.maxBytes) return alertSays(page, messageFor('fileTooLarge', locale));
  }
}

async function resultSays(page: Page, role: 'status' | 'alert', title: string): Promise<void> {
  await heading(page, 'Verification result');
  await onPage(page, 'verificationResultPage');
  await page
    .getByRole(role)
    .filter({ hasText: t(title) })
    .first()
    .waitFor({ timeout: UI_TIMEOUT });
}

/** Moves the page's clock in `step`s until `done` (each step lets the page run what came due). */
async function runUntil(page: Page, step: number, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await page.clock.runFor(step);
        return done();
      },
      { timeout: UI_TIMEOUT, interval: 200 },
    )
    .toBe(true);
}

/** Pauses the page's flowing clock a moment from now (a loaded machine may take longer to ask). */
async function pauseSoon(page: Page): Promise<void> {
  for (let ahead = 50; ; ahead *= 4) {
    const at = (await page.evaluate(() => Date.now())) + ahead;
    const paused = await page.clock.pauseAt(at).then(
      () => true,
      (error: Error) => {
        if (!/to the past/.test(error.message) || ahead > 5 * Time.SECOND) throw error;
        return false;
      },
    );
    if (paused) return;
  }
}

/** The capture request, held by the network until the path's answer. */
async function holdCaptures(page: Page, run: Run): Promise<void> {
  await page.route(
    (url) => url.pathname === `/plat${VerificationPaths.capture}`,
    (route) => {
      run.data.capture = { route };
    },
  );
}

async function captureHeld(run: Run): Promise<void> {
  await expect.poll(() => run.data.capture !== null, { timeout: UI_TIMEOUT }).toBe(true);
}

/** The next answer of a user action: arranged before the action (another device, the server's clock). */
async function arrangeAnswer(page: Page, run: Run, invokeId: string): Promise<{ passed(): Promise<void> }> {
  const answer = run.outcomes.find((event) => event.type.endsWith(`.${invokeId}`));
  const none = { passed: () => Promise.resolve() };
  if (!answer) return none;
  if (isError(answer, invokeId)) {
    const pathname =
      invokeId === 'recordConsent'
        ? `/plat${VerificationPaths.consent}`
        : invokeId === 'cancelVerification'
          ? `/plat${VerificationPaths.cancel}`
          : openCall;
    const cut = await cutNextCall(page, run.portal, pathname);
    return { passed: () => cut.resendsPassed() };
  }
  const code = answerCode(answer);
  if (code === 'verificationExpired' && invokeId !== 'openSession')
    advanceServer(run.portal, moreThanTenMinutes);
  else if (code === 'verificationCancelled' && invokeId !== 'openSession')
    expect((await desktopCall(run, VerificationPaths.close(run.data.sessionId))).code).toBe(200);
  else if (code === 'transitionNotAllowed') {
    // Another tab of this phone (duplicated: it has the same key) sent its capture.
    const { request } = await captureElsewhere(run, await pageKey(page, run));
    if (invokeId === 'cancelVerification') {
      // ... and it was decided: a result cannot be cancelled.
      providerAnswers('verified');
      await request;
    } else void request.catch(() => undefined);
  } else if (invokeId === 'openSession') await arrangeOpen(page, run, answer, true);
  return none;
}

const phoneModel: UiModel<PhoneData> = {
  entryId: 'identityVerification',
  locale,
  async prepare(portal, plannedPath) {
    releaseHeld();
    resetServerClock(portal);
    await forgetRateLimits(portal);
    if (!applicant) {
      applicant = await seedSignedInUser(portal, { certificationStatus: 0, language: locale });
      await seedCnDraftWithoutVerification(portal.url, applicant);
    }
    const response = await fetch(`${portal.url}/plat${VerificationPaths.sessions}`, {
      method: 'POST',
      headers: { ...applicant.signedIn.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ purpose: 'authorizer', subjectName: SUBJECT }),
    });
    const created = (await response.json()) as Envelope<VerificationSessionCreated>;
    expect(created.code).toBe(200);
    const link = created.data.link;
    return {
      user: applicant,
      camera: !plannedPath.events.some((event) => event.type === 'camera.unavailable'),
      sessionId: created.data.sessionId,
      link,
      token: new URL(link).searchParams.get('session')!,
      capture: null,
      failures: 0,
    };
  },
  async context(browserSuite, data) {
    const context = await browserSuite.context({ mobile: true, locale });
    if (data.camera) await context.grantPermissions(['camera'], { origin: PUBLIC_URL });
    return context;
  },
  async open(page, run) {
    // The face-guidance engine's script does not load: the page guides with its light guide.
    await page.route(/\/assets\/human\.esm-[^/]*\.js$/, (route) => route.abort('failed'));
    await holdCaptures(page, run);
    const first = run.path.events[0];
    const cut = isError(first, 'openSession') ? await cutNextCall(page, run.portal, openCall) : null;
    if (first && isDone(first, 'openSession')) await arrangeOpen(page, run, first, false);
    const input = run.path.input as { hasToken?: boolean; token?: string | null };
    const withToken = input.hasToken ?? (input.token !== null && input.token !== undefined);
    await page.clock.install();
    // Not waiting for the load event: the page is asserted by what it shows.
    await page.goto(withToken ? run.data.link : `${PUBLIC_URL}/identityVerification`, {
      waitUntil: 'commit',
    });
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: UI_TIMEOUT });
    // Paused from here: the page's timers (the guidance's looks, the head turn, the 10 minutes, a
    // cut call's resends) run when the path moves the clock; fetches and the camera do not wait for it.
    await pauseSoon(page);
    await cut?.resendsPassed();
  },
  states: {
    checkingLink: { notUserVisible: 'left at once for opening or unusable (an eventless choice)' },
    opening: {
      notUserVisible:
        'the open in flight: "Opening the verification" spins only until the real server answers',
    },
    routing: { notUserVisible: 'left at once for the page the session resumes at (an eventless choice)' },
    async openFailed(page) {
      await heading(page, 'Identity verification');
      await alertSays(page, messageFor('internal', locale));
      await button(page, 'Try again').waitFor();
    },
    async flow(page) {
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: UI_TIMEOUT });
      expect(new URL(page.url()).pathname.startsWith('/identityVerification/')).toBe(true);
    },
    async 'flow.home'(page, run) {
      await heading(page, 'Identity verification');
      await onPage(page, 'home');
      await page.getByText(new RegExp(`${SUBJECT}, `)).waitFor();
      // (Disabled while a cancel is in flight, on the same page.)
      await expect.poll(() => button(page, 'Start verification').isEnabled()).toBe(true);
      await button(page, 'Cancel verification').waitFor();
      await messageOf(page, run);
    },
    async 'flow.termsAndPrivacy'(page, run) {
      await heading(page, 'Terms and privacy');
      await onPage(page, 'termsAndPrivacy');
      await messageOf(page, run);
    },
    async 'flow.agreementDetail'(page) {
      await heading(page, 'Agreement details');
      await onPage(page, 'agreementDetail');
      await button(page, 'I agree').waitFor();
    },
    'flow.recordingConsent': {
      notUserVisible: 'the consent in flight: the button spins only until the real server answers',
    },
    async 'flow.capture'(page, run) {
      await heading(page, 'Face capture');
      await onPage(page, 'home');
      await messageOf(page, run);
    },
    async 'flow.capture.startingCamera'(page) {
      // Within moments the camera answers (the path's next step): the file input is there meanwhile.
      await fileInput(page).waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    },
    async 'flow.capture.guiding'(page, run) {
      await page.locator('video').waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => startCapture(page).isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
      if (run.cause?.type === 'camera.guidance')
        await expect.poll(() => hintLine(page).getAttribute('data-hint')).toBe(LIGHT_GUIDE_HINT);
    },
    async 'flow.capture.capturingFrames'(page) {
      // The straight first frame is asked for; the movement's steps follow on the page's clock.
      await page
        .locator('[role="status"][data-hint="challengeStart"]')
        .filter({ hasText: t('Look straight at the camera') })
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await startCapture(page).isEnabled()).toBe(false);
    },
    async 'flow.capture.fileOnly'(page, run) {
      await fileInput(page).waitFor({ state: 'attached', timeout: UI_TIMEOUT });
      await page.locator('video').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      if (run.cause?.type === 'camera.unavailable')
        await alertSays(page, t('The camera is not available. Take or choose a photo instead.'));
    },
    async 'flow.uploading'(page, run) {
      await captureHeld(run);
      await page.getByLabel(t('Checking your photos')).waitFor({ timeout: UI_TIMEOUT });
    },
    async 'flow.failed'(page, run) {
      await resultSays(page, 'alert', 'Verification failed');
      const left = Limits.face.attemptsPerScan - run.data.failures;
      await alertSays(page, new RegExp(`${left} attempts? left\\.`));
      await button(page, 'Try again').waitFor();
    },
    'flow.cancelling': {
      notUserVisible: 'the cancel in flight: the button spins only until the real server answers',
    },
    async verified(page) {
      await resultSays(page, 'status', 'Verification complete');
    },
    async referred(page) {
      await resultSays(page, 'status', 'Sent for review');
    },
    async failedFinal(page) {
      await resultSays(page, 'alert', 'Verification failed');
      await alertSays(
        page,
        t('No attempts are left with this code. Generate a new code on the computer and scan it again.'),
      );
      expect(await button(page, 'Try again').count()).toBe(0);
    },
    async expired(page) {
      await resultSays(page, 'alert', 'The code has expired');
    },
    async cancelled(page) {
      await resultSays(page, 'status', 'Verification cancelled');
    },
    async unusable(page, run) {
      await heading(page, 'Identity verification');
      await alertSays(page, t('This link cannot be used'));
      const code = answerCode(run.cause ?? undefined);
      if (code && code !== 'ok') await alertSays(page, messageFor(code as CodeName, locale));
    },
  },
  events: {
    async 'user.start'(page) {
      await button(page, 'Start verification').click();
    },
    async 'user.readAgreement'(page) {
      await button(page, 'Read the full agreement').click();
    },
    async 'user.back'(page) {
      await button(page, 'Back').click();
    },
    async 'user.agree'(page, _event, run) {
      const arranged = await arrangeAnswer(page, run, 'recordConsent');
      const detail = await button(page, 'I agree').count();
      if (detail > 0) await button(page, 'I agree').click();
      else {
        await page
          .getByRole('checkbox', {
            name: t('I agree to the processing of my face image for identity verification'),
          })
          .check();
        await button(page, 'Agree and continue').click();
      }
      await arranged.passed();
    },
    async 'user.cancel'(page, _event, run) {
      const arranged = await arrangeAnswer(page, run, 'cancelVerification');
      await button(page, 'Cancel verification').click();
      await arranged.passed();
    },
    async 'user.retry'(page, _event, run) {
      const arranged = await arrangeAnswer(page, run, 'openSession');
      await button(page, 'Try again').click();
      await arranged.passed();
    },
    async 'user.takePhoto'(page) {
      await startCapture(page).click();
    },
    async 'user.chooseFile'(page, event, run) {
      const { type, size } = (event as unknown as { image: { type: string; size: number } }).image;
      const file =
        type === 'application/pdf'
          ? { name: 'scan.pdf', mimeType: type, buffer: pdf() }
          : size > Limits.upload.maxBytes
            ? {
                name: 'huge.png',
                mimeType: 'image/png',
                buffer: Buffer.alloc(size),
              }
            : { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await readFile(FACE_SOURCES.personB) };
      await fileInput(page).setInputFiles(file);
      if (run.outcomes.some((e) => e.type.endsWith('.uploadCapture'))) {
        await captureHeld(run);
      }
    },
    // The camera's events: what the phone's camera and the page's clock give.
    async 'camera.ready'() {
      // The fake camera answers getUserMedia by itself; the guiding view is asserted next.
    },
    async 'camera.unavailable'() {
      // This phone does not let the page use its camera (no permission): refused at once.
    },
    async 'camera.guidance'(page) {
      // The guidance's first look comes as soon as the preview has a picture, or one pause later.
      await runUntil(
        page,
        GUIDE_EVERY_MS,
        async () => (await hintLine(page).getAttribute('data-hint')) !== 'none',
      );
    },
    async 'camera.faceReady'(page) {
      // A few looks in a row with the face ready start the head turn by itself.
      await runUntil(page, GUIDE_EVERY_MS, async () => !(await startCapture(page).isEnabled()));
    },
    async 'camera.captured'(page, _event, run) {
      await runUntil(page, CHALLENGE_EVERY_MS, async () => run.data.capture !== null);
    },
  },
  appEvents: {},
  consequences: {
    openSession:
      'scan or read with the kept key on the real server: ok as arranged over the API (scanned, consent, a capture decided or held, cancelled, expired by the server clock); the desktop made a new code → verificationExpired; the desktop closed → verificationCancelled; another phone scanned first → verificationTokenUsed; connection cut → error',
    recordConsent:
      'POST consent: ok; server clock past the 10 minutes → verificationExpired; the desktop closed → verificationCancelled; another tab’s capture being checked → transitionNotAllowed; connection cut (and its resends) → error',
    uploadCapture:
      'POST capture, held by the network until the path’s answer: the scripted provider answers verified / referred / failed (failedFinal with the last attempt) / busy → faceEngineBusy; server clock moved → verificationExpired; the desktop closed → verificationCancelled; connection cut → error',
    cancelVerification:
      'POST cancel: ok; server clock past the 10 minutes → verificationExpired; another tab’s capture decided → transitionNotAllowed; connection cut (and its resends) → error',
    qrValidAfterScan: "10 minutes pass on the page's paused clock and on the server's clock",
  },
  answers: {
    async uploadCapture(_page, event, run) {
      const held = run.data.capture!;
      run.data.capture = null;
      if (isError(event, 'uploadCapture')) return held.route.abort('connectionfailed');
      const code = answerCode(event);
      if (code === 'verificationExpired') advanceServer(run.portal, moreThanTenMinutes);
      if (code === 'verificationCancelled')
        expect((await desktopCall(run, VerificationPaths.close(run.data.sessionId))).code).toBe(200);
      const decides = code === 'ok' || code === 'faceEngineBusy';
      const asked = decides ? providerAsked() : null;
      await held.route.fallback();
      if (!asked) return;
      await asked;
      const state = (outputOf(event) as { data?: { state: string } }).data?.state;
      if (state === 'failedFinal') await lastAttempt(run);
      if (state === 'failed') run.data.failures++;
      providerAnswers(
        code === 'faceEngineBusy'
          ? 'busy'
          : state === 'verified'
            ? 'verified'
            : state === 'referred'
              ? 'referred'
              : 'failed',
      );
    },
  },
  delays: {
    async qrValidAfterScan(page, run) {
      await advanceBoth(page, run.portal, Limits.qr.validAfterScanMs);
    },
  },
  undrivable,
};

await describeEveryTransition(
  suite,
  phoneModel,
  planDrivablePaths(phoneModel as unknown as UiModel<never>, asThePageGivesIt),
  EXCLUDED,
);
