// How a person reaches every page of the route table (src/web/shell/routes.tsx), in the state they
// see it: who is signed in (and with which certification status), on a phone or a computer, and the
// dialog open where the page is mostly that dialog. The accessibility suite checks every route of the
// table against this list, so a new route without a visit here fails the suite.
import type { Page } from 'playwright-core';
import type { Locale } from '../../../src/contract/envelope';
import type { DraftStepId } from '../../../src/contract/api/certification';
import { text } from './catalog';
import { applicantAtStep, applicantWithSubmission, phoneLink, reviewerSession } from './a11ySessions';
import type { BrowserSuite } from './suite';

export interface VisitStep {
  /** What the person did to get there (for the test's report). */
  name: string;
  reach(page: Page, locale: Locale): Promise<void>;
}

export interface PageVisit {
  /** Opens a page on the route, settled, as the person first sees it. */
  open(suite: BrowserSuite, locale: Locale): Promise<Page>;
  /** Further states of the same page to check (a dialog open, a case selected, …). */
  then?: VisitStep[];
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

async function go(page: Page, suite: BrowserSuite, path: string, landsOn = path): Promise<Page> {
  await page.goto(`${suite.portal().url}${path}`);
  await page.waitForURL((url) => url.pathname === landsOn, { timeout: 30_000 });
  await settled(page);
  return page;
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

/** The certification wizard resumed at `step` (the route the wizard moves to is the step's). */
function certificationAt(step: DraftStepId): PageVisit['open'] {
  return async (suite, locale) => {
    const { user } = await applicantAtStep(suite.portal(), locale, step);
    const page = await suite.page(await suite.context({ locale, seeded: user }));
    return go(page, suite, `/enterpriseCertification/${step}`);
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

export const PAGE_VISITS: Record<string, PageVisit> = {
  '/': { open: applicant('/', {}, { landsOn: '/gateway' }) },
  '/gateway': {
    open: applicant('/gateway'),
    then: [
      {
        name: 'card fee dialog open',
        async reach(page, locale) {
          await press('Card fee details')(page, locale);
          await dialogOpen(page, locale, 'Card fee details');
        },
      },
    ],
  },
  '/login': {
    open: async (suite, locale) => {
      const page = await anonymous('/login')(suite, locale);
      await puzzleShown(page, locale);
      return page;
    },
  },
  '/register': {
    open: async (suite, locale) => {
      const page = await anonymous('/register')(suite, locale);
      await puzzleShown(page, locale);
      return page;
    },
  },
  '/serviceAgreement': { open: anonymous('/serviceAgreement') },
  '/activateAccount': { open: anonymous('/activateAccount') },
  '/forgot': {
    open: async (suite, locale) => {
      const page = await anonymous('/forgot')(suite, locale);
      await puzzleShown(page, locale);
      return page;
    },
  },
  '/resetPassword': { open: anonymous('/resetPassword') },
  '/mobileTransfer': { open: applicant('/mobileTransfer', {}, { mobile: true }) },
  '/404': { open: applicant('/404') },
  '/user-center': { open: applicant('/user-center', certified) },
  '/modify-pwd': { open: applicant('/modify-pwd') },
  '/identityVerification': { open: phone(async () => undefined, '/identityVerification/home') },
  '/identityVerification/home': { open: phone(async () => undefined, '/identityVerification/home') },
  '/identityVerification/termsAndPrivacy': {
    open: phone(press('Start verification'), '/identityVerification/termsAndPrivacy'),
  },
  '/identityVerification/agreementDetail': {
    open: phone(async (page, locale) => {
      await press('Start verification')(page, locale);
      await press('Read the full agreement')(page, locale);
    }, '/identityVerification/agreementDetail'),
  },
  '/identityVerification/verificationResultPage': {
    open: phone(press('Cancel verification'), '/identityVerification/verificationResultPage'),
  },
  '/enterpriseCertification': {
    open: applicant(
      '/enterpriseCertification',
      {},
      { landsOn: '/enterpriseCertification/selectLocationCompany' },
    ),
  },
  '/enterpriseCertification/enterpriseCertificationIndex': {
    open: applicant(
      '/enterpriseCertification/enterpriseCertificationIndex',
      {},
      { landsOn: '/enterpriseCertification/selectLocationCompany' },
    ),
  },
  '/enterpriseCertification/selectLocationCompany': {
    open: applicant('/enterpriseCertification/selectLocationCompany'),
    then: [
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
  '/enterpriseCertification/completeCompanyInfo': { open: certificationAt('completeCompanyInfo') },
  '/enterpriseCertification/uploadEquityStructureChart': {
    open: certificationAt('uploadEquityStructureChart'),
  },
  '/enterpriseCertification/uploadLegalPersonInfo': { open: certificationAt('uploadLegalPersonInfo') },
  '/enterpriseCertification/uploadBeneficiaryInfo': { open: certificationAt('uploadBeneficiaryInfo') },
  '/enterpriseCertification/uploadAuthorizerInfo': {
    open: certificationAt('uploadAuthorizerInfo'),
    then: [
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
  '/issuingCardApplication': {
    open: applicant('/issuingCardApplication', certified, {
      landsOn: '/issuingCardApplication/issuingCardApplicationIndex',
    }),
  },
  '/issuingCardApplication/issuingCardApplicationIndex': {
    open: applicant('/issuingCardApplication/issuingCardApplicationIndex', certified),
  },
  '/issuingCardApplication/selectBusinessPurpose': {
    open: async (suite, locale) => {
      const page = await applicant('/issuingCardApplication/issuingCardApplicationIndex', certified)(
        suite,
        locale,
      );
      await press('Start application')(page, locale);
      await page.waitForURL((url) => url.pathname === '/issuingCardApplication/selectBusinessPurpose');
      await settled(page);
      return page;
    },
  },
  '/issuingCardApplication/uploadRelevantInfo': {
    open: async (suite, locale) => {
      const page = await applicant('/issuingCardApplication/issuingCardApplicationIndex', certified)(
        suite,
        locale,
      );
      await press('Start application')(page, locale);
      await chooseRadio(page, locale, 'Business purpose', 'first');
      await press('Next step')(page, locale);
      await page.waitForURL((url) => url.pathname === '/issuingCardApplication/uploadRelevantInfo');
      await settled(page);
      return page;
    },
  },
  '/admin': { open: reviewer('/admin') },
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
  '/admin/cardApplications': { open: reviewer('/admin/cardApplications') },
  '/admin/partnerLinks': { open: reviewer('/admin/partnerLinks') },
  '/admin/machines': {
    open: async (suite, locale) => {
      const page = await reviewer('/admin/machines')(suite, locale);
      await page.locator('svg[id^="mermaid-"]').first().waitFor({ timeout: 60_000 });
      return page;
    },
  },
  '/admin/support': { open: reviewer('/admin/support') },
  '/admin/accounts': { open: reviewer('/admin/accounts') },
};

export { pathOf };
