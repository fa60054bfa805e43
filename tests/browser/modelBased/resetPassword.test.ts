// Model-based browser test of resetting the password from the mailed link (issue 19 §1): the
// chart's generated paths drive /resetPassword in Chromium against the real portal. The link is the
// real one: "forgot password" asked in another tab (slider solved, POST password/forgot), the mail
// delivered over SMTP to the dev mailbox and its link opened. The server's answers are arranged as
// time and people arrange them: the link as mailed (ok), 30 minutes later on the page's clock and
// the server's (resetLinkExpired), a token never issued or a link voided by a newer reset mail from
// another tab (resetLinkInvalid), the current password typed as the new one (passwordReused); a
// connection aborted in the browser gives the error branches. A link without a token is opened too.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { messageFor, type CodeName } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { Limits } from '../../../src/contract/limits';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import type { Portal } from '../../support/portal';
import { text } from '../support/catalog';
import { useBrowserSuite } from '../support/suite';
import { accountWithPassword, askForResetMail, unknownToken, type Account } from './support/accounts';
import { advanceBoth, advanceServer, installPageClock, resetServerClock } from './support/clocks';
import { cutNextCall, cutsACall } from './support/cutWrite';
import { describeEveryTransition } from './support/everyTransition';
import { linkIn, linksTo, nthMailTo } from './support/mailbox';
import {
  answerCode,
  forgetRateLimits,
  inFlightRule,
  isDone,
  isError,
  type UiModel,
  type UiRun,
} from './support/uiModel';

const suite = useBrowserSuite();
const locale: Locale = 'en-us';
const t = (source: string) => text(locale, source);
const CURRENT = 'Current#Pass1';
const NEW = 'Newer#Pass2';

interface ResetData {
  owner: Account;
  /** The page's address: the mailed link, a link with an unknown token, or none at all. */
  url: string;
  resetMails: number;
}
type Run = UiRun<ResetData>;

const hasToken = (path: PlannedPath) => (path.input as { hasToken: boolean } | undefined)?.hasToken === true;
/** A link is still to be voided by a newer mail when the submit is refused as invalid. */
const answersOf = (path: PlannedPath, invokeId: string) =>
  path.events.filter((e) => isDone(e, invokeId)).map((e) => answerCode(e));

const field = (page: Page, label: string) => page.getByLabel(t(label), { exact: true });
const resetButton = (page: Page) => page.getByRole('button', { name: t('Reset password'), exact: true });
const alertSays = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor();

async function mailedLink(portal: Portal, owner: Account, count: number): Promise<string> {
  await askForResetMail(portal, owner.email, locale);
  return linkIn(
    await nthMailTo(portal, owner.email, count, linksTo('/resetPassword')),
    '/resetPassword',
    portal,
  );
}

async function refusedLink(page: Page, code: CodeName): Promise<void> {
  await alertSays(page, messageFor(code, locale));
  await page.getByRole('link', { name: t('Request a new reset link') }).waitFor();
  expect(await field(page, 'New password').count()).toBe(0);
}

function undrivable(path: PlannedPath): string | null {
  // The error branches are driven by aborting the request in the browser (the client rejects it).
  const inFlight = inFlightRule(path, ['checkingLink', 'saving']);
  if (inFlight) return inFlight;
  // A link checked as expired or not valid stays so: it cannot be found usable on a retry.
  const checks = answersOf(path, 'checkResetLink');
  if (checks.length > 1 && checks.some((code) => code !== checks[0]))
    return 'a retried check finds the link as the first answer left it';
  return null;
}

const resetModel: UiModel<ResetData> = {
  entryId: 'resetPassword',
  locale,
  async prepare(portal, path) {
    resetServerClock(portal);
    await forgetRateLimits(portal);
    const owner = await accountWithPassword(portal, { password: CURRENT, status: 'active', locale });
    if (!hasToken(path)) return { owner, url: `${portal.url}/resetPassword`, resetMails: 0 };
    const firstCheck = answersOf(path, 'checkResetLink')[0];
    if (firstCheck === 'resetLinkInvalid')
      return { owner, url: `${portal.url}/resetPassword?token=${unknownToken()}`, resetMails: 0 };
    const url = await mailedLink(portal, owner, 1);
    // The mail was opened after its 30 minutes (the page is not open yet: the server's clock alone).
    if (firstCheck === 'resetLinkExpired') advanceServer(portal, Limits.resetLink.validMs);
    return { owner, url, resetMails: 1 };
  },
  context: (browserSuite) => browserSuite.context({ locale }),
  async open(page, run) {
    if (answersOf(run.path, 'resetPassword').includes('resetLinkExpired') || cutsACall(run.path))
      await installPageClock(page);
    const firstAnswer = run.path.events.find((e) => e.type.endsWith('.checkResetLink'));
    const cut = isError(firstAnswer, 'checkResetLink')
      ? await cutNextCall(page, run.portal, `/plat${AccountPaths.resetCheck}`)
      : null;
    await page.goto(run.data.url);
    await cut?.resendsPassed();
  },
  states: {
    start: { notUserVisible: 'left at once: the chart reads the link and checks it or calls it not valid' },
    checkingLink: {
      notUserVisible: 'the check in flight: "Checking the link" spins only until the real server answers',
    },
    async checkFailed(page) {
      await alertSays(page, messageFor('internal', locale));
      await page.getByRole('button', { name: t('Try again'), exact: true }).waitFor();
    },
    async editing(page, run) {
      await page.getByRole('heading', { level: 1, name: t('Reset password') }).waitFor();
      await field(page, 'New password').waitFor();
      // Enabled once the request before has been answered (the button spins meanwhile).
      await expect.poll(() => resetButton(page).isEnabled()).toBe(true);
      const cause = run.cause ?? undefined;
      if (isError(cause, 'resetPassword')) await alertSays(page, messageFor('internal', locale));
      else if (isDone(cause, 'resetPassword'))
        await alertSays(page, messageFor(answerCode(cause) as CodeName, locale));
    },
    saving: { notUserVisible: 'the reset in flight: the button spins only until the real server answers' },
    async linkExpired(page) {
      await refusedLink(page, 'resetLinkExpired');
    },
    async linkInvalid(page) {
      await refusedLink(page, 'resetLinkInvalid');
    },
    async done(page) {
      // "Password reset" is said, then the login page.
      await page.waitForURL((url) => url.pathname === '/login');
      await alertSays(page, t('Your password has been reset. Please log in with the new password.'));
      await page.getByRole('heading', { level: 1, name: t('Log in') }).waitFor();
    },
  },
  events: {
    async 'user.retry'(page, _event, run) {
      const cut = isError(run.outcomes[0], 'checkResetLink')
        ? await cutNextCall(page, run.portal, `/plat${AccountPaths.resetCheck}`)
        : null;
      await page.getByRole('button', { name: t('Try again'), exact: true }).click();
      await cut?.resendsPassed();
    },
    async 'user.submit'(page, _event: EventObject, run: Run) {
      const answer = run.outcomes[0];
      let password = NEW;
      const cut = isError(answer, 'resetPassword')
        ? await cutNextCall(page, run.portal, `/plat${AccountPaths.reset}`)
        : null;
      if (answerCode(answer) === 'passwordReused') password = CURRENT;
      else if (answerCode(answer) === 'resetLinkExpired')
        // The form stayed open past the link's 30 minutes.
        await advanceBoth(page, run.portal, Limits.resetLink.validMs);
      else if (answerCode(answer) === 'resetLinkInvalid') {
        // Another tab asked for a newer reset mail meanwhile: this link is voided.
        run.data.resetMails++;
        await mailedLink(run.portal, run.data.owner, run.data.resetMails);
      }
      await field(page, 'New password').fill(password);
      await field(page, 'Confirm password').fill(password);
      await resetButton(page).click();
      await cut?.resendsPassed();
    },
  },
  appEvents: {},
  consequences: {
    checkResetLink:
      'POST password/reset/check: the mailed link → ok; opened after 30 minutes → resetLinkExpired; a token never issued → resetLinkInvalid; connection aborted → error',
    resetPassword:
      'POST password/reset: a new password → ok; the current one → passwordReused; 30 minutes passed on both clocks → resetLinkExpired; a newer reset mail asked for in another tab → resetLinkInvalid; connection aborted → error',
  },
  undrivable,
};

await describeEveryTransition(suite, resetModel);
