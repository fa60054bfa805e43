// Model-based browser test of changing the password while signed in (issue 19 §1): the chart's
// generated paths drive /modify-pwd in Chromium against the real portal, for an applicant signed in
// with a real session and a known password. The server's answers come from what is typed: the
// right current password (ok), a wrong one (currentPasswordIncorrect); a connection aborted in the
// browser gives the error branch. "Change it again" is what the page offers after a change: back to
// the user center, and its Change password link opens the form anew.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { messageFor, type CodeName } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { users } from '../../../src/server/db/schema/index';
import { hashPassword } from '../../../src/server/security/passwords';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import { seedSignedInUser, type SeededUser } from '../../support/portal';
import { text } from '../support/catalog';
import { useBrowserSuite } from '../support/suite';
import { cutNextCall, cutsACall } from './support/cutWrite';
import { installPageClock } from './support/clocks';
import { describeEveryTransition } from './support/everyTransition';
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
const FIRST = 'First#Pass1';
const WRONG = 'Wrong#Pass1';
/** Each change picks the next password: the server refuses the current one and the last three. */
const nextPassword = (n: number) => `Newer#Pass${n + 2}`;

interface ChangeData {
  user: SeededUser;
  /** The account's password now (a successful change moves it on). */
  current: string;
  changes: number;
}
type Run = UiRun<ChangeData>;

const field = (page: Page, label: string) => page.getByLabel(t(label), { exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: t('Save'), exact: true });
const alertSays = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor();
const changedNote = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: t('Your password has been changed. Your other sessions have been signed out.') });

function undrivable(path: PlannedPath): string | null {
  // The error branch is driven by aborting the request in the browser (the client rejects the call).
  return inFlightRule(path, ['saving']);
}

const changePasswordModel: UiModel<ChangeData> = {
  entryId: 'changePassword',
  locale,
  async prepare(portal) {
    await forgetRateLimits(portal);
    const user = await seedSignedInUser(portal, { language: locale });
    await portal.app.db
      .update(users)
      .set({ passwordHash: await hashPassword(FIRST) })
      .where(eq(users.id, user.signedIn.userId));
    return { user, current: FIRST, changes: 0 };
  },
  context: (browserSuite, data) => browserSuite.context({ locale, seeded: data.user }),
  async open(page, run) {
    if (cutsACall(run.path)) await installPageClock(page);
    await page.goto(`${run.portal.url}/modify-pwd`);
  },
  states: {
    async editing(page, run: Run) {
      await page.getByRole('heading', { level: 1, name: t('Change password') }).waitFor();
      await field(page, 'Current password').waitFor();
      // Enabled once the request before has been answered (the button spins meanwhile).
      await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
      const cause = run.cause ?? undefined;
      if (isError(cause, 'changePassword')) await alertSays(page, messageFor('internal', locale));
      else if (isDone(cause, 'changePassword'))
        await alertSays(page, messageFor(answerCode(cause) as CodeName, locale));
      else {
        // A fresh form (the start, or opened again after a change): empty, no message.
        expect(await field(page, 'Current password').inputValue()).toBe('');
        expect(await page.getByRole('alert').count()).toBe(0);
      }
    },
    saving: {
      notUserVisible: 'the request in flight: Save spins only until the real server answers',
    },
    async changed(page) {
      await changedNote(page).waitFor();
      await page.getByRole('link', { name: t('Back to the user center') }).waitFor();
      expect(await field(page, 'Current password').count()).toBe(0);
    },
  },
  events: {
    async 'user.submit'(page, _event, run) {
      const answer = run.outcomes[0];
      let current = run.data.current;
      const cut = isError(answer, 'changePassword')
        ? await cutNextCall(page, run.portal, `/plat${AccountPaths.changePassword}`)
        : null;
      if (answerCode(answer) === 'currentPasswordIncorrect') current = WRONG;
      const next = nextPassword(run.data.changes);
      await field(page, 'Current password').fill(current);
      await field(page, 'New password').fill(next);
      await field(page, 'Confirm password').fill(next);
      await saveButton(page).click();
      await cut?.resendsPassed();
      if (answerCode(answer) === 'ok') [run.data.current, run.data.changes] = [next, run.data.changes + 1];
    },
    async 'user.again'(page) {
      // The page sends no "again": the user goes back to the user center and opens the form anew.
      await page.getByRole('link', { name: t('Back to the user center') }).click();
      await page.waitForURL((url) => url.pathname === '/user-center');
      await page.getByRole('link', { name: t('Change password'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/modify-pwd');
    },
  },
  appEvents: {},
  consequences: {
    changePassword:
      'POST password/change on the real server: the right current password → ok; a wrong one → currentPasswordIncorrect; connection aborted → error',
  },
  undrivable,
};

await describeEveryTransition(suite, changePasswordModel);
