// Model-based browser test of the login flow (issue 9 §3): the login chart's generated paths drive
// /login in Chromium against the real portal. The slider is dragged as a person drags it; the
// server's answers come from real accounts arranged per path: the right password (ok), a wrong one
// (invalidCredentials), a wrong one on an account with four failures behind it (the fifth locks:
// accountLocked), a broken connection (the error branch). The 30-minute lockout and the client's resends of a cut
// sign-in pass on the page's clock and the server's together.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { messageFor, type CodeName } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { Limits } from '../../../src/contract/limits';
import { users } from '../../../src/server/db/schema/index';
import { hashPassword } from '../../../src/server/security/passwords';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import type { Portal } from '../../support/portal';
import { signInAs } from '../../support/sessions';
import { text } from '../support/catalog';
import { dragSlider, watchPuzzles, type Puzzles } from '../support/slider';
import { useBrowserSuite } from '../support/suite';
import { advanceBoth, installPageClock, resetServerClock } from './support/clocks';
import { cutNextCall, cutsACall } from './support/cutWrite';
import {
  answerCode,
  describeUiModel,
  forgetRateLimits,
  inFlightRule,
  isError,
  planUi,
  type UiModel,
  type UiRun,
} from './support/uiModel';

const suite = useBrowserSuite();
const locale: Locale = 'en-us';
const RIGHT = 'Right#Pass1';
const WRONG = 'Wrong#Pass1';

/** The registry's two sign-in emails: the account in the path, and another one (the "another account" guard). */
const OTHER_EMAIL = 'other@company.example';

interface Account {
  id: string;
  email: string;
}
interface LoginData {
  owner: Account;
  other: Account;
  puzzles?: Puzzles;
}

async function account(portal: Portal): Promise<Account> {
  const made = await signInAs(portal.app, { role: 'applicant', language: locale });
  await portal.app.db
    .update(users)
    .set({ passwordHash: await hashPassword(RIGHT) })
    .where(eq(users.id, made.userId));
  return { id: made.userId, email: made.email };
}

const accountOf = (run: UiRun<LoginData>, event: EventObject) =>
  (event as { email?: string }).email === OTHER_EMAIL ? run.data.other : run.data.owner;

const alertSays = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor();
const alertGone = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor({ state: 'detached' });
const verified = (page: Page) => page.getByText(text(locale, 'Verified'), { exact: true });
const captchaRequired = () => text(locale, 'Please complete the slider verification first');

async function onLoginPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text(locale, 'Log in') }).waitFor();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** What the state's message shows after the event that led there. */
async function messageAfter(page: Page, run: UiRun<LoginData>): Promise<void> {
  const cause = run.cause;
  if (!cause) return;
  if (cause.type === 'user.submit') {
    // Stayed on the form: the slider was not solved.
    await alertSays(page, captchaRequired());
  } else if (isError(cause, 'signIn')) {
    await alertSays(page, messageFor('internal', locale));
  } else if (cause.type === 'xstate.done.actor.signIn') {
    await alertSays(page, messageFor(answerCode(cause) as CodeName, locale));
  } else if (cause.type === 'captcha.solved') {
    await verified(page).waitFor();
  } else if (cause.type === 'captcha.cleared') {
    // A fresh puzzle, unsolved.
    await page.getByRole('slider', { name: text(locale, 'Slide to complete the puzzle') }).waitFor();
    await verified(page).waitFor({ state: 'detached' });
  } else if (cause.type.startsWith('xstate.after.')) {
    await alertGone(page, messageFor('accountLocked', locale));
  }
}

/**
 * The login page never sends the chart these sequences: a second solve of a solved slider, anything
 * but the answer while signing in, anything after signing in (the app has moved on), or a
 * captcha.cleared other than right after a refused sign-in (when the app asks for a fresh puzzle).
 */
function undrivable(path: PlannedPath): string | null {
  // A failed connection rejects the page-handled call (src/web/api/client.ts): the error branch is
  // driven by aborting the request in the browser.
  const inFlight = inFlightRule(path, ['signingIn']);
  if (inFlight) return inFlight;
  let solved = false;
  let clearDue = false;
  for (const [i, event] of path.events.entries()) {
    const before = path.expectedValues[i];
    if (before === 'signedIn') return 'signed in, the app has left /login';
    // The app's captcha.cleared right after a refused sign-in changes nothing the chart reads (the
    // token is already gone), so a path may leave it out; it may not put it anywhere else.
    if (clearDue && event.type !== 'captcha.cleared') clearDue = false;
    switch (event.type) {
      case 'captcha.solved':
        if (solved) return 'a solved slider cannot be solved again';
        solved = true;
        break;
      case 'captcha.cleared':
        if (!clearDue) return 'the app clears the slider only after a refused sign-in';
        clearDue = false;
        solved = false;
        break;
      case 'xstate.done.actor.signIn':
      case 'xstate.error.actor.signIn':
        // A refused sign-in spent the token: the app shows a fresh, unsolved puzzle.
        if (answerCode(event) !== 'ok') [clearDue, solved] = [true, false];
        break;
    }
  }
  return null;
}

const loginModel: UiModel<LoginData> = {
  entryId: 'login',
  locale,
  async prepare(portal) {
    resetServerClock(portal);
    await forgetRateLimits(portal);
    const [owner, other] = await Promise.all([account(portal), account(portal)]);
    return { owner, other };
  },
  context: (browserSuite) => browserSuite.context({ locale }),
  async open(page, run) {
    run.data.puzzles = await watchPuzzles(page, run.portal);
    // The lockout passes on the clocks, and so do the client's resends of a cut sign-in.
    if (run.path.events.some((e) => e.type.startsWith('xstate.after.')) || cutsACall(run.path))
      await installPageClock(page);
    await page.goto(`${run.portal.url}/login`);
  },
  states: {
    async editing(page, run) {
      await onLoginPage(page);
      await messageAfter(page, run);
    },
    signingIn: {
      notUserVisible:
        'the request in flight: the button spins only until the real server answers, and the next state follows at once',
    },
    async locked(page, run) {
      await onLoginPage(page);
      if (run.cause?.type === 'user.submit' && !(await verified(page).isVisible()))
        await alertSays(page, captchaRequired());
      else await alertSays(page, messageFor('accountLocked', locale));
    },
    async signedIn(page) {
      await page.waitForURL((url) => url.pathname === '/gateway');
      await page.getByRole('heading', { level: 1, name: text(locale, 'Home') }).waitFor();
    },
  },
  events: {
    async 'captcha.solved'(page, _event, run) {
      await dragSlider(page, locale, run.data.puzzles!);
    },
    async 'user.submit'(page, event, run) {
      const who = accountOf(run, event);
      const answer = run.outcomes[0];
      let password = RIGHT;
      const cut = isError(answer, 'signIn')
        ? await cutNextCall(page, run.portal, `/plat${AccountPaths.login}`)
        : null;
      if (answerCode(answer) === 'invalidCredentials') password = WRONG;
      else if (answerCode(answer) === 'accountLocked') {
        // Four failures already counted: this wrong password is the fifth, which locks the account.
        await run.portal.app.db
          .update(users)
          .set({ failedLogins: Limits.login.maxFailures - 1, lockedUntil: null })
          .where(eq(users.id, who.id));
        password = WRONG;
      }
      await page.getByLabel(text(locale, 'Email'), { exact: true }).fill(who.email);
      await page.getByLabel(text(locale, 'Password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: text(locale, 'Log in'), exact: true }).click();
      await cut?.resendsPassed();
    },
  },
  appEvents: {
    'captcha.cleared': "the slider's fresh puzzle, which the app asks for after a refused sign-in",
  },
  consequences: {
    signIn:
      'POST /ums/login on the real server: right password → ok; wrong → invalidCredentials; wrong with four failures counted → accountLocked; connection aborted → error',
    lockoutPeriod: "30 minutes pass on the page's fake clock and on the server's clock",
  },
  delays: {
    async lockoutPeriod(page, run) {
      await advanceBoth(page, run.portal, Limits.login.lockoutMs);
    },
  },
  undrivable,
};

describeUiModel(suite, loginModel, await planUi(loginModel as unknown as UiModel<never>));
