// The gateway and the card-issuing application in a real Chromium against the real portal (issue 7
// "Done when", last bullet): a certified CN company applies as a new user would — purpose, a real
// upload, a refresh mid-way (spec §2 session-storage rule), the questionnaire, submit — and a
// reviewer (back-office API) rejects with a reason, the applicant re-applies, the reviewer approves
// (a proposal an approver confirms, issue 21 §3)
// and "Open card system" opens the configured card-system address. Plus the two refusals of spec §4:
// an uncertified company and a company outside the card-issuing locations. Both languages.
import { asc, eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { CardApplicationCaseView, CardApplicationQueuePage } from '../../src/contract/api/admin';
import { messageFor } from '../../src/contract/codes';
import { Limits } from '../../src/contract/limits';
import type { Envelope, Locale } from '../../src/contract/envelope';
import { companies } from '../../src/server/db/schema/accounts';
import { cardQuestionnaireQuestions } from '../../src/server/db/schema/card';
import { elfExecutable, jpeg, pdf, png } from '../fixtures/files/samples';
import type { SeededUser } from '../support/portal';
import { seedSignedInUser } from '../support/portal';
import { signInAs } from '../support/sessions';
import { text } from './support/catalog';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

// ---- finding things on the page ------------------------------------------------------------------

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches an element whose whole text is `s` (Playwright's hasText alone matches substrings). */
const exactly = (s: string) => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);

const onPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

/** The card business's status badge on the gateway, once it shows `status`. */
async function cardBadgeShows(page: Page, locale: Locale, status: string): Promise<void> {
  await page
    .getByLabel(text(locale, 'Card-issuing status'), { exact: true })
    .filter({ hasText: exactly(text(locale, status)) })
    .waitFor();
}

const todoList = (page: Page, locale: Locale) =>
  page.getByRole('region', { name: text(locale, 'To-do list') });
const businessEntries = (page: Page, locale: Locale) =>
  page.getByRole('region', { name: text(locale, 'Business entries') });
const reasonLine = (locale: Locale, reason: string) => text(locale, 'Reason: {0}').replace('{0}', reason);

async function openGateway(page: Page, locale: Locale): Promise<void> {
  await page.goto(`${suite.portal().url}/gateway`);
  await page.getByRole('heading', { level: 1, name: text(locale, 'Home') }).waitFor();
}

// ---- the questionnaire, as the API serves it ------------------------------------------------------

interface AskedQuestion {
  id: string;
  kind: string;
  required: boolean;
  title: Record<Locale, string>;
  options: Array<{ id: string; label: Record<Locale, string> }>;
}

/** The active questions as stored (what GET /plat/card/questionnaire serves), in order. */
async function askedQuestions(): Promise<AskedQuestion[]> {
  return suite
    .portal()
    .app.db.select()
    .from(cardQuestionnaireQuestions)
    .where(eq(cardQuestionnaireQuestions.active, true))
    .orderBy(asc(cardQuestionnaireQuestions.position));
}

function questionField(page: Page, locale: Locale, question: AskedQuestion): Locator {
  const name = question.title[locale];
  if (question.kind === 'singleChoice') return page.getByRole('radiogroup', { name });
  if (question.kind === 'multipleChoice') return page.getByRole('group', { name });
  return page.getByRole('textbox', { name });
}

/** Answers every required question: the first option of a choice, a sentence for a text. */
async function answerQuestionnaire(page: Page, locale: Locale): Promise<AskedQuestion[]> {
  const questions = (await askedQuestions()).filter((q) => q.required);
  expect(questions.length).toBeGreaterThan(0);
  for (const question of questions) {
    const field = questionField(page, locale, question);
    const first = question.options[0];
    if (question.kind === 'singleChoice' && first)
      await field.getByRole('radio', { name: first.label[locale], exact: true }).check();
    else if (question.kind === 'multipleChoice' && first)
      await field.getByRole('checkbox', { name: first.label[locale], exact: true }).check();
    else await field.fill('Online advertising for our cross-border shop');
  }
  return questions;
}

/** After a re-application the answers come back from the submitted data. */
async function questionnaireStillAnswered(page: Page, locale: Locale, questions: AskedQuestion[]) {
  for (const question of questions) {
    const field = questionField(page, locale, question);
    const first = question.options[0];
    if (question.kind === 'singleChoice' && first)
      expect(await field.getByRole('radio', { name: first.label[locale], exact: true }).isChecked()).toBe(
        true,
      );
    else if (question.kind === 'multipleChoice' && first)
      expect(await field.getByRole('checkbox', { name: first.label[locale], exact: true }).isChecked()).toBe(
        true,
      );
    else expect(await field.inputValue()).toBe('Online advertising for our cross-border shop');
  }
}

// ---- the reviewer, through the back-office API ----------------------------------------------------

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

async function adminCall<T>(path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${suite.portal().url}/plat/admin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A reviewer finds the applicant's case in the under-review queue, opens it, decides it. */
async function reviewerDecides(applicant: SeededUser, decision: Decision): Promise<void> {
  const reviewer = await signInAs(suite.portal().app, { role: 'reviewer' });
  const query = new URLSearchParams({ status: 'underReview', q: applicant.signedIn.email });
  const queue = await adminCall<CardApplicationQueuePage>(`/card-applications?${query}`, reviewer.token);
  expect(queue.items).toHaveLength(1);
  const id = queue.items[0]!.id;
  const view = await adminCall<CardApplicationCaseView>(`/card-applications/${id}`, reviewer.token);
  expect(view.allowedDecisions).toContain(decision.kind);
  const body =
    decision.kind === 'reject'
      ? { version: view.version, reason: decision.reason }
      : { version: view.version };
  const decided = await adminCall<{ version: number }>(
    `/card-applications/${id}/${decision.kind}`,
    reviewer.token,
    body,
  );
  if (decision.kind === 'approve') {
    // Four eyes (issue 21 §3): the reviewer's approve is a proposal; an approver confirms it.
    const approver = await signInAs(suite.portal().app, { role: 'reviewer', roles: ['approver'] });
    await adminCall(`/card-applications/${id}/confirm-approval`, approver.token, {
      version: decided.version,
    });
  }
}

// ---- the journey ----------------------------------------------------------------------------------

interface JourneyCase {
  locale: Locale;
  purpose: string;
  upload: { name: string; mimeType: string; buffer: Buffer };
  reason: string;
}

const JOURNEYS: JourneyCase[] = [
  {
    locale: 'zh-cn',
    purpose: 'Cross-border e-commerce',
    upload: { name: '业务说明.png', mimeType: 'image/png', buffer: png(64, 48) },
    reason: '上传的材料不清晰，请补充营业说明',
  },
  {
    locale: 'en-us',
    purpose: 'Advertising',
    upload: { name: 'business-plan.pdf', mimeType: 'application/pdf', buffer: pdf() },
    reason: 'The document does not show the business purpose',
  },
];

let operatorCount = 0;
/** Operator ids are unique per company: OP + 8 digits (docs/product-rules.md). */
const nextOperatorId = () => `OP${String(++operatorCount).padStart(8, '0')}`;

async function certifiedCompanyPage(
  locale: Locale,
): Promise<{ page: Page; context: BrowserContext; user: SeededUser }> {
  const user = await seedSignedInUser(suite.portal(), {
    certificationStatus: 2,
    auditStatus: 2,
    operatorId: nextOperatorId(),
    language: locale,
  });
  const context = await suite.context({ locale, seeded: user });
  const page = await suite.page(context);
  return { page, context, user };
}

/** The two steps and the questionnaire, as far as the success dialog, then back to the gateway. */
async function submitAndReturnHome(page: Page, locale: Locale): Promise<void> {
  const submit = page.getByRole('button', { name: text(locale, 'Submit application') });
  await submit.click();
  const dialog = page.getByRole('dialog', { name: text(locale, 'Application submitted') });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: text(locale, 'Back to home') }).click();
  await onPath(page, '/gateway');
  await cardBadgeShows(page, locale, 'Under review');
}

describe.each(JOURNEYS)('the card-issuing journey in $locale', ({ locale, purpose, upload, reason }) => {
  test('apply, refresh mid-way, submit, rejected with a reason, re-apply, approved, open the card system', async () => {
    const portal = suite.portal();
    const { page, context, user } = await certifiedCompanyPage(locale);
    const t = (source: string) => text(locale, source);

    // The gateway: the card business not started, and the to-do to apply.
    await openGateway(page, locale);
    await cardBadgeShows(page, locale, 'Not started');
    await todoList(page, locale)
      .getByRole('link', { name: t('Apply for the card-issuing business') })
      .waitFor();
    const openCardSystem = businessEntries(page, locale).getByRole('button', { name: t('Open card system') });
    expect(await openCardSystem.isDisabled()).toBe(true);

    // Open the application and start it.
    await businessEntries(page, locale)
      .getByRole('link', { name: t('Apply now') })
      .click();
    await onPath(page, '/issuingCardApplication/issuingCardApplicationIndex');
    await page.getByRole('button', { name: t('Start application') }).click();
    await onPath(page, '/issuingCardApplication/selectBusinessPurpose');

    // Choose a purpose; next step.
    const purposeRadio = page.getByRole('radio', { name: t(purpose), exact: true });
    await purposeRadio.check();
    await page.getByRole('button', { name: t('Next step') }).click();
    await onPath(page, '/issuingCardApplication/uploadRelevantInfo');

    // Upload a real file through the file input; the server decides its type by content.
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/plat/files') && r.request().method() === 'POST',
    );
    await page.locator('input[type=file]').setInputFiles(upload);
    const answer = (await (await uploaded).json()) as Envelope<{ contentType: string }>;
    expect(answer).toMatchObject({ code: 200, data: { contentType: upload.mimeType } });
    const removeFile = page.getByRole('button', { name: t('Remove file {0}').replace('{0}', upload.name) });
    await removeFile.waitFor();

    // REFRESH mid-way: the step, the purpose and the file are kept (session storage, spec §2).
    await page.reload();
    // The URL already names the step before the reload, so the proof is the step's content, and
    // that the app did not move away from it once the application was loaded.
    await removeFile.waitFor();
    expect(new URL(page.url()).pathname).toBe('/issuingCardApplication/uploadRelevantInfo');
    await page.getByText(upload.name).first().waitFor();
    await page.getByRole('button', { name: t('Previous step') }).click();
    await onPath(page, '/issuingCardApplication/selectBusinessPurpose');
    await purposeRadio.waitFor();
    expect(await purposeRadio.isChecked()).toBe(true);
    await page.getByRole('button', { name: t('Next step') }).click();
    await removeFile.waitFor();

    // The questionnaire: served by the API in the page's language, every required question answered.
    await page.getByRole('button', { name: t('Next: questionnaire') }).click();
    const questions = await answerQuestionnaire(page, locale);
    await submitAndReturnHome(page, locale);
    expect(await openCardSystem.isDisabled()).toBe(true);
    expect(await todoList(page, locale).getByRole('link').count()).toBe(0);

    // A reviewer rejects it with a reason: the gateway shows the reason and the to-do to fix it.
    await reviewerDecides(user, { kind: 'reject', reason });
    await openGateway(page, locale);
    await cardBadgeShows(page, locale, 'Rejected');
    await businessEntries(page, locale).getByText(reasonLine(locale, reason), { exact: true }).waitFor();
    const fixIt = todoList(page, locale).getByRole('link', {
      name: t('Card application rejected: fix it and re-apply'),
    });
    await fixIt.waitFor();
    await todoList(page, locale).getByText(reasonLine(locale, reason), { exact: true }).waitFor();

    // The application shows the reason too; re-apply from the submitted data.
    await fixIt.click();
    await onPath(page, '/issuingCardApplication/issuingCardApplicationIndex');
    await page.getByRole('alert').filter({ hasText: reason }).waitFor();
    await page.getByRole('button', { name: t('Re-apply') }).click();
    await onPath(page, '/issuingCardApplication/selectBusinessPurpose');
    await purposeRadio.waitFor();
    expect(await purposeRadio.isChecked()).toBe(true);
    await page.getByRole('button', { name: t('Next step') }).click();
    await removeFile.waitFor();
    await page.getByRole('button', { name: t('Next: questionnaire') }).click();
    await questionField(page, locale, questions[0]!).waitFor();
    await questionnaireStillAnswered(page, locale, questions);
    await submitAndReturnHome(page, locale);

    // Approved: "Open card system" is enabled and opens the configured card-system address.
    await reviewerDecides(user, { kind: 'approve' });
    const cardSystem = portal.config.baseAddresses.checkout;
    await context.route(`${cardSystem}**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Card system</title><h1>Card system</h1>',
      }),
    );
    await openGateway(page, locale);
    await cardBadgeShows(page, locale, 'Approved');
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === name && !b.disabled),
      t('Open card system'),
    );
    expect(await todoList(page, locale).getByRole('link').count()).toBe(0);
    const opened = context.waitForEvent('page');
    await openCardSystem.click();
    const cardSystemPage = await opened;
    await cardSystemPage.waitForURL((url) => url.href.startsWith(cardSystem));
    await cardSystemPage.getByRole('heading', { name: 'Card system' }).waitFor();
  });
});

// ---- leaving the steps, temporary save, resuming elsewhere ----------------------------------------

test('leaving the steps keeps the purpose and file in the app state; a temporary save resumes in another tab', async () => {
  const locale: Locale = 'zh-cn';
  const t = (source: string) => text(locale, source);
  const { page, user } = await certifiedCompanyPage(locale);
  const upload = { name: 'licence-scan.png', mimeType: 'image/png', buffer: png(32, 32) };
  const removeFile = (p: Page) =>
    p.getByRole('button', { name: t('Remove file {0}').replace('{0}', upload.name) });

  await openGateway(page, locale);
  await businessEntries(page, locale)
    .getByRole('link', { name: t('Apply now') })
    .click();
  await page.getByRole('button', { name: t('Start application') }).click();
  await page.getByRole('radio', { name: t('Platform traffic'), exact: true }).check();
  await page.getByRole('button', { name: t('Next step') }).click();
  await page.locator('input[type=file]').setInputFiles(upload);
  await removeFile(page).waitFor();
  const kept = () =>
    page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('cardApplication.')));
  expect((await kept()).length).toBeGreaterThan(0);

  // Leave the steps through the header (in-app navigation): the saved data and path are cleared
  // from session storage, and nothing was stored on the server.
  await page.getByRole('link', { name: t('Business portal') }).click();
  await onPath(page, '/gateway');
  await cardBadgeShows(page, locale, 'Not started');
  expect(await kept()).toEqual([]);

  // Coming back: the purpose and file restored from the app state.
  await businessEntries(page, locale)
    .getByRole('link', { name: t('Apply now') })
    .click();
  await page.getByRole('button', { name: t('Start application') }).click();
  await onPath(page, '/issuingCardApplication/uploadRelevantInfo');
  await removeFile(page).waitFor();

  // Temporary save: the server keeps the draft; the gateway says "saved" with a to-do to continue.
  await page.getByRole('button', { name: t('Save'), exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: t('Saved. You can continue later from the home page.') })
    .waitFor();
  await page.getByRole('link', { name: t('Business portal') }).click();
  await cardBadgeShows(page, locale, 'Saved');
  await todoList(page, locale)
    .getByRole('link', { name: t('Continue your saved card application') })
    .waitFor();

  // Another tab of the same account (no session-storage progress there) resumes from the server's draft.
  const other = await suite.page(await suite.context({ locale, seeded: user }));
  await openGateway(other, locale);
  await todoList(other, locale)
    .getByRole('link', { name: t('Continue your saved card application') })
    .click();
  await other.getByRole('button', { name: t('Continue application') }).click();
  await onPath(other, '/issuingCardApplication/uploadRelevantInfo');
  await removeFile(other).waitFor();
  await other.getByRole('button', { name: t('Previous step') }).click();
  const purpose = other.getByRole('radio', { name: t('Platform traffic'), exact: true });
  await purpose.waitFor();
  expect(await purpose.isChecked()).toBe(true);
});

// ---- what the steps refuse ---------------------------------------------------------------------------

test('the steps refuse a wrong file, a second file, an oversized file and an unanswered questionnaire, and say when it is unavailable', async () => {
  const locale: Locale = 'en-us';
  const t = (source: string) => text(locale, source);
  const alertSays = (p: Page, code: Parameters<typeof messageFor>[0]) =>
    p
      .getByRole('alert')
      .filter({ hasText: messageFor(code, locale) })
      .waitFor();
  const { page } = await certifiedCompanyPage(locale);
  const uploads: string[] = [];
  const submits: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (r.url().endsWith('/plat/files')) uploads.push(r.url());
    if (r.url().endsWith('/plat/card/application/submit')) submits.push(r.url());
  });

  await page.goto(`${suite.portal().url}/issuingCardApplication`);
  await page.getByRole('button', { name: t('Start application') }).click();
  await page.getByRole('radio', { name: t('Developer services'), exact: true }).check();
  await page.getByRole('button', { name: t('Next step') }).click();
  await onPath(page, '/issuingCardApplication/uploadRelevantInfo');
  const fileInput = page.locator('input[type=file]');

  // No file yet: the questionnaire waits for the document.
  await page.getByRole('button', { name: t('Next: questionnaire') }).click();
  await alertSays(page, 'documentMissing');

  // An executable renamed to .pdf: the server decides by content and refuses it.
  const refusedUpload = page.waitForResponse((r) => r.url().endsWith('/plat/files'));
  await fileInput.setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: elfExecutable(),
  });
  expect((await refusedUpload).status()).toBe(415);
  await alertSays(page, 'fileTypeNotAllowed');

  // Checked in the browser before anything is sent: two files, and one over 10 MB.
  const before = uploads.length;
  await fileInput.setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: png() },
    { name: 'b.png', mimeType: 'image/png', buffer: png() },
  ]);
  await alertSays(page, 'oneFileOnly');
  await fileInput.setInputFiles({
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(Limits.cardApplication.maxBytes + 1, 0x20),
  });
  await alertSays(page, 'fileTooLarge');
  expect(uploads.length).toBe(before);

  // A real JPEG is taken.
  await fileInput.setInputFiles({ name: 'invoice.jpeg', mimeType: 'image/jpeg', buffer: jpeg() });
  await page.getByRole('button', { name: t('Remove file {0}').replace('{0}', 'invoice.jpeg') }).waitFor();

  // The questionnaire cannot be loaded (no active questions on the server): "service abnormal".
  const db = suite.portal().app.db;
  await db.update(cardQuestionnaireQuestions).set({ active: false });
  const active = (await askedQuestions()).length;
  expect(active).toBe(0);
  try {
    await page.getByRole('button', { name: t('Next: questionnaire') }).click();
    await alertSays(page, 'questionnaireFetchFailed');
  } finally {
    await db.update(cardQuestionnaireQuestions).set({ active: true });
  }
  await page.getByRole('button', { name: t('Retry') }).click();
  const required = (await askedQuestions()).filter((q) => q.required);
  await questionField(page, locale, required[0]!).waitFor();

  // Submitting with nothing answered: refused in the browser, each required question marked.
  await page.getByRole('button', { name: t('Submit application') }).click();
  await alertSays(page, 'questionnaireRequired');
  expect(await page.getByText(t('Please answer this question'), { exact: true }).count()).toBe(
    required.length,
  );
  expect(submits).toEqual([]);
});

// ---- who may not apply ------------------------------------------------------------------------------

describe.each(['zh-cn', 'en-us'] as const)('refusals in %s', (locale) => {
  test('an uncertified company is prompted to complete certification first', async () => {
    const user = await seedSignedInUser(suite.portal(), { certificationStatus: 0, language: locale });
    const page = await suite.page(await suite.context({ locale, seeded: user }));
    await openGateway(page, locale);
    await cardBadgeShows(page, locale, 'Complete certification first');
    expect(
      await businessEntries(page, locale)
        .getByRole('link', { name: text(locale, 'Apply now') })
        .count(),
    ).toBe(0);
    expect(
      await businessEntries(page, locale)
        .getByRole('button', { name: text(locale, 'Open card system') })
        .isDisabled(),
    ).toBe(true);

    await page.goto(`${suite.portal().url}/issuingCardApplication`);
    await onPath(page, '/issuingCardApplication/issuingCardApplicationIndex');
    await page
      .getByRole('alert')
      .filter({ hasText: messageFor('certificationRequired', locale) })
      .waitFor();
    await page.getByRole('link', { name: text(locale, 'Go to enterprise certification') }).waitFor();
    expect(await page.getByRole('button', { name: text(locale, 'Start application') }).count()).toBe(0);
  });

  test('a US company is told the entity is not supported', async () => {
    const user = await seedSignedInUser(suite.portal(), {
      certificationStatus: 2,
      auditStatus: 2,
      operatorId: nextOperatorId(),
      language: locale,
    });
    await suite
      .portal()
      .app.db.update(companies)
      .set({ location: 'US' })
      .where(eq(companies.id, user.signedIn.companyId!));
    const page = await suite.page(await suite.context({ locale, seeded: user }));
    await openGateway(page, locale);
    await cardBadgeShows(page, locale, 'Not supported for this entity');
    expect(
      await businessEntries(page, locale)
        .getByRole('link', { name: text(locale, 'Apply now') })
        .count(),
    ).toBe(0);
    expect(await todoList(page, locale).getByRole('link').count()).toBe(0);

    await page.goto(`${suite.portal().url}/issuingCardApplication`);
    await onPath(page, '/issuingCardApplication/issuingCardApplicationIndex');
    await page
      .getByRole('alert')
      .filter({ hasText: messageFor('entityNotSupported', locale) })
      .waitFor();
    expect(await page.getByRole('button', { name: text(locale, 'Start application') }).count()).toBe(0);
  });
});
