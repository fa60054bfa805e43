// The back office end to end (issue 8 "Done when", second bullet) in a real Chromium against the real
// portal: a reviewer (created as `npm run admin -- create-reviewer` does) logs in at /login with the
// slider dragged by the mouse and lands on /admin; the certification queue lists the oldest case
// first; the case shows a PDF and an image inline; the reviewer rejects with a reason; the applicant
// (another browser, signed in) reads the reason on the gateway, fixes the field and resubmits; the
// reviewer claims the case and proposes its approval, cannot confirm it (four eyes, issue 21 §3, even
// holding the approver role), a second person with the approver role confirms it; the applicant's
// gateway shows approved, the approval mail goes out, and the watermark gains the operator id.
// Also: an applicant never gets the back office, and the machine-diagrams page renders Mermaid SVG.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { BackOfficeRole } from '../../src/contract/api/backOfficeRoles';
import type { CertificationDraft } from '../../src/contract/api/certification';
import type { Locale } from '../../src/contract/envelope';
import { companies, users } from '../../src/server/db/schema/index';
import { createReviewer } from '../../src/server/services/reviewers';
import type { SessionUser } from '../../src/web/session/sessionStore';
import { WATERMARK_ATTR } from '../../src/web/shell/watermarkLayer';
import { pdf } from '../fixtures/files/samples';
import {
  confirm,
  save,
  submit,
  upload,
  validCnDraft,
  view,
  type Caller,
} from '../server/certification/support';
import { certificationOf, mailsTo } from '../server/admin/support';
import type { Portal, SeededUser } from '../support/portal';
import { seedSignedInUser } from '../support/portal';
import { signInAs } from '../support/sessions';
import type { TestApp } from '../support/testApp';
import { signInBeforeLoad } from './support/appHandles';
import { text } from './support/catalog';
import { dragSlider, watchPuzzles } from './support/slider';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** The reviewer works in English, the applicant in Chinese: both catalogs get exercised. */
const REVIEWER_LOCALE: Locale = 'en-us';
const APPLICANT_LOCALE: Locale = 'zh-cn';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const onPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);
const button = (page: Page, locale: Locale, name: string) =>
  page.getByRole('button', { name: text(locale, name), exact: true });

// ---- the slider, as a person solves it ------------------------------------------------------------

// ---- the people ----------------------------------------------------------------------------------

const REVIEWER_PASSWORD = 'Review#Pass1';

/** A reviewer account exactly as `npm run admin -- create-reviewer --roles reviewer,approver` makes it. */
async function newReviewer(): Promise<{ email: string; id: string }> {
  const portal = suite.portal();
  const email = `reviewer-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const row = await createReviewer(portal.app.db, portal.app.clock, {
    email,
    password: REVIEWER_PASSWORD,
    firstName: 'Rita',
    lastName: 'Reviewer',
    language: REVIEWER_LOCALE,
    roles: ['reviewer', 'approver'],
  });
  return { email, id: row.id };
}

/** Another back-office person (by default with the approver role only), signed in in its own browser. */
async function approverPage(roles: BackOfficeRole[] = ['approver']): Promise<{ page: Page; userId: string }> {
  const portal = suite.portal();
  const signedIn = await signInAs(portal.app, {
    role: 'reviewer',
    roles,
    language: REVIEWER_LOCALE,
  });
  const [row] = await portal.app.db.select().from(users).where(eq(users.id, signedIn.userId));
  const context = await suite.context({ locale: REVIEWER_LOCALE });
  await signInBeforeLoad(context, {
    isLogin: true,
    token: signedIn.token,
    operatorId: null,
    userInfo: {
      userId: row!.id,
      email: row!.email,
      firstName: 'Bea',
      lastName: 'Approver',
      role: 'reviewer',
      backOfficeRoles: row!.backOfficeRoles,
    },
    enterpriseCertificationStatus: -1,
    enterpriseAuditStatus: null,
    companyCreditCode: null,
    companyName: null,
  });
  return { page: await suite.page(context), userId: row!.id };
}

/** The reviewer at /login: email, password, the slider dragged with the mouse, log in. */
async function reviewerLogsIn(page: Page, email: string): Promise<void> {
  const puzzles = await watchPuzzles(page, suite.portal());
  await page.goto(`${suite.portal().url}/login`);
  await page.getByRole('heading', { level: 1, name: text(REVIEWER_LOCALE, 'Log in') }).waitFor();
  await page.getByLabel(text(REVIEWER_LOCALE, 'Email'), { exact: true }).fill(email);
  await page.getByLabel(text(REVIEWER_LOCALE, 'Password'), { exact: true }).fill(REVIEWER_PASSWORD);
  await dragSlider(page, REVIEWER_LOCALE, puzzles);
  await button(page, REVIEWER_LOCALE, 'Log in').click();
}

/** The server tests' helpers take a TestApp; a browser portal has the two parts they use. */
const asTestApp = (portal: Portal) => ({ app: portal.app, url: portal.url }) as unknown as TestApp;

function callerOf(user: SeededUser): Caller {
  return { signedIn: user.signedIn, headers: { ...user.signedIn.headers, language: '0' } };
}

interface SubmittedApplicant {
  user: SeededUser;
  caller: Caller;
  companyName: string;
  draft: Required<CertificationDraft>;
}

/**
 * A signed-in applicant of a fresh CN company who has submitted a complete certification through the
 * real applicant API: documents uploaded through POST /plat/files (images, and a PDF among the other
 * documents), every step saved, submitted.
 */
async function applicantWithSubmittedCertification(): Promise<SubmittedApplicant> {
  const portal = suite.portal();
  const t = asTestApp(portal);
  const user = await seedSignedInUser(portal, { certificationStatus: 0, language: APPLICANT_LOCALE });
  const caller = callerOf(user);
  await confirm(t, caller, 'CN');
  const draft = await validCnDraft(t, caller);
  draft.uploadOtherInfo = {
    ...draft.uploadOtherInfo,
    otherFileIds: [await upload(t, caller, 'otherDocument', pdf())],
  };
  for (const [step, values] of Object.entries(draft))
    await save(t, caller, step as keyof CertificationDraft, values);
  const submitted = await submit(t, caller);
  if (submitted.status !== 200 || submitted.body.code !== 200) {
    throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
  }
  const [company] = await portal.app.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, user.signedIn.companyId!));
  return { user, caller, companyName: company!.name, draft };
}

// ---- the pages -----------------------------------------------------------------------------------

const queueTable = (page: Page) => page.getByRole('table', { name: text(REVIEWER_LOCALE, 'Queue') });

/** The company names of the queue's rows, top to bottom. */
async function queueCompanies(page: Page): Promise<string[]> {
  const rows = queueTable(page).locator('tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent?.trim() ?? ''));
}

async function openCertificationQueue(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: text(REVIEWER_LOCALE, 'Back office') })
    .getByRole('link', { name: text(REVIEWER_LOCALE, 'Certification reviews'), exact: true })
    .click();
  await onPath(page, '/admin/certifications');
  await queueTable(page).locator('tbody tr').first().waitFor();
}

async function openCase(page: Page, companyName: string): Promise<void> {
  await queueTable(page).getByRole('link', { name: companyName, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/certifications' && url.searchParams.has('case'));
  await page.getByRole('heading', { level: 3, name: text(REVIEWER_LOCALE, 'Decision') }).waitFor();
}

/** Confirms the decision the panel asks about and waits for "recorded". */
async function confirmDecision(page: Page, question: string): Promise<void> {
  await page.getByText(text(REVIEWER_LOCALE, question), { exact: true }).waitFor();
  await button(page, REVIEWER_LOCALE, 'Confirm').click();
  await page
    .getByRole('status')
    .filter({ hasText: text(REVIEWER_LOCALE, 'Decision recorded. The applicant is informed by email.') })
    .waitFor();
}

const certificationCard = (page: Page) =>
  page.getByRole('region', { name: text(APPLICANT_LOCALE, 'Enterprise certification') });

async function gatewayCertificationShows(page: Page, badge: string): Promise<void> {
  await page.goto(`${suite.portal().url}/gateway`);
  await page.getByRole('heading', { level: 1, name: text(APPLICANT_LOCALE, 'Home') }).waitFor();
  await certificationCard(page)
    .locator('.mantine-Badge-root')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text(APPLICANT_LOCALE, badge))}\\s*$`) })
    .waitFor();
}

/** The text the watermark tile draws (decoded from the layer's SVG background). */
function watermarkTile(page: Page): Promise<string> {
  return page.evaluate((attr) => {
    const layer = document.querySelector<HTMLElement>(`[${attr}]`);
    return layer ? decodeURIComponent(getComputedStyle(layer).backgroundImage) : '';
  }, WATERMARK_ATTR);
}

// ---- the applicant's wizard ----------------------------------------------------------------------

const WIZARD_ORDER = [
  'Company information',
  'Equity structure chart',
  'Director / legal person',
  'Beneficiaries',
  'Authorizer',
  'Other information',
  'Review and submit',
] as const;

/** The step the wizard shows now (its h2), once it has loaded. */
async function wizardStep(page: Page): Promise<string> {
  const names = WIZARD_ORDER.map((step) => text(APPLICANT_LOCALE, step));
  const heading = page
    .getByRole('heading', { level: 2 })
    .filter({ hasText: new RegExp(`^(${names.map(escapeRegExp).join('|')})$`) });
  await heading.first().waitFor();
  return (await heading.first().textContent())!.trim();
}

async function moveTo(page: Page, direction: 'Back' | 'Next', from: string): Promise<string> {
  await button(page, APPLICANT_LOCALE, direction).click();
  await expect.poll(() => wizardStep(page), { timeout: 15_000 }).not.toBe(from);
  return wizardStep(page);
}

/**
 * From the gateway's "process immediately": the wizard shows the reviewer's reason; the applicant goes
 * back to the company information, corrects the English name, walks forward through every step
 * (each saved) to the review, submits, and is back home.
 */
async function resubmitThroughWizard(page: Page, reason: string, fixedName: string): Promise<void> {
  await certificationCard(page)
    .getByRole('link', { name: text(APPLICANT_LOCALE, 'Process immediately') })
    .click();
  await page.getByRole('status').filter({ hasText: reason }).waitFor();
  const companyInfo = text(APPLICANT_LOCALE, 'Company information');
  const review = text(APPLICANT_LOCALE, 'Review and submit');
  let step = await wizardStep(page);
  for (let guard = 0; step !== companyInfo; guard++) {
    if (guard > WIZARD_ORDER.length)
      throw new Error(`the wizard never went back to ${companyInfo} (at ${step})`);
    step = await moveTo(page, 'Back', step);
  }
  await page.getByLabel(text(APPLICANT_LOCALE, 'Company name in English'), { exact: true }).fill(fixedName);
  for (let guard = 0; step !== review; guard++) {
    if (guard > WIZARD_ORDER.length) throw new Error(`the wizard never reached ${review} (at ${step})`);
    step = await moveTo(page, 'Next', step);
  }
  await button(page, APPLICANT_LOCALE, 'Submit').click();
  // Home is where the applicant ends: through the success dialog's button when the wizard still shows
  // it, or at once when the new status (under review) closes the wizard's route.
  const backHome = page.getByRole('button', { name: text(APPLICANT_LOCALE, 'Back to home'), exact: true });
  await Promise.race([
    onPath(page, '/gateway').catch(() => undefined),
    backHome
      .waitFor()
      .then(() => backHome.click())
      .catch(() => undefined),
  ]);
  await onPath(page, '/gateway');
}

// ---- the journey ---------------------------------------------------------------------------------

describe('back office', () => {
  test('a reviewer rejects the oldest certification with a reason, the applicant fixes and resubmits, the reviewer claims and proposes the approval, cannot confirm it, an approver confirms', async () => {
    const portal = suite.portal();
    // The older case is the one the journey follows; a newer one sits behind it in the queue.
    const applicant = await applicantWithSubmittedCertification();
    const newer = await applicantWithSubmittedCertification();
    const reviewer = await newReviewer();

    // The reviewer logs in at /login and lands in the back office.
    const reviewerContext = await suite.context({ locale: REVIEWER_LOCALE });
    const reviewerPage = await suite.page(reviewerContext);
    await reviewerLogsIn(reviewerPage, reviewer.email);
    await onPath(reviewerPage, '/admin');
    await reviewerPage
      .getByRole('heading', { level: 1, name: text(REVIEWER_LOCALE, 'Back office') })
      .waitFor();

    // The certification queue: oldest submission first.
    await openCertificationQueue(reviewerPage);
    expect(await queueCompanies(reviewerPage)).toEqual([applicant.companyName, newer.companyName]);

    // The case: the first document (the licence image) in the viewer, loaded; the other document, a
    // PDF, drawn page by page by PDF.js once opened from its row (issue 21 §1).
    await openCase(reviewerPage, applicant.companyName);
    const images = reviewerPage.locator('img[src^="blob:"]');
    await expect
      .poll(() => images.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth)))
      .toSatisfy((widths: number[]) => widths.length > 0 && widths.every((w) => w > 0));
    await reviewerPage
      .getByRole('button', {
        name: text(REVIEWER_LOCALE, 'View {name}').replace('{name}', 'otherDocument.png'),
      })
      .click();
    await reviewerPage.locator('canvas[data-page="1"][data-rendered="true"]').waitFor();
    expect(await reviewerPage.locator('iframe').count()).toBe(0);

    // Reject with a reason.
    const reason = 'The English company name does not match the business license.';
    await reviewerPage
      .getByLabel(text(REVIEWER_LOCALE, 'Reason for the rejection (shown to the applicant)'))
      .fill(reason);
    await button(reviewerPage, REVIEWER_LOCALE, 'Reject').click();
    await confirmDecision(reviewerPage, 'Reject this case with the reason given?');

    // The applicant, in another browser, reads the reason on the gateway.
    const applicantContext = await suite.context({ locale: APPLICANT_LOCALE, seeded: applicant.user });
    const applicantPage = await suite.page(applicantContext);
    await gatewayCertificationShows(applicantPage, 'Review failed');
    await certificationCard(applicantPage)
      .getByText(text(APPLICANT_LOCALE, 'Reason: {0}').replace('{0}', reason), { exact: true })
      .waitFor();

    // The applicant fixes the field the reason names and resubmits, in the certification wizard.
    const t = asTestApp(portal);
    const fixedName = 'Fuzhou Example Trading Company Limited';
    await resubmitThroughWizard(applicantPage, reason, fixedName);
    expect((await view(t, applicant.caller)).lifecycleState).toBe('underReview');
    await gatewayCertificationShows(applicantPage, 'Under review');

    // The reviewer finds it under review again, sees the fixed value, claims the case and proposes
    // its approval (issue 21 §2, §3).
    await openCertificationQueue(reviewerPage);
    await openCase(reviewerPage, applicant.companyName);
    // .first(): the name shows in its row and again beside the licence in the viewer.
    await reviewerPage.getByText(fixedName, { exact: true }).first().waitFor();
    await button(reviewerPage, REVIEWER_LOCALE, 'Claim this case').click();
    await reviewerPage
      .getByTestId('case-claim')
      .getByText(/^You have claimed this case until /)
      .waitFor();
    await button(reviewerPage, REVIEWER_LOCALE, 'Approve').click();
    await reviewerPage
      .getByText(
        text(REVIEWER_LOCALE, 'It becomes a proposal: a second person with the approver role confirms it.'),
        { exact: true },
      )
      .waitFor();
    await button(reviewerPage, REVIEWER_LOCALE, 'Confirm').click();
    await reviewerPage
      .getByRole('status')
      .filter({
        hasText: text(
          REVIEWER_LOCALE,
          'Approval proposed. It waits for a second person with the approver role to confirm it.',
        ),
      })
      .waitFor();
    const companyId = applicant.user.signedIn.companyId!;
    const certificationStatus = async () =>
      (
        await portal.app.db
          .select({ status: companies.certificationStatus })
          .from(companies)
          .where(eq(companies.id, companyId))
      )[0]?.status;
    expect(await certificationStatus()).toBe(1);

    // A, an approver too, cannot confirm their own proposal: the page offers no confirmation, and the
    // server refuses it (ownProposal).
    await reviewerPage.reload();
    await reviewerPage
      .getByText(text(REVIEWER_LOCALE, 'You proposed it, so someone else must confirm it.'), { exact: true })
      .waitFor();
    expect(await button(reviewerPage, REVIEWER_LOCALE, 'Confirm approval').count()).toBe(0);
    const caseId = new URL(reviewerPage.url()).searchParams.get('case')!;
    const aToken = await reviewerPage.evaluate(
      () => JSON.parse(sessionStorage.getItem('user') ?? '{}').token as string,
    );
    const own = await fetch(`${portal.url}/plat/admin/certifications/${caseId}/confirm-approval`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aToken}`, 'content-type': 'application/json', language: '1' },
      body: JSON.stringify({ version: (await certificationOf(portal.app, companyId))!.version }),
    });
    expect(own.status).toBe(403);
    expect(await certificationStatus()).toBe(1);

    // B, with the approver role, opens the case and confirms: approved.
    const b = await approverPage();
    await b.page.goto(`${portal.url}/admin/certifications?case=${caseId}`);
    await b.page
      .getByTestId('case-approval')
      .getByText(new RegExp(`^Approval proposed by ${escapeRegExp(reviewer.email)} on `))
      .waitFor();
    await button(b.page, REVIEWER_LOCALE, 'Confirm approval').click();
    await b.page
      .getByText(text(REVIEWER_LOCALE, 'Confirm the approval of this case?'), { exact: true })
      .waitFor();
    await button(b.page, REVIEWER_LOCALE, 'Confirm').click();
    await b.page
      .getByRole('status')
      .filter({ hasText: text(REVIEWER_LOCALE, 'Approval confirmed. The applicant is informed by email.') })
      .waitFor();

    const [company] = await portal.app.db
      .select({ operatorId: companies.operatorId, status: companies.certificationStatus })
      .from(companies)
      .where(eq(companies.id, applicant.user.signedIn.companyId!));
    expect(company?.status).toBe(2);
    expect(company?.operatorId).toMatch(/^OP\d{8}$/);
    // The approval mail goes out once, after the second person's confirmation.
    const mails = await mailsTo(
      portal.app,
      applicant.user.sessionUser.userInfo.email,
      'certificationDecision',
    );
    expect(mails.map((m) => (m.vars as { decision: string }).decision).sort()).toEqual([
      'approved',
      'rejected',
    ]);

    // The applicant's gateway shows approved, and the watermark gains the operator id.
    await gatewayCertificationShows(applicantPage, 'Approved');
    const email = applicant.user.sessionUser.userInfo.email;
    // Two lines since issue 20 §1 (email, then operator id), each its own <text> in the tile.
    await expect
      .poll(() => watermarkTile(applicantPage), { timeout: 10_000 })
      .toMatch(new RegExp(`>${escapeRegExp(email)}<[\\s\\S]*>${company!.operatorId}<`));
  });

  test('B flags two fields with a comment each and asks for a revision; the applicant reads each comment at its field, fixes both and resubmits; A sees exactly those two changes marked', async () => {
    const portal = suite.portal();
    const applicant = await applicantWithSubmittedCertification();
    const companyId = applicant.user.signedIn.companyId!;
    const caseId = (await certificationOf(portal.app, companyId))!.id;
    const flags = [
      {
        label: 'Company name (English)',
        path: 'completeCompanyInfo.companyNameEnglish',
        comment: 'Spell it as on the licence.',
      },
      { label: 'Website', path: 'completeCompanyInfo.website', comment: 'This address does not open.' },
    ];

    // B flags the two rows where they are shown, writes a comment on each, and asks for a revision.
    const b = await approverPage(['reviewer']);
    await b.page.goto(`${portal.url}/admin/certifications?case=${caseId}`);
    await b.page.getByRole('heading', { level: 3, name: text(REVIEWER_LOCALE, 'Decision') }).waitFor();
    for (const flag of flags) {
      await b.page
        .getByLabel(text(REVIEWER_LOCALE, 'Flag {label} for revision').replace('{label}', flag.label))
        .check();
      await b.page
        .getByLabel(text(REVIEWER_LOCALE, 'Comment on {label}').replace('{label}', flag.label))
        .fill(flag.comment);
    }
    await b.page
      .getByLabel(text(REVIEWER_LOCALE, 'Comment for the applicant'))
      .fill('Two details need fixing.');
    await button(b.page, REVIEWER_LOCALE, 'Request a revision').click();
    await b.page
      .getByText(
        text(REVIEWER_LOCALE, 'Ask the applicant to revise {0} flagged item(s)?').replace('{0}', '2'),
        {
          exact: true,
        },
      )
      .waitFor();
    await button(b.page, REVIEWER_LOCALE, 'Confirm').click();
    await b.page
      .getByRole('status')
      .filter({ hasText: text(REVIEWER_LOCALE, 'Decision recorded. The applicant is informed by email.') })
      .waitFor();

    // The applicant opens the wizard from the gateway: each comment stands at its field, and only there.
    const applicantContext = await suite.context({ locale: APPLICANT_LOCALE, seeded: applicant.user });
    const page = await suite.page(applicantContext);
    await page.goto(`${portal.url}/gateway`);
    await certificationCard(page)
      .getByRole('link', { name: text(APPLICANT_LOCALE, 'Process immediately') })
      .click();
    const companyInfo = text(APPLICANT_LOCALE, 'Company information');
    let step = await wizardStep(page);
    for (let guard = 0; step !== companyInfo; guard++) {
      if (guard > WIZARD_ORDER.length)
        throw new Error(`the wizard never went back to ${companyInfo} (at ${step})`);
      step = await moveTo(page, 'Back', step);
    }
    const said = (comment: string) =>
      text(APPLICANT_LOCALE, 'The reviewer asks you to check this field: {comment}').replace(
        '{comment}',
        comment,
      );
    for (const flag of flags) await page.getByText(said(flag.comment), { exact: true }).waitFor();
    expect(
      await page
        .getByText(text(APPLICANT_LOCALE, 'The reviewer asks you to check this field'), { exact: false })
        .count(),
    ).toBe(2);

    const fixedName = 'Fuzhou Example Trading Company Limited';
    const fixedSite = 'https://www.example.org';
    await page.getByLabel(text(APPLICANT_LOCALE, 'Company name in English'), { exact: true }).fill(fixedName);
    await page.getByLabel(text(APPLICANT_LOCALE, 'Website (optional)'), { exact: true }).fill(fixedSite);
    const review = text(APPLICANT_LOCALE, 'Review and submit');
    for (let guard = 0; step !== review; guard++) {
      if (guard > WIZARD_ORDER.length) throw new Error(`the wizard never reached ${review} (at ${step})`);
      step = await moveTo(page, 'Next', step);
    }
    await button(page, APPLICANT_LOCALE, 'Submit').click();
    await expect
      .poll(async () => (await view(asTestApp(portal), applicant.caller)).lifecycleState)
      .toBe('underReview');

    // A opens the next round: exactly the two fixed fields are marked as changed, nothing else.
    const a = await approverPage(['reviewer']);
    await a.page.goto(`${portal.url}/admin/certifications?case=${caseId}`);
    const changes = a.page.getByTestId('round-changes').locator('li');
    await expect.poll(() => changes.count()).toBe(2);
    const marked = a.page.getByTestId('case-data').locator('tr[data-changed]');
    expect(await marked.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')))).toEqual(
      flags.map((f) => f.path),
    );
    // Which of the two reads first is the list's business; that it holds exactly these two is the rule.
    expect(await changes.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(fixedName), expect.stringContaining(fixedSite)]),
    );
    // B's flags and comments are steps of the timeline A reads, with B's address (issue 21 §3).
    const history = a.page.getByRole('table', { name: text(REVIEWER_LOCALE, 'Case history') });
    for (const flag of flags) {
      const row = history
        .getByRole('row')
        .filter({ hasText: text(REVIEWER_LOCALE, 'Comment on a flagged field') })
        .filter({ hasText: flag.comment });
      await row.waitFor();
      expect(await row.textContent()).toContain(flag.path);
    }
    expect(
      await history
        .getByRole('row')
        .filter({ hasText: text(REVIEWER_LOCALE, 'Field flagged for revision') })
        .count(),
    ).toBe(2);
  });

  test('an applicant opening /admin does not get the back office', async () => {
    const { page, user } = await suite.signedInPage({ certificationStatus: 2, operatorId: 'OP12345678' });
    await page.goto(`${suite.portal().url}/admin/certifications`);
    await onPath(page, '/404');
    expect(await page.getByRole('table', { name: text('zh-cn', 'Queue') }).count()).toBe(0);
    // Nor does the API answer them.
    const response = await fetch(`${suite.portal().url}/plat/admin/certifications`, {
      headers: user.signedIn.headers,
    });
    expect(response.status).toBe(403);
  });

  test('the machine-diagrams page renders a machine as SVG', async () => {
    const portal = suite.portal();
    const signedIn = await signInAs(portal.app, { role: 'reviewer', language: REVIEWER_LOCALE });
    const [row] = await portal.app.db.select().from(users).where(eq(users.id, signedIn.userId));
    const reviewer: SessionUser = {
      isLogin: true,
      token: signedIn.token,
      operatorId: null,
      userInfo: {
        id: row!.id,
        email: row!.email,
        firstName: row!.firstName,
        lastName: row!.lastName,
        role: 'reviewer',
      },
      enterpriseCertificationStatus: -1,
      enterpriseAuditStatus: null,
      companyCreditCode: null,
      companyName: null,
    };
    const context = await suite.context({ locale: REVIEWER_LOCALE });
    await signInBeforeLoad(context, reviewer);
    const page = await suite.page(context);
    await page.goto(`${portal.url}/admin/machines`);
    const diagram = page.locator('[data-machine="reviewDecision"]');
    await diagram.waitFor();
    const svg = diagram.locator('svg[id^="mermaid-"]');
    await svg.waitFor({ timeout: 30_000 });
    // A real drawing: the chart's states are in it as text, and it has size.
    const drawn = await svg.evaluate((el) => ({
      text: el.textContent ?? '',
      width: el.getBoundingClientRect().width,
    }));
    expect(drawn.width).toBeGreaterThan(50);
    for (const state of ['choosing', 'confirming', 'submitting', 'conflict'])
      expect(drawn.text).toContain(state);
  });
});
