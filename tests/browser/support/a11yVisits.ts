// How a person reaches every page of the route table (src/web/shell/routes.tsx), in the state they
// see it: who is signed in (and with which certification status), on a phone or a computer, and the
// dialog open where the page is mostly that dialog. The accessibility suite checks every route of the
// table against this list, so a new route without a visit here fails the suite.
// One visit may go on to further routes in the same tab (`then` steps with a `route`): the routes one
// person reaches from another (the card application's steps, the phone's pages) or opens next with
// the same session (the back office's lists). Each such route is opened at its own path (or reached by
// the same clicks as a visit of its own would make) and checked there; only the fresh context, person
// and cold load of the app are shared, which were most of a visit's time (docs/decisions/testing.md).
import type { Page } from 'playwright-core';
import type { Locale } from '../../../src/contract/envelope';
import type { CertificationDraft, DraftStepId } from '../../../src/contract/api/certification';
import type { Portal, SeededUser } from '../../support/portal';
import { text } from './catalog';
import {
  applicantAtStep,
  applicantWithSubmission,
  phoneLink,
  reviewerSession,
  saveStep,
} from './a11ySessions';
import type { BrowserSuite } from './suite';

export interface VisitStep {
  /** What the person did to get there (for the test's report). */
  name: string;
  /** The route of the table this step shows, when it is another one than the visit's own. */
  route?: string;
  reach(page: Page, locale: Locale): Promise<void>;
}

export interface PageVisit {
  /** Opens a page on the route, settled, as the person first sees it. */
  open(suite: BrowserSuite, locale: Locale): Promise<Page>;
  /** Further states of the same page, or further routes in the same tab, to check. */
  then?: VisitStep[];
  /**
   * Much longer than the others and busy the whole time (a very large page): spread over the list
   * (accessibility.test.ts), so that two such visits never run at once and the rest overlap them.
   */
  slow?: boolean;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page is drawn: its h1 is there and no loader is spinning. */
export async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.mantine-Loader-root')].every((l) => !(l as HTMLElement).offsetParent),
    undefined,
    { timeout: 30_000 },
  );
}

/** Opens `path` of the portal at `origin` in the tab, waits to land on `landsOn`, settled. */
async function goTo(page: Page, origin: string, path: string, landsOn = path): Promise<Page> {
  await page.goto(`${origin}${path}`);
  await page.waitForURL((url) => url.pathname === landsOn, { timeout: 30_000 });
  await settled(page);
  return page;
}

const go = (page: Page, suite: BrowserSuite, path: string, landsOn = path) =>
  goTo(page, suite.portal().url, path, landsOn);

/** A further route opened at its own path in the same tab, by the same person (a full page load). */
function openedHere(
  route: string,
  opts: { landsOn?: string; then?: (page: Page, locale: Locale) => Promise<void> } = {},
): VisitStep {
  return {
    name: opts.landsOn ? `${route} opened, on ${opts.landsOn}` : `${route} opened`,
    route,
    async reach(page, locale) {
      await goTo(page, new URL(page.url()).origin, route, opts.landsOn);
      await opts.then?.(page, locale);
    },
  };
}

/** A further route reached from the page by what the person does (`act`), then settled. */
function reachedBy(
  route: string,
  name: string,
  act: (page: Page, locale: Locale) => Promise<void>,
): VisitStep {
  return {
    name,
    route,
    async reach(page, locale) {
      await act(page, locale);
      await page.waitForURL((url) => url.pathname === route, { timeout: 30_000 });
      await settled(page);
    },
  };
}

function anonymous(path: string, opts: { mobile?: boolean; landsOn?: string } = {}): PageVisit['open'] {
  return async (suite, locale) =>
    go(await suite.page(await suite.context({ locale, mobile: opts.mobile })), suite, path, opts.landsOn);
}

type Seed = { certificationStatus?: number; auditStatus?: number; operatorId?: string };

/** `seed` is a function where every visit needs its own values (operator ids are unique). */
function applicant(
  path: string,
  seed: Seed | (() => Seed) = {},
  opts: { mobile?: boolean; landsOn?: string } = {},
): PageVisit['open'] {
  return async (suite, locale) => {
    const values = typeof seed === 'function' ? seed() : seed;
    const { page } = await suite.signedInPage(
      { ...values, language: locale },
      { locale, mobile: opts.mobile },
    );
    return go(page, suite, path, opts.landsOn);
  };
}

function reviewer(path: string, opts: { landsOn?: string; withCase?: boolean } = {}): PageVisit['open'] {
  return async (suite, locale) => {
    const portal = suite.portal();
    if (opts.withCase) await applicantWithSubmission(portal, 'zh-cn');
    const context = await suite.context({ locale });
    const { signInBeforeLoad } = await import('./appHandles');
    await signInBeforeLoad(context, await reviewerSession(portal, locale));
    return go(await suite.page(context), suite, path, opts.landsOn);
  };
}

/** The applicant and draft behind a wizard page a visit opened, for the steps that save further. */
const wizards = new WeakMap<
  Page,
  { portal: Portal; user: SeededUser; draft: Required<CertificationDraft>; at: DraftStepId }
>();

/** The certification wizard resumed at `step` (the route the wizard moves to is the step's). */
function certificationAt(step: DraftStepId): PageVisit['open'] {
  return async (suite, locale) => {
    const portal = suite.portal();
    const { user, draft } = await applicantAtStep(portal, locale, step);
    const page = await suite.page(await suite.context({ locale, seeded: user }));
    wizards.set(page, { portal, user, draft, at: step });
    return go(page, suite, `/enterpriseCertification/${step}`);
  };
}

/**
 * The same applicant's wizard resumed at the step after: the step shown is saved with its valid
 * values through the API (as applicantAtStep saves every earlier step), then the next step's route
 * is opened. The server's draft is then what applicantAtStep(next) would have left.
 */
function certificationResumedAt(next: DraftStepId): VisitStep {
  const route = `/enterpriseCertification/${next}`;
  return {
    name: `the step before saved, ${route} opened`,
    route,
    async reach(page, locale) {
      const wizard = wizards.get(page);
      if (!wizard) throw new Error(`${route}: the visit did not open the wizard with certificationAt`);
      await saveStep(wizard.portal, wizard.user, locale, wizard.at, wizard.draft[wizard.at], next);
      wizard.at = next;
      await goTo(page, new URL(page.url()).origin, route);
    },
  };
}

let operators = 0;
const certified = (): Seed => ({
  certificationStatus: 2,
  auditStatus: 2,
  operatorId: `OP${String(90_000_000 + ++operators)}`,
});

/** The phone page the QR code opens, for a fresh session of a fresh company. */
function phone(then: (page: Page, locale: Locale) => Promise<void>, landsOn: string): PageVisit['open'] {
  return async (suite, locale) => {
    const { seedSignedInUser } = await import('../../support/portal');
    const owner = await seedSignedInUser(suite.portal(), { language: locale });
    const page = await suite.page(await suite.context({ locale, mobile: true }));
    await go(page, suite, await phoneLink(suite.portal(), owner), '/identityVerification/home');
    await then(page, locale);
    await page.waitForURL((url) => url.pathname === landsOn, { timeout: 30_000 });
    await settled(page);
    return page;
  };
}

const press = (source: string) => async (page: Page, locale: Locale) =>
  page.getByRole('button', { name: text(locale, source), exact: true }).click();

/** Chooses a radio of the group the way the suites may without a pointer: focus it, Space. */
async function chooseRadio(page: Page, locale: Locale, group: string, which: 'first' | 'last') {
  const radios = page.getByRole('radiogroup', { name: text(locale, group) }).getByRole('radio');
  const radio = which === 'first' ? radios.first() : radios.last();
  await radio.waitFor({ timeout: 30_000 });
  await radio.focus();
  await page.keyboard.press('Space');
}

const dialogOpen = async (page: Page, locale: Locale, title: string) => {
  await page.getByRole('dialog', { name: text(locale, title) }).waitFor({ timeout: 30_000 });
};

/** The slider's puzzle is on screen (its handle focusable), not still loading. */
async function puzzleShown(page: Page, locale: Locale) {
  // By role only: a handle that lost its name must still be found, so that axe reports it.
  void locale;
  await page.getByRole('slider').waitFor({ timeout: 30_000 });
}

const cardFeeDialog: VisitStep = {
  name: 'card fee dialog open',
  async reach(page, locale) {
    await press('Card fee details')(page, locale);
    await dialogOpen(page, locale, 'Card fee details');
  },
};

const withPuzzle = async (page: Page, locale: Locale) => puzzleShown(page, locale);

/**
 * Keyed by the route each visit opens first; a visit's `then` steps with a `route` cover further
 * routes (routesOfVisits lists them all). Each route of the table is covered once.
 */
export const PAGE_VISITS: Record<string, PageVisit> = {
  // A status-0 applicant on a computer: the home page (through the redirect, then at its own path,
  // with its dialog), the 404 page and the password change.
  '/': {
    open: applicant('/', {}, { landsOn: '/gateway' }),
    then: [openedHere('/gateway'), cardFeeDialog, openedHere('/404'), openedHere('/modify-pwd')],
  },
  // A visitor who is not signed in: the public pages, each at its own path.
  '/login': {
    open: async (suite, locale) => {
      const page = await anonymous('/login')(suite, locale);
      await puzzleShown(page, locale);
      return page;
    },
    then: [
      openedHere('/register', { then: withPuzzle }),
      openedHere('/serviceAgreement'),
      openedHere('/activateAccount'),
      openedHere('/forgot', { then: withPuzzle }),
      openedHere('/resetPassword'),
    ],
  },
  '/mobileTransfer': { open: applicant('/mobileTransfer', {}, { mobile: true }) },
  // A certified applicant: the user center, then the card application through its redirect, at its
  // own path, and its two steps by the buttons a person presses.
  '/user-center': {
    open: applicant('/user-center', certified),
    then: [
      openedHere('/issuingCardApplication', {
        landsOn: '/issuingCardApplication/issuingCardApplicationIndex',
      }),
      openedHere('/issuingCardApplication/issuingCardApplicationIndex'),
      reachedBy(
        '/issuingCardApplication/selectBusinessPurpose',
        'Start application pressed',
        press('Start application'),
      ),
      reachedBy(
        '/issuingCardApplication/uploadRelevantInfo',
        'a business purpose chosen, Next step pressed',
        async (page, locale) => {
          await chooseRadio(page, locale, 'Business purpose', 'first');
          await press('Next step')(page, locale);
        },
      ),
    ],
  },
  // The phone the QR code opens: the link lands on home; the terms and the full agreement by its buttons.
  '/identityVerification': {
    open: phone(async () => undefined, '/identityVerification/home'),
    then: [
      {
        name: 'as landed from the link',
        route: '/identityVerification/home',
        async reach(page) {
          await page.waitForURL((url) => url.pathname === '/identityVerification/home', { timeout: 30_000 });
        },
      },
      reachedBy(
        '/identityVerification/termsAndPrivacy',
        'Start verification pressed',
        press('Start verification'),
      ),
      reachedBy(
        '/identityVerification/agreementDetail',
        'Read the full agreement pressed',
        press('Read the full agreement'),
      ),
    ],
  },
  '/identityVerification/verificationResultPage': {
    open: phone(press('Cancel verification'), '/identityVerification/verificationResultPage'),
  },
  // A status-0 applicant: the wizard's entry routes redirect to the location step.
  '/enterpriseCertification': {
    open: applicant(
      '/enterpriseCertification',
      {},
      { landsOn: '/enterpriseCertification/selectLocationCompany' },
    ),
    then: [
      openedHere('/enterpriseCertification/enterpriseCertificationIndex', {
        landsOn: '/enterpriseCertification/selectLocationCompany',
      }),
      openedHere('/enterpriseCertification/selectLocationCompany'),
      {
        name: 'location confirm dialog open',
        async reach(page, locale) {
          await chooseRadio(page, locale, 'Company location', 'first');
          await press('Next')(page, locale);
          await dialogOpen(page, locale, 'Confirm the company location');
        },
      },
    ],
  },
  // An applicant whose wizard resumes at the company information; each step saved in turn, the
  // next one opened where a fresh applicant resumed at it would be (the last with its QR dialog).
  '/enterpriseCertification/completeCompanyInfo': {
    open: certificationAt('completeCompanyInfo'),
    then: [
      certificationResumedAt('uploadEquityStructureChart'),
      certificationResumedAt('uploadLegalPersonInfo'),
      certificationResumedAt('uploadBeneficiaryInfo'),
      certificationResumedAt('uploadAuthorizerInfo'),
      {
        name: 'QR verification dialog open',
        async reach(page, locale) {
          await chooseRadio(page, locale, 'The authorizer is', 'last'); // "none of these": the authorizer is verified by QR code
          await press('Verify by scanning the QR code')(page, locale);
          await page.getByRole('dialog').locator('img, canvas, svg').first().waitFor({ timeout: 30_000 });
        },
      },
    ],
  },
  '/enterpriseCertification/uploadOtherInfo': {
    open: certificationAt('uploadOtherInfo'),
    then: [
      {
        name: 'the review step',
        async reach(page, locale) {
          await press('Next')(page, locale);
          await page.getByRole('heading', { level: 2, name: text(locale, 'Review and submit') }).waitFor();
          await settled(page);
        },
      },
    ],
  },
  // A reviewer with every role: the back office's pages that need no case, each at its own path.
  '/admin': {
    open: reviewer('/admin'),
    then: [
      openedHere('/admin/cardApplications'),
      openedHere('/admin/partnerLinks'),
      openedHere('/admin/support'),
      openedHere('/admin/accounts'),
    ],
  },
  // Every machine's diagram and tables on one page: axe alone takes tens of seconds on it.
  '/admin/machines': {
    slow: true,
    open: async (suite, locale) => {
      const page = await reviewer('/admin/machines')(suite, locale);
      await page.locator('svg[id^="mermaid-"]').first().waitFor({ timeout: 60_000 });
      return page;
    },
  },
  '/admin/certifications': {
    open: reviewer('/admin/certifications', { withCase: true }),

    then: [
      {
        name: 'a case open',
        async reach(page, locale) {
          await page
            .getByRole('table', { name: text(locale, 'Queue') })
            .locator('tbody a')
            .first()
            .click();
          await page
            .getByRole('heading', { level: 3, name: text(locale, 'Decision') })
            .waitFor({ timeout: 30_000 });
          await settled(page);
        },
      },
    ],
  },
};

/** Every route a visit covers: the one it opens, then its steps' (in the order they are checked). */
export function routesOfVisit(path: string): string[] {
  const visit = PAGE_VISITS[path];
  return [path, ...(visit?.then ?? []).flatMap((step) => (step.route ? [step.route] : []))];
}

export { pathOf };
