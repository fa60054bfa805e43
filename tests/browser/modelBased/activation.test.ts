// Model-based browser test of the activation page (issue 19 §1): the chart's generated paths drive
// /activateAccount in Chromium against the real portal. The link is the real one: an account
// waiting for activation asks for its mail (POST activate/resend), the mail is delivered over SMTP
// to the dev mailbox and its link opened. The server's answers are arranged as time and people
// arrange them: the link as mailed (activationSuccess), opened after its 24 hours
// (activationExpired), opened again after it activated the account in another tab
// (alreadyActivated), a token never issued (activationLinkInvalid); a connection aborted in the
// browser gives the error branches. On the expired page a new mail is asked for: it arrives
// (ok), or this address has used up its resends (rateLimited, the real per-address limit), and
// after the limiter's window has passed on the server's clock it goes again.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { Codes, messageFor, type CodeName } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { Limits, Time } from '../../../src/contract/limits';
import { AccountRateLimits } from '../../../src/server/routes/ums/rateLimits';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import type { Portal } from '../../support/portal';
import { text, textWith } from '../support/catalog';
import { useBrowserSuite } from '../support/suite';
import { accountWithPassword, callApi, uniqueEmail, unknownToken, type Account } from './support/accounts';
import { advanceServer, installPageClock, resetServerClock } from './support/clocks';
import { cutNextCall, cutsACall } from './support/cutWrite';
import { describeEveryTransition } from './support/everyTransition';
import { linkIn, linksTo, nthMailTo } from './support/mailbox';
import { answerCode, forgetRateLimits, inFlightRule, isDone, isError, type UiModel } from './support/uiModel';

const suite = useBrowserSuite();
const locale: Locale = 'en-us';
const t = (source: string) => text(locale, source);

interface ActivationData {
  owner: Account;
  url: string;
  /** Activation mails the account has been sent so far. */
  mails: number;
  /** The resend before was refused by the rate limit. */
  limited: boolean;
}

const hasToken = (path: PlannedPath) => (path.input as { hasToken: boolean } | undefined)?.hasToken === true;
const answersOf = (path: PlannedPath, invokeId: string) =>
  path.events.filter((e) => isDone(e, invokeId)).map((e) => answerCode(e));

const note = (page: Page, role: 'alert' | 'status', message: string) =>
  page.getByRole(role).filter({ hasText: message }).first().waitFor();
const resendButton = (page: Page) =>
  page.getByRole('button', { name: t('Resend activation mail'), exact: true });
const loginLink = (page: Page) => page.getByRole('link', { name: t('Go to log in') });

/** The account's newest activation link, once its `count`-th activation mail has arrived. */
async function activationLink(portal: Portal, owner: Account, count: number): Promise<string> {
  const mail = await nthMailTo(portal, owner.email, count, linksTo('/activateAccount'));
  return linkIn(mail, '/activateAccount', portal);
}

function undrivable(path: PlannedPath): string | null {
  // The error branches are driven by aborting the request in the browser (the client rejects it).
  const inFlight = inFlightRule(path, ['activating', 'resending']);
  if (inFlight) return inFlight;
  // A link found expired, used or not valid stays so: a retry finds it as the first answer left it.
  const opened = answersOf(path, 'activateAccount');
  if (opened.length > 1 && opened.some((code) => code !== opened[0]))
    return 'a retried activation finds the link as the first answer left it';
  return null;
}

const activationModel: UiModel<ActivationData> = {
  entryId: 'activation',
  locale,
  async prepare(portal, path) {
    resetServerClock(portal);
    await forgetRateLimits(portal);
    const owner = await accountWithPassword(portal, { password: 'First#Pass1', status: 'inactive', locale });
    const data = { owner, url: `${portal.url}/activateAccount`, mails: 0, limited: false };
    if (!hasToken(path)) return data;
    const first = answersOf(path, 'activateAccount')[0];
    if (first === 'activationLinkInvalid')
      return { ...data, url: `${portal.url}/activateAccount?token=${unknownToken()}` };
    // The account asks for its activation mail (as the registration page's resend does).
    await callApi(portal, AccountPaths.activateResend, { email: owner.email });
    const url = await activationLink(portal, owner, 1);
    if (first === 'activationExpired') advanceServer(portal, Limits.activationLink.validMs);
    if (first === 'alreadyActivated') {
      // The link was opened in another tab first: the account is active, the link spent.
      const token = new URL(url).searchParams.get('token');
      const answer = await callApi(portal, AccountPaths.activate, { token });
      expect(answer.code).toBe(Codes.activationSuccess.code);
    }
    // The limiter counts requests from 127.0.0.1 from here on.
    await forgetRateLimits(portal);
    return { ...data, url, mails: 1 };
  },
  context: (browserSuite) => browserSuite.context({ locale }),
  async open(page, run) {
    const firstAnswer = run.path.events.find((e) => e.type.endsWith('.activateAccount'));
    if (cutsACall(run.path)) await installPageClock(page);
    const cut = isError(firstAnswer, 'activateAccount')
      ? await cutNextCall(page, run.portal, `/plat${AccountPaths.activate}`)
      : null;
    await page.goto(run.data.url);
    await cut?.resendsPassed();
  },
  states: {
    start: { notUserVisible: 'left at once: the chart reads the link and sends it or calls it not valid' },
    activating: {
      notUserVisible:
        'the link in flight: "Activating your account" spins only until the real server answers',
    },
    async failed(page) {
      await note(page, 'alert', messageFor('internal', locale));
      await page.getByRole('button', { name: t('Try again'), exact: true }).waitFor();
    },
    async activated(page) {
      await note(page, 'status', messageFor('activationSuccess', locale));
      await loginLink(page).waitFor();
    },
    async alreadyActivated(page) {
      await note(page, 'status', messageFor('alreadyActivated', locale));
      await loginLink(page).waitFor();
    },
    async invalid(page) {
      await note(page, 'alert', messageFor('activationLinkInvalid', locale));
      expect(await resendButton(page).count()).toBe(0);
    },
    async expired(page, run) {
      await note(page, 'alert', messageFor('activationExpired', locale));
      await page.getByLabel(t('Email'), { exact: true }).waitFor();
      // Enabled once the request before has been answered (the button spins meanwhile).
      await expect.poll(() => resendButton(page).isEnabled()).toBe(true);
      const cause = run.cause ?? undefined;
      if (isError(cause, 'resendActivationMail')) await note(page, 'alert', messageFor('internal', locale));
      else if (isDone(cause, 'resendActivationMail'))
        await note(page, 'alert', messageFor(answerCode(cause) as CodeName, locale));
    },
    resending: {
      notUserVisible: 'the resend in flight: the button spins only until the real server answers',
    },
    async resent(page, run) {
      await note(
        page,
        'status',
        textWith(locale, 'A new activation mail has been sent. The link is valid for {hours} hours.', {
          hours: Limits.activationLink.validMs / Time.HOUR,
        }),
      );
      // And it came: a new mail with a new link.
      expect(await activationLink(run.portal, run.data.owner, run.data.mails)).not.toBe(run.data.url);
    },
  },
  events: {
    async 'user.retry'(page, _event, run) {
      const cut = isError(run.outcomes[0], 'activateAccount')
        ? await cutNextCall(page, run.portal, `/plat${AccountPaths.activate}`)
        : null;
      await page.getByRole('button', { name: t('Try again'), exact: true }).click();
      await cut?.resendsPassed();
    },
    async 'user.resend'(page, _event, run) {
      const answer = run.outcomes[0];
      const cut = isError(answer, 'resendActivationMail')
        ? await cutNextCall(page, run.portal, `/plat${AccountPaths.activateResend}`)
        : null;
      if (answerCode(answer) === 'rateLimited') {
        // This address used up its resends meanwhile (asked for other emails: no mail goes out).
        for (let i = 0; i < AccountRateLimits.activateResend.max; i++)
          await fetch(`${run.portal.url}/plat${AccountPaths.activateResend}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: uniqueEmail('other') }),
          });
      } else if (answerCode(answer) === 'ok') {
        // After a refusal the user waits out the limiter's window (on the server's clock).
        if (run.data.limited) advanceServer(run.portal, AccountRateLimits.activateResend.timeWindow);
        run.data.mails++;
      }
      run.data.limited = answerCode(answer) === 'rateLimited';
      await page.getByLabel(t('Email'), { exact: true }).fill(run.data.owner.email);
      await resendButton(page).click();
      await cut?.resendsPassed();
    },
  },
  appEvents: {},
  consequences: {
    activateAccount:
      'POST activate with the mailed link: → activationSuccess; after 24 hours on the server’s clock → activationExpired; already opened in another tab → alreadyActivated; a token never issued → activationLinkInvalid; connection aborted → error',
    resendActivationMail:
      'POST activate/resend: ok (a new mail arrives); after five resends from this address → rateLimited (429), until its window passes on the server’s clock; connection aborted → error',
  },
  undrivable,
};

await describeEveryTransition(suite, activationModel);
