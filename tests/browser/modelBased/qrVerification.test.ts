// Model-based browser test of the desktop QR verification dialog (issue 19 §1): the dialog chart's
// generated paths drive the dialog of the certification wizard's authorizer step in Chromium
// against the real portal, for a mainland manager whose draft waits at that step. What the phone
// does is done as a phone does it, over the phone's own API with the code's token (scan, consent,
// capture, cancel); the desktop learns it through its real live stream. The face provider is the
// one stand-in (as in tests/server/paths/verificationSession.http.test.ts): a scripted provider,
// selected by the portal's faceProvider setting like any vendor, holds each capture until the path
// says what it answers, so the dialog's "verifying" is seen. The 120-second regenerate and the 10
// minutes after the scan pass on the page's clock and the server's; a connection aborted in the
// browser gives the error branches.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { afterAll, expect } from 'vitest';
import { FaceCaptureRules, VerificationPaths } from '../../../src/contract/api/verification';
import { messageFor, type CodeName } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { Limits } from '../../../src/contract/limits';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import {
  FACE_PROVIDERS,
  type FaceProviderFactory,
  type FaceVerificationResult,
} from '../../../src/server/services/verification/faceProvider';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import { png } from '../../fixtures/files/samples';
import { seedSignedInUser, type Portal, type SeededUser } from '../../support/portal';
import { text, textPattern } from '../support/catalog';
import {
  chooseAuthorizer,
  field,
  openWizard,
  personGroup,
  qrDialog,
  qrLink,
  UI_TIMEOUT,
} from '../support/certificationDriver';
import { seedCnDraftWithoutVerification } from '../support/certificationSeed';
import { PUBLIC_URL } from '../support/phoneDriver';
import { useBrowserSuite } from '../support/suite';
import { advanceBoth, advanceServer, installPageClock, resetServerClock } from './support/clocks';
import { cutNextCall } from './support/cutWrite';
import { planDrivablePaths } from './support/drivablePlan';
import { describeEveryTransition } from './support/everyTransition';
import {
  activeStatePaths,
  forgetRateLimits,
  inFlightRule,
  isDone,
  isError,
  outputOf,
  type UiModel,
  type UiRun,
} from './support/uiModel';

// ---- the scripted face provider ------------------------------------------------------------------

const ENGINE = { name: 'uiPathsScripted', version: '1' };
type ProviderAnswer = 'verified' | 'referred' | 'failed';
const RESULTS: Record<ProviderAnswer, FaceVerificationResult> = {
  verified: { outcome: 'verified', score: 0.9, engine: ENGINE },
  referred: { outcome: 'referred', reason: 'greyBand', score: 0.5, engine: ENGINE },
  failed: { outcome: 'failed', reason: 'noMatch', score: 0.1, engine: ENGINE },
};
/** The capture the provider holds (one path runs at a time), and who waits for it to be asked. */
let held: ((result: FaceVerificationResult) => void) | null = null;
let onAsked: (() => void) | null = null;
const scriptedProvider: FaceProviderFactory = () => ({
  name: ENGINE.name,
  verify: () =>
    new Promise<FaceVerificationResult>((resolve) => {
      held = resolve;
      onAsked?.();
    }),
});
// A provider is chosen by name from this table (faceProvider.ts "How a vendor plugs in").
(FACE_PROVIDERS as Record<string, FaceProviderFactory>)[ENGINE.name] = scriptedProvider;

/** A capture left held by a path that ended (expired, closed) ends before the next one. */
function releaseHeld(): void {
  held?.(RESULTS.failed);
  held = null;
}
afterAll(releaseHeld);

// The QR code encodes the public address.
const suite = useBrowserSuite({ config: { publicUrl: PUBLIC_URL, faceProvider: ENGINE.name } });
const locale: Locale = 'en-us';
const t = (source: string) => text(locale, source);

// ---- the phone, over its API ---------------------------------------------------------------------

interface Phone {
  key: string | null;
  consented: boolean;
  /** The capture request while the provider holds it. */
  capture: Promise<Response> | null;
}
const freshPhone = (): Phone => ({ key: null, consented: false, capture: null });

/** How the desktop learns what the phone did: its live stream, or (stream down) its polls. */
interface Live {
  polling: boolean;
  /** Poll answers received so far. */
  polls: number;
  /** Lets the held polls through until one more answer has arrived. */
  poll(): Promise<void>;
}
interface QrData {
  user: SeededUser;
  phone: Phone;
  live?: Live;
}
type Run = UiRun<QrData>;

async function phoneCall(
  portal: Portal,
  path: string,
  body: unknown,
): Promise<{ code: number; data: unknown }> {
  const response = await fetch(`${portal.url}/plat${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: '1' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: unknown };
}

async function scanOnPhone(page: Page, run: Run): Promise<void> {
  const token = new URL(await qrLink(page)).searchParams.get('session');
  const answer = await phoneCall(run.portal, VerificationPaths.scan, { token });
  expect(answer.code).toBe(200);
  run.data.phone = { ...freshPhone(), key: (answer.data as { phoneKey: string }).phoneKey };
}

/** Consent (once), then the frames; resolves when the provider holds them (the session is verifying). */
async function captureOnPhone(run: Run): Promise<void> {
  const phone = run.data.phone;
  if (!phone.consented) {
    expect(
      (await phoneCall(run.portal, VerificationPaths.consent, { key: phone.key, accepted: true })).code,
    ).toBe(200);
    phone.consented = true;
  }
  const form = new FormData();
  form.append('key', phone.key!);
  form.append('source', 'camera');
  const frame = png(240, 260);
  for (let i = 0; i < FaceCaptureRules.camera.minFrames; i++)
    form.append('frame', new Blob([new Uint8Array(frame)]), `frame${i}.png`);
  const asked = new Promise<void>((resolve) => (onAsked = resolve));
  phone.capture = fetch(`${run.portal.url}/plat${VerificationPaths.capture}`, { method: 'POST', body: form });
  await asked;
  onAsked = null;
}

/** The provider answers the held capture; the capture request then answers. */
async function providerAnswers(run: Run, answer: ProviderAnswer): Promise<void> {
  const resolve = held!;
  held = null;
  resolve(RESULTS[answer]);
  await run.data.phone.capture;
  run.data.phone.capture = null;
}

type PhoneStep =
  'scanned' | 'verifying' | 'failed' | 'verified' | 'referred' | 'failedFinal' | 'cancelled' | 'expired';

/**
 * The phone takes whatever steps it has not taken yet to bring the session to `step` (with the
 * stream up, the path has already had the steps before; with it down, the desktop sees only the end).
 */
async function phoneTo(page: Page, run: Run, step: PhoneStep): Promise<void> {
  if (!run.data.phone.key) await scanOnPhone(page, run);
  if (step === 'scanned') return;
  if (step === 'cancelled') {
    const answer = await phoneCall(run.portal, VerificationPaths.cancel, { key: run.data.phone.key });
    expect(answer.code).toBe(200);
    return;
  }
  // 10 minutes after the scan, by both clocks (the desktop did not see the scan: no timer of its own).
  if (step === 'expired') return advanceBoth(page, run.portal, Limits.qr.validAfterScanMs);
  if (!held) await captureOnPhone(run);
  if (step === 'verifying') return;
  if (step === 'failedFinal')
    // This scan has one attempt left (the count is the server's).
    await run.portal.app.db
      .update(verificationSessions)
      .set({ attempts: FaceCaptureRules.attemptsPerScan - 1 })
      .where(eq(verificationSessions.state, 'verifying'));
  await providerAnswers(run, step === 'failedFinal' ? 'failed' : step);
}

/** What the phone did reaches the desktop: at once on the stream, at the next poll without it. */
async function phoneDid(page: Page, run: Run, step: PhoneStep): Promise<void> {
  await phoneTo(page, run, step);
  if (run.data.live?.polling) await run.data.live.poll();
}

/** The poll of the desktop (GET the session), not its stream or its actions. */
const isPoll = (pathname: string) => /^\/plat\/verify\/sessions\/[^/]+$/.test(pathname);
const isStream = (pathname: string) => /^\/plat\/verify\/sessions\/[^/]+\/events$/.test(pathname);

/**
 * The live stream down for the whole path: every connection is cut, so the desktop reconnects and
 * then polls (machines/qrSessionLive). The polls are held back between the path's steps, as a slow
 * network holds them, and let through by poll(): the desktop learns the phone's moves exactly when
 * the path says, and a move made just before a click stays unknown to it, as on a slow poll.
 */
async function streamDown(page: Page, run: Run): Promise<Live> {
  let open = false;
  const waiting: Array<() => void> = [];
  await page.route(
    (url) => isStream(url.pathname),
    (route) => route.abort('connectionfailed'),
  );
  await page.route(
    (url) => isPoll(url.pathname),
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      if (!open) await new Promise<void>((resolve) => waiting.push(resolve));
      await route.fallback().catch(() => undefined);
    },
  );
  const live: Live = {
    polling: true,
    polls: 0,
    async poll() {
      const before = live.polls;
      open = true;
      for (const release of waiting.splice(0)) release();
      // The follower's pauses (reconnects, then the poll interval) pass on both clocks.
      await expect
        .poll(async () => {
          if (live.polls > before) return true;
          await advanceBoth(page, run.portal, 500);
          return false;
        })
        .toBe(true);
      open = false;
    },
  };
  page.on('response', (response) => {
    if (response.request().method() === 'GET' && isPoll(new URL(response.url()).pathname)) live.polls++;
  });
  return live;
}

// ---- the page ------------------------------------------------------------------------------------

const dialog = (page: Page) => qrDialog(page, locale);
const inDialog = (page: Page, role: 'status' | 'alert', message: string | RegExp) =>
  dialog(page).getByRole(role).filter({ hasText: message }).first().waitFor({ timeout: UI_TIMEOUT });
const generateButton = (page: Page) =>
  dialog(page).getByRole('button', { name: t('Generate a new code'), exact: true });
const closeButton = (page: Page) => dialog(page).getByRole('button', { name: t('Close'), exact: true });
const enabledSoon = (locator: ReturnType<Page['getByRole']>) =>
  expect.poll(() => locator.isEnabled()).toBe(true);

/** The message the dialog shows after the answer that led back to the code (refused or cut). */
async function messageAfter(page: Page, run: Run): Promise<void> {
  const cause = run.cause ?? undefined;
  if (isError(cause, 'regenerateSession')) await inDialog(page, 'alert', messageFor('internal', locale));
  const output = outputOf(cause) as { kind?: string; code?: CodeName } | undefined;
  if (isDone(cause, 'regenerateSession') && output?.kind === 'tooSoon')
    await inDialog(page, 'alert', messageFor('regenerateTooSoon', locale));
  if ((isDone(cause, 'regenerateSession') || isDone(cause, 'closeSession')) && output?.kind === 'refused')
    await inDialog(page, 'alert', messageFor(output.code!, locale));
}

/** The path of a desktop action on the session on screen (its id is the server's). */
const sessionAction = (action: 'regenerate' | 'close') => (pathname: string) =>
  pathname.startsWith('/plat/verify/sessions/') && pathname.endsWith(`/${action}`);

const BUSY = ['creating', 'regenerating', 'closing'];
const OUR_SESSION = '00000000-0000-4000-8000-00000000a001';
const refused = (event: EventObject, invokeId: string) =>
  isDone(event, invokeId) && (outputOf(event) as { kind: string }).kind === 'refused';
const madeCode = (event: EventObject) => isDone(event, 'createSession');

/**
 * Steps only the polls can show: with the stream up, the desktop sees every change of the session
 * in order, so an update that skips one (the phone verifying before the desktop saw the scan) or
 * a click refused because the phone moved meanwhile happens only while the stream is down.
 */
function onlyWhilePolling(path: PlannedPath): boolean {
  return path.events.some((event, i) => {
    const active = activeStatePaths(path.expectedValues[i]!);
    if (refused(event, 'regenerateSession') || refused(event, 'closeSession')) return true;
    if (!event.type.startsWith('session.') || event.type === 'session.scanned') return false;
    if (active.includes('active.waitingForScan')) return true;
    const outcome = ['session.failed', 'session.verified', 'session.referred', 'session.failedFinal'];
    return outcome.includes(event.type) && !active.includes('active.scanned.verifying');
  });
}

function undrivable(path: PlannedPath): string | null {
  const inFlight = inFlightRule(path, BUSY);
  if (inFlight) return inFlight;
  const made = path.events.filter(madeCode).map((event) => (outputOf(event) as { kind: string }).kind);
  if (made.some((kind) => kind !== made[0]))
    return 'every code of a visit is made for the same authorizer name: refused for an empty one, always';
  for (const [i, event] of path.events.entries()) {
    const active = activeStatePaths(path.expectedValues[i]!);
    const session = (event as { sessionId?: string }).sessionId;
    if (session && session !== OUR_SESSION)
      return "another session's update never reaches this dialog: it follows one session";
    if (event.type === 'session.expired' && !active.includes('active.waitingForScan'))
      return "once the dialog knows of the scan, its own 10-minute timer and the server's expiry are the same moment: the timer is driven";
    // A refusal because the phone moved is followed by the update that says how it moved.
    const before = path.events[i - 1];
    const reveal =
      before && refused(before, 'regenerateSession')
        ? 'session.scanned'
        : before && refused(before, 'closeSession')
          ? 'session.verifying'
          : null;
    if (reveal && event.type !== reveal)
      return `the poll after the refusal shows what the phone did (${reveal})`;
  }
  return null;
}

const qrModel: UiModel<QrData> = {
  entryId: 'qrVerification',
  locale,
  async prepare(portal) {
    releaseHeld();
    resetServerClock(portal);
    await forgetRateLimits(portal);
    const user = await seedSignedInUser(portal, { certificationStatus: 0, language: locale });
    await seedCnDraftWithoutVerification(portal.url, user);
    return { user, phone: freshPhone() };
  },
  context: (browserSuite, data) => browserSuite.context({ locale, seeded: data.user }),
  async open(page, run) {
    await installPageClock(page);
    await openWizard(page, run.portal.url);
    await chooseAuthorizer(page, 'none');
    if (onlyWhilePolling(run.path)) run.data.live = await streamDown(page, run);
    const made = run.path.events.find(madeCode);
    if (made && (outputOf(made) as { kind: string }).kind === 'refused') {
      // Verify pressed before the authorizer's name was typed: the dialog asks for a code with no name.
      const authorizer = personGroup(page, locale, 'authorizer');
      await field(authorizer, locale, 'Surname (English)').fill('');
      await field(authorizer, locale, 'Given name (English)').fill('');
    }
    const first = run.path.events.find((e) => e.type.endsWith('.createSession'));
    const cut = isError(first, 'createSession')
      ? await cutNextCall(page, run.portal, `/plat${VerificationPaths.sessions}`)
      : null;
    await page.getByRole('button', { name: t('Verify by scanning the QR code') }).click();
    await cut?.resendsPassed();
  },
  states: {
    creating: {
      notUserVisible: 'the code in flight: "Preparing the code" spins only until the real server answers',
    },
    async creationFailed(page, run) {
      const cause = run.cause ?? undefined;
      const code = isDone(cause, 'createSession') ? (outputOf(cause) as { code: CodeName }).code : 'internal';
      await inDialog(page, 'alert', messageFor(code, locale));
      await dialog(page)
        .getByRole('button', { name: t('Try again'), exact: true })
        .waitFor();
    },
    async active(page) {
      await dialog(page).waitFor({ timeout: UI_TIMEOUT });
    },
    async 'active.waitingForScan'(page, run) {
      await dialog(page)
        .getByRole('img', { name: t('QR code for identity verification') })
        .waitFor();
      await closeButton(page).waitFor();
      await messageAfter(page, run);
    },
    async 'active.waitingForScan.notRenewable'(page) {
      await dialog(page)
        .getByRole('timer')
        .filter({ hasText: textPattern(locale, 'A new code can be generated in {secondsToRegenerate} s') })
        .waitFor();
      expect(await generateButton(page).isDisabled()).toBe(true);
    },
    async 'active.waitingForScan.renewable'(page) {
      await enabledSoon(generateButton(page));
      expect(await dialog(page).getByRole('timer').count()).toBe(0);
    },
    async 'active.scanned'(page) {
      await dialog(page).getByText(textPattern(locale, 'Valid for {validFor}')).waitFor();
    },
    async 'active.scanned.opened'(page) {
      await inDialog(page, 'status', t('The code was scanned. Please continue on the phone.'));
      await closeButton(page).waitFor();
    },
    async 'active.scanned.verifying'(page) {
      await inDialog(page, 'status', t('The phone is verifying. Please keep this window open.'));
      // The dialog cannot be closed meanwhile.
      expect(await closeButton(page).count()).toBe(0);
    },
    async 'active.scanned.failed'(page) {
      await inDialog(page, 'status', t('Verification failed on the phone. It can try again.'));
      await closeButton(page).waitFor();
    },
    regenerating: {
      notUserVisible: 'the new code in flight: the button spins only until the real server answers',
    },
    closing: { notUserVisible: 'the close in flight: the dialog closes as soon as the real server answers' },
    async cancelled(page) {
      await inDialog(
        page,
        'status',
        t('Verification was cancelled on the phone. A new scan is needed before you can submit.'),
      );
      await enabledSoon(generateButton(page));
    },
    async expired(page) {
      await inDialog(page, 'status', t('The code has expired. Generate a new code and scan it again.'));
      await enabledSoon(generateButton(page));
    },
    async failedFinal(page) {
      await inDialog(
        page,
        'status',
        t('The face check failed on the phone and no attempts are left with this code.'),
      );
      await enabledSoon(generateButton(page));
    },
    async verified(page) {
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      await page.getByText(t('Face verification passed'), { exact: true }).waitFor();
    },
    async referred(page) {
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      await page.getByText(t('Face verification sent for review'), { exact: true }).waitFor();
    },
    async closed(page) {
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      await page.getByRole('button', { name: t('Verify by scanning the QR code') }).waitFor();
    },
  },
  events: {
    async 'user.copyLink'(page) {
      await dialog(page)
        .getByRole('button', { name: t('Copy link'), exact: true })
        .click();
      // The clipboard answers either way; the toast says which.
      await page
        .getByRole('alert')
        .filter({
          hasText: new RegExp(
            `${t('Link copied')}|${t('The link could not be copied. Select it and copy it by hand.')}`,
          ),
        })
        .first()
        .waitFor();
    },
    async 'user.regenerate'(page, _event, run) {
      const answer = run.outcomes[0];
      const cut = isError(answer, 'regenerateSession')
        ? await cutNextCall(page, run.portal, sessionAction('regenerate'))
        : null;
      const kind = isDone(answer, 'regenerateSession') ? (outputOf(answer) as { kind: string }).kind : null;
      if (kind === 'tooSoon')
        // The server's clock is behind the page's: by its count the 120 s are not over yet.
        advanceServer(run.portal, -Limits.qr.regenerateAfterMs / 4);
      // The phone scanned the code just now; the desktop's next poll has not told it yet.
      if (kind === 'refused') await phoneTo(page, run, 'scanned');
      // A new code (or, from a voided one, a new session): the phone has not seen it.
      const newCode = kind === 'ok' || !answer || !answer.type.endsWith('.regenerateSession');
      await generateButton(page).click();
      if (newCode) run.data.phone = freshPhone();
      await cut?.resendsPassed();
    },
    async 'user.close'(page, _event, run) {
      const cut = isError(run.outcomes[0], 'closeSession')
        ? await cutNextCall(page, run.portal, sessionAction('close'))
        : null;
      // The phone started verifying just now; the desktop's next poll has not told it yet.
      if (refused(run.outcomes[0] ?? { type: '' }, 'closeSession')) await phoneTo(page, run, 'verifying');
      await closeButton(page).click();
      await cut?.resendsPassed();
    },
    async 'user.retry'(page, _event, run) {
      const cut = isError(run.outcomes[0], 'createSession')
        ? await cutNextCall(page, run.portal, `/plat${VerificationPaths.sessions}`)
        : null;
      await dialog(page)
        .getByRole('button', { name: t('Try again'), exact: true })
        .click();
      await cut?.resendsPassed();
    },
    // The phone's moves (over its API); the desktop learns them from its stream or its next poll.
    ...Object.fromEntries(
      (
        [
          'scanned',
          'verifying',
          'failed',
          'verified',
          'referred',
          'failedFinal',
          'cancelled',
          'expired',
        ] as const
      ).map((step) => [
        `session.${step}`,
        (page: Page, _event: EventObject, run: Run) => phoneDid(page, run, step),
      ]),
    ),
  },
  appEvents: {},
  consequences: {
    createSession:
      'POST verify/sessions on the real server: ok; the authorizer’s English name cleared before Verify → validationFailed; connection aborted → error',
    regenerateSession:
      'POST regenerate after the 120 s on both clocks → ok; with the server\u2019s clock behind → tooSoon; the phone scanned just before (the desktop polling) → transitionNotAllowed; connection aborted → error',
    closeSession:
      'POST close → ok; the phone started verifying just before (the desktop polling) → transitionNotAllowed; connection aborted → error (the dialog closes anyway)',
    qrRegenerateAfter: "120 s pass on the page's fake clock and on the server's clock",
    qrValidAfterScan: "10 minutes pass on the page's fake clock and on the server's clock",
  },
  delays: {
    async qrRegenerateAfter(page, run) {
      await advanceBoth(page, run.portal, Limits.qr.regenerateAfterMs);
    },
    async qrValidAfterScan(page, run) {
      await advanceBoth(page, run.portal, Limits.qr.validAfterScanMs);
    },
  },
  undrivable,
};

// The planner's shortest paths run into steps only polling shows: the plan of drivable steps.
await describeEveryTransition(suite, qrModel, planDrivablePaths(qrModel as unknown as UiModel<never>));
