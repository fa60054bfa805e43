// Model-based browser test of "forgot password" (issue 19 §1), in Chinese: the chart's generated
// paths drive /forgot in Chromium against the real portal. The slider is dragged as a person drags
// it; the server's answers come from the email typed: an active account's (ok: the reset mail is
// delivered over SMTP to the dev mailbox and read there), an email no account has (emailNotFound);
// a connection aborted in the browser gives the error branch. After a refused send the page asks
// for a fresh puzzle (the app's captcha.cleared).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { messageFor, type CodeName } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { Limits, Time } from '../../../src/contract/limits';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import { text, textWith } from '../support/catalog';
import { dragSlider, watchPuzzles, type Puzzles } from '../support/slider';
import { useBrowserSuite } from '../support/suite';
import { accountWithPassword, uniqueEmail, type Account } from './support/accounts';
import { cutNextCall, cutsACall } from './support/cutWrite';
import { installPageClock } from './support/clocks';
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
const locale: Locale = 'zh-cn';
const t = (source: string) => text(locale, source);

interface ForgotData {
  owner: Account;
  puzzles?: Puzzles;
}
type Run = UiRun<ForgotData>;

const alertSays = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor();
const verified = (page: Page) => page.getByText(t('Verified'), { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: t('Send reset link'), exact: true });

/** What the form shows after the event that led back to it. */
async function messageAfter(page: Page, run: Run): Promise<void> {
  const cause = run.cause ?? undefined;
  if (!cause) return;
  if (cause.type === 'user.submit') await alertSays(page, t('Please complete the slider verification first'));
  else if (isError(cause, 'sendResetMail')) await alertSays(page, messageFor('internal', locale));
  else if (isDone(cause, 'sendResetMail'))
    await alertSays(page, messageFor(answerCode(cause) as CodeName, locale));
  else if (cause.type === 'captcha.solved') await verified(page).waitFor();
  else if (cause.type === 'captcha.cleared') {
    // A fresh puzzle, unsolved.
    await page.getByRole('slider', { name: t('Slide to complete the puzzle') }).waitFor();
    await verified(page).waitFor({ state: 'detached' });
  }
}

/**
 * The page never sends the chart these sequences: a second solve of a solved slider, anything but
 * the answer while sending, or a captcha.cleared other than right after a refused send (when the
 * app asks for a fresh puzzle).
 */
function undrivable(path: PlannedPath): string | null {
  const inFlight = inFlightRule(path, ['sending']);
  if (inFlight) return inFlight;
  let solved = false;
  let clearDue = false;
  for (const event of path.events) {
    // The app's captcha.cleared right after a refused send changes nothing the chart reads (the
    // token is already dropped), so a path may leave it out; it may not put it anywhere else.
    if (clearDue && event.type !== 'captcha.cleared') clearDue = false;
    switch (event.type) {
      case 'captcha.solved':
        if (solved) return 'a solved slider cannot be solved again';
        solved = true;
        break;
      case 'captcha.cleared':
        if (!clearDue) return 'the app clears the slider only after a refused send';
        [clearDue, solved] = [false, false];
        break;
      case 'xstate.done.actor.sendResetMail':
      case 'xstate.error.actor.sendResetMail':
        // The token went with the request: the app shows a fresh, unsolved puzzle unless the mail went.
        if (answerCode(event) !== 'ok') [clearDue, solved] = [true, false];
        break;
    }
  }
  return null;
}

const forgotModel: UiModel<ForgotData> = {
  entryId: 'forgotPassword',
  locale,
  async prepare(portal) {
    await forgetRateLimits(portal);
    return { owner: await accountWithPassword(portal, { password: 'Some#Pass1', status: 'active', locale }) };
  },
  context: (browserSuite) => browserSuite.context({ locale }),
  async open(page, run) {
    run.data.puzzles = await watchPuzzles(page, run.portal);
    if (cutsACall(run.path)) await installPageClock(page);
    await page.goto(`${run.portal.url}/forgot`);
  },
  states: {
    async editing(page, run) {
      await page.getByRole('heading', { level: 1, name: t('Forgot password') }).waitFor();
      await page.getByLabel(t('Email'), { exact: true }).waitFor();
      await sendButton(page).waitFor();
      // Enabled once the request before has been answered (the button spins meanwhile).
      await expect.poll(() => sendButton(page).isEnabled()).toBe(true);
      await messageAfter(page, run);
    },
    sending: {
      notUserVisible: 'the request in flight: the button spins only until the real server answers',
    },
    async mailSent(page, run) {
      await page
        .getByRole('status')
        .filter({
          hasText: textWith(
            locale,
            'A mail with a link to reset your password has been sent. The link is valid for {minutes} minutes.',
            { minutes: Limits.resetLink.validMs / Time.MINUTE },
          ),
        })
        .waitFor();
      await page.getByRole('link', { name: t('Go to log in') }).waitFor();
      // And the mail is real: delivered over SMTP, with the link to the reset page.
      const mail = await nthMailTo(run.portal, run.data.owner.email, 1, linksTo('/resetPassword'));
      expect(linkIn(mail, '/resetPassword', run.portal)).toMatch(/\/resetPassword\?token=/);
    },
  },
  events: {
    async 'captcha.solved'(page, _event, run) {
      await dragSlider(page, locale, run.data.puzzles!);
    },
    async 'user.submit'(page, _event, run) {
      const answer = run.outcomes[0];
      let email = run.data.owner.email;
      const cut = isError(answer, 'sendResetMail')
        ? await cutNextCall(page, run.portal, `/plat${AccountPaths.forgot}`)
        : null;
      if (answerCode(answer) === 'emailNotFound') email = uniqueEmail('nobody');
      await page.getByLabel(t('Email'), { exact: true }).fill(email);
      await sendButton(page).click();
      await cut?.resendsPassed();
    },
  },
  appEvents: {
    'captcha.cleared': "the slider's fresh puzzle, which the app asks for after a refused send",
  },
  consequences: {
    sendResetMail:
      'POST password/forgot on the real server: an active account’s email → ok (the mail is delivered); an unknown email → emailNotFound; connection aborted → error',
  },
  undrivable,
};

await describeEveryTransition(suite, forgotModel);
