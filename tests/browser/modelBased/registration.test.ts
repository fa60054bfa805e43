// Model-based browser test of registration (issue 9 §3): the registration chart's generated paths
// drive /register in Chromium against the real portal. Stage 1 is filled and the slider dragged;
// the code is read from the portal's dev mailbox, as a person reads their mail; the code's 60-second
// resend and 3-minute life pass on the page's fake clock and the server's clock together. The
// server's refusals are arranged with real rows: an account already on the email (active or not
// yet activated), a code sent "from another tab" just now (too soon to resend), a slider token that
// expired before the send, a wrong code; a connection aborted in the browser gives the error
// branches, the client's resends of the cut write passing on both clocks (cutWrite.ts). A resend
// goes without the slider, also after the code expired (the server's window).
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { messageFor, type CodeName } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { Limits, Time } from '../../../src/contract/limits';
import { captchaChallenges, emailCodes, users } from '../../../src/server/db/schema/index';
import type { DevMailboxItem } from '../../../src/server/routes/dev/mailbox';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import type { Portal } from '../../support/portal';
import { createCompany } from '../../support/sessions';
import { text, textPattern, textWith } from '../support/catalog';
import { dragSlider, watchPuzzles, type Puzzles } from '../support/slider';
import { useBrowserSuite } from '../support/suite';
import { advanceBoth, installPageClock, resetServerClock } from './support/clocks';
import { cutNextCall, cutsACall, type CutCall } from './support/cutWrite';
import {
  activeStatePaths,
  answerCode,
  describeUiModel,
  forgetRateLimits,
  inFlightRule,
  isDone,
  isError,
  planUi,
  type UiModel,
  type UiRun,
} from './support/uiModel';

const suite = useBrowserSuite();
const locale: Locale = 'en-us';
const PASSWORD = 'First#Pass1';

interface RegistrationData {
  email: string;
  puzzles?: Puzzles;
}
type Run = UiRun<RegistrationData>;

const t = (source: string) => text(locale, source);

/** Cuts the next call to `/plat{path}` when the answer the path expects next is `invokeId`'s error. */
const cutIfError = (page: Page, run: Run, invokeId: string, path: string): Promise<CutCall | null> =>
  isError(run.outcomes[0], invokeId) ? cutNextCall(page, run.portal, path) : Promise.resolve(null);
const button = (page: Page, name: string) => page.getByRole('button', { name: t(name), exact: true });
const alertSays = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor();

/** An account already on `email`: active (emailRegistered) or waiting for activation. */
async function accountOn(portal: Portal, email: string, status: 'active' | 'inactive'): Promise<void> {
  const company = await createCompany(portal.app);
  await portal.app.db.insert(users).values({
    companyId: company.id,
    email,
    firstName: 'Earlier',
    lastName: 'Owner',
    position: 'manager',
    passwordHash: '!test-account-without-password',
    role: 'applicant',
    status,
    language: locale,
  });
}

/** The newest of the `sent` code mails to `email` (the dev mailbox lists newest first), once delivered. */
async function newestCode(portal: Portal, email: string, sent: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${portal.url}/plat/dev/mailbox?to=${encodeURIComponent(email)}`);
        const body = (await response.json()) as { data: { items: DevMailboxItem[] } };
        const codeMails = body.data.items.filter((m) => /\b\d{6}\b/.test(m.subject));
        if (codeMails.length < sent) return false;
        code = /\b(\d{6})\b/.exec(codeMails[0]!.subject)?.[1];
        return code !== undefined;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  return code!;
}

async function onStage1(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: t('Register') }).waitFor();
  await page.getByLabel(t('Legal first name'), { exact: true }).waitFor();
}

const codeButton = (page: Page) =>
  page.getByRole('button', {
    name: new RegExp(
      `^(${t('Send code')}|${t('Resend code')}|${t('Resend in {secondsLeft} s').replace('{secondsLeft}', '\\d+')})$`,
    ),
  });

/** Enabled once the request the click started has been answered (the button spins meanwhile). */
const enabled = (locator: ReturnType<Page['getByRole']>) =>
  expect.poll(() => locator.isEnabled(), { timeout: 20_000, interval: 100 }).toBe(true);

const codeExpiredNote = (page: Page) =>
  page.getByRole('status').filter({ hasText: t('The code has expired. Send a new one.') });

/** The message of the state after the event that led there, when that event says one. */
async function flowMessage(page: Page, run: Run): Promise<void> {
  const cause = run.cause;
  if (!cause) return;
  if (cause.type.startsWith('xstate.error.actor.')) return alertSays(page, messageFor('internal', locale));
  const code = answerCode(cause);
  if (cause.type.startsWith('xstate.done.actor.') && code && code !== 'ok')
    return alertSays(page, messageFor(code as CodeName, locale));
}

/** Index of the last captcha.solved before event `i` (0 when none). */
function lastSolved(path: PlannedPath, i: number): number {
  const before = path.events.slice(0, i).map((e) => e.type);
  return Math.max(0, before.lastIndexOf('captcha.solved'));
}

function undrivable(path: PlannedPath): string | null {
  const inFlight = inFlightRule(path, [
    'verification.code.sending',
    'verification.submission.registering',
    'activation.resending',
  ]);
  if (inFlight) return inFlight;
  // A failed connection rejects the page-handled calls (src/web/api/client.ts): their error
  // branches are driven by aborting the request in the browser, before it reaches the server.
  let solved = false;
  let clearDue = false;
  for (const [i, event] of path.events.entries()) {
    const active = activeStatePaths(path.expectedValues[i]!);
    if (clearDue && event.type !== 'captcha.cleared') clearDue = false;
    switch (event.type) {
      case 'captcha.solved':
        if (!active.includes('info')) return 'the slider is on stage 1 only';
        if (solved) return 'a solved slider cannot be solved again';
        solved = true;
        break;
      case 'captcha.cleared':
        if (!clearDue) return 'the app clears the slider only when it asks for a fresh puzzle';
        clearDue = false;
        break;
      case 'user.back':
        [clearDue, solved] = [true, false];
        break;
      case 'xstate.done.actor.sendCode':
        // A send carries the slider's token only until a send is answered (the chart drops it on
        // every answer; an aborted request never reached the server and keeps it). Without a token
        // the server skips the slider, as a code went out moments ago: captchaFailed cannot happen.
        if (
          answerCode(event) === 'captchaFailed' &&
          path.events.slice(lastSolved(path, i), i).some((e) => isDone(e, 'sendCode'))
        )
          return 'only a send carrying the slider token can be refused for the slider';
        if (answerCode(event) === 'captchaFailed') [clearDue, solved] = [true, false];
        break;
    }
    if (active.includes('alreadyRegistered')) return 'already registered: the page only links to log in';
  }
  return null;
}

const registrationModel: UiModel<RegistrationData> = {
  entryId: 'registration',
  locale,
  async prepare(portal) {
    resetServerClock(portal);
    await forgetRateLimits(portal);
    return { email: `mb-${randomUUID().slice(0, 8)}@example.test` };
  },
  context: (browserSuite) => browserSuite.context({ locale }),
  async open(page, run) {
    run.data.puzzles = await watchPuzzles(page, run.portal);
    // Named delays pass on the clocks, and so do the client's resends of a cut write.
    if (run.path.events.some((e) => e.type.startsWith('xstate.after.')) || cutsACall(run.path))
      await installPageClock(page);
    await page.goto(`${run.portal.url}/register`);
  },
  states: {
    async info(page, run) {
      await onStage1(page);
      const cause = run.cause;
      if (cause?.type === 'user.submitInfo')
        await alertSays(page, t('Please complete the slider verification first'));
      else if (cause?.type === 'captcha.solved')
        await page.getByText(t('Verified'), { exact: true }).waitFor();
      else await flowMessage(page, run);
    },
    async verification(page) {
      await page.getByLabel(t('Verification code'), { exact: true }).waitFor();
    },
    async 'verification.code'(page) {
      await codeButton(page).waitFor();
    },
    async 'verification.code.notSent'(page, run) {
      await button(page, 'Send code').waitFor();
      await enabled(button(page, 'Send code'));
      await flowMessage(page, run);
    },
    'verification.code.sending': {
      notUserVisible: 'the send request in flight: the button spins only until the real server answers',
    },
    async 'verification.code.fresh'(page) {
      // The 60-second cooldown: the button counts down and cannot be pressed.
      const countdown = page.getByRole('button', {
        name: new RegExp(`^${t('Resend in {secondsLeft} s').replace('{secondsLeft}', '\\d+')}$`),
      });
      await countdown.waitFor();
      expect(await countdown.isDisabled()).toBe(true);
    },
    async 'verification.code.resendable'(page, run) {
      await button(page, 'Resend code').waitFor();
      await enabled(button(page, 'Resend code'));
      // A code that may merely be resent is not called expired.
      expect(await codeExpiredNote(page).count()).toBe(0);
      await flowMessage(page, run);
    },
    async 'verification.code.expired'(page, run) {
      await button(page, 'Resend code').waitFor();
      await enabled(button(page, 'Resend code'));
      // The expiry shows before the user clicks anything.
      await codeExpiredNote(page).waitFor();
      if (run.cause?.type === 'user.submitCode') await alertSays(page, messageFor('codeExpired', locale));
    },
    async 'verification.submission'(page) {
      await button(page, 'Register').waitFor();
    },
    async 'verification.submission.idle'(page, run) {
      await button(page, 'Register').waitFor();
      const cause = run.cause;
      if (cause?.type === 'user.submitCode') {
        const notSent = run.path.events
          .slice(0, run.at)
          .every((e) => !isDone(e, 'sendCode') || answerCode(e) !== 'ok');
        if (notSent) await alertSays(page, messageFor('codeNotSent', locale));
      } else if (isDone(cause ?? undefined, 'register') || isError(cause ?? undefined, 'register'))
        await flowMessage(page, run);
    },
    'verification.submission.registering': {
      notUserVisible: 'the register request in flight: the button spins only until the real server answers',
    },
    async activation(page, run) {
      await page.getByText(run.data.email).first().waitFor();
      await button(page, 'Resend activation mail').waitFor();
      if (isDone(run.cause ?? undefined, 'sendCode'))
        await alertSays(page, messageFor('emailRegisteredNotActivated', locale));
    },
    async 'activation.mailSent'(page, run) {
      await button(page, 'Resend activation mail').waitFor();
      if (isDone(run.cause ?? undefined, 'resendActivation'))
        await alertSays(
          page,
          textWith(locale, 'A new activation mail has been sent. The link is valid for {hours} hours.', {
            hours: Limits.activationLink.validMs / Time.HOUR,
          }),
        );
      if (isError(run.cause ?? undefined, 'resendActivation'))
        await alertSays(page, messageFor('internal', locale));
    },
    'activation.resending': {
      notUserVisible: 'the resend request in flight: the button spins only until the real server answers',
    },
    async 'activation.resendRefused'(page) {
      await page
        .getByText(textPattern(locale, 'You can send the activation mail again at {retryTime}.'))
        .waitFor();
    },
    async alreadyRegistered(page) {
      await alertSays(page, messageFor('emailRegistered', locale));
      await page.getByRole('link', { name: t('Go to log in') }).waitFor();
    },
  },
  events: {
    async 'captcha.solved'(page, _event, run) {
      await dragSlider(page, locale, run.data.puzzles!);
    },
    async 'user.submitInfo'(page, _event, run) {
      const field = (label: string) => page.getByLabel(t(label), { exact: true });
      await field('Legal first name').fill('Ada');
      await field('Legal last name').fill('Lovelace');
      await field('Company location').selectOption('HK');
      await field('Company name').fill('Analytical Engines Ltd');
      await field('Company position').selectOption('manager');
      await field('Email').fill(run.data.email);
      await field('Password').fill(PASSWORD);
      await field('Confirm password').fill(PASSWORD);
      await page.getByRole('checkbox').check();
      await button(page, 'Next').click();
    },
    async 'user.back'(page) {
      await button(page, 'Back').click();
    },
    async 'user.sendCode'(page, _event, run) {
      const answer = run.outcomes[0];
      const { db } = run.portal.app;
      const cut = await cutIfError(page, run, 'sendCode', `/plat${AccountPaths.registerSendCode}`);
      if (answerCode(answer) === 'ok') {
        // The code "another tab" sent just now (an earlier codeResendTooSoon) is a minute old by now.
        const minuteAgo = new Date(run.portal.app.clock.now().getTime() - Limits.emailCode.resendAfterMs);
        await db
          .update(emailCodes)
          .set({ sentAt: minuteAgo })
          .where(
            and(
              eq(emailCodes.email, run.data.email),
              isNull(emailCodes.voidedAt),
              gt(emailCodes.sentAt, minuteAgo),
            ),
          );
      }
      // Someone registered the email meanwhile (activated, or still waiting for activation).
      else if (answerCode(answer) === 'emailRegistered')
        await accountOn(run.portal, run.data.email, 'active');
      else if (answerCode(answer) === 'emailRegisteredNotActivated')
        await accountOn(run.portal, run.data.email, 'inactive');
      else if (answerCode(answer) === 'captchaFailed')
        // The slider's token outlived its 2 minutes before the send.
        await db
          .update(captchaChallenges)
          .set({ tokenExpiresAt: new Date(run.portal.app.clock.now().getTime() - 1000) })
          .where(and(isNotNull(captchaChallenges.tokenHash), isNull(captchaChallenges.tokenUsedAt)));
      else if (answerCode(answer) === 'codeResendTooSoon') {
        // Another tab of the same person sent a code just now.
        const now = run.portal.app.clock.now();
        const moved = await db
          .update(emailCodes)
          .set({ sentAt: now })
          .where(and(eq(emailCodes.email, run.data.email), isNull(emailCodes.voidedAt)))
          .returning({ id: emailCodes.id });
        if (moved.length === 0)
          await db.insert(emailCodes).values({
            email: run.data.email,
            codeHash: 'sent-from-another-tab',
            sentAt: now,
            expiresAt: new Date(now.getTime() + Limits.emailCode.validMs),
          });
      }
      await codeButton(page).click();
      await cut?.resendsPassed();
    },
    async 'user.submitCode'(page, _event, run) {
      const answer = run.outcomes[0];
      const sent = run.path.events
        .slice(0, run.at + 1)
        .filter((e) => isDone(e, 'sendCode') && answerCode(e) === 'ok').length;
      let code = '000000';
      const cut = await cutIfError(page, run, 'register', `/plat${AccountPaths.register}`);
      if (sent > 0) {
        const real = await newestCode(run.portal, run.data.email, sent);
        if (answerCode(answer) === 'codeWrong') code = real === '000000' ? '111111' : '000000';
        else code = real;
        // Someone finished registering this email in the meantime.
        if (answerCode(answer) === 'emailRegistered') await accountOn(run.portal, run.data.email, 'active');
      }
      await page.getByLabel(t('Verification code'), { exact: true }).fill(code);
      await button(page, 'Register').click();
      await cut?.resendsPassed();
    },
    async 'user.resendActivation'(page, _event, run) {
      const cut = await cutIfError(page, run, 'resendActivation', `/plat${AccountPaths.activateResend}`);
      if (answerCode(run.outcomes[0]) === 'rateLimited') {
        // Another tab used up this address's resends: the real per-address limit answers 429.
        for (let i = 0; i < 5; i++) {
          await fetch(`${run.portal.url}/plat${AccountPaths.activateResend}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: run.data.email }),
          });
        }
      }
      await button(page, 'Resend activation mail').click();
      await cut?.resendsPassed();
    },
  },
  appEvents: {
    'captcha.cleared':
      "the slider's fresh puzzle, which the app asks for on Back and when the server refused the slider token",
  },
  consequences: {
    sendCode:
      'POST send-code on the real server: a new email → ok; an account on it → emailRegistered / emailRegisteredNotActivated; the token expired in the database → captchaFailed; a code "sent just now" → codeResendTooSoon; connection aborted → error',
    register:
      'POST register: the mailed code → ok; another code → codeWrong; an account made on the email meanwhile → emailRegistered; connection aborted → error',
    resendActivation:
      'POST activate/resend: ok; after five resends of the address → rateLimited (429 with a retry time); connection aborted → error',
    resendCooldown: "60 s pass on the page's fake clock and on the server's clock",
    untilResendAllowed: "the retry time of the server's 429 passes on the page's fake clock and the server's",
    codeValidityAfterCooldown: "the rest of the code's 3 minutes pass on both clocks",
  },
  delays: {
    async untilResendAllowed(page, run) {
      await advanceBoth(page, run.portal, 10 * 60_000);
    },
    async resendCooldown(page, run) {
      await advanceBoth(page, run.portal, Limits.emailCode.resendAfterMs);
    },
    async codeValidityAfterCooldown(page, run) {
      await advanceBoth(page, run.portal, Limits.emailCode.validMs - Limits.emailCode.resendAfterMs);
    },
  },
  undrivable,
};

describeUiModel(suite, registrationModel, await planUi(registrationModel as unknown as UiModel<never>));
