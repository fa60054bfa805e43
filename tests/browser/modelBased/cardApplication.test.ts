// Model-based browser test of the card-issuing application (issue 9 §3): the chart's generated
// paths drive /issuingCardApplication in Chromium against the real portal, for a company seeded as
// certified (as tests/browser/cardApplication.test.ts does). What the server answers on load is
// arranged with real rows and real API calls before the page opens: no application, a temporary
// save, a submitted one, one approved or rejected (the decision written as the back office writes
// it), an uncertified company, a company outside the card-issuing locations. Uploads are real
// files; a file whose content is not what its name says is refused by the server; a broken
// connection gives the error branches, the client's resends of a cut write passing on the clocks.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import {
  CARD_APPLICATION_FILE_KIND,
  CardPaths,
  type CardQuestionnaire,
} from '../../../src/contract/api/card';
import { messageFor, type CodeName } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { companies } from '../../../src/server/db/schema/accounts';
import { cardApplications } from '../../../src/server/db/schema/card';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import { elfExecutable, pdf } from '../../fixtures/files/samples';
import { seedSignedInUser, type Portal, type SeededUser } from '../../support/portal';
import { text } from '../support/catalog';
import { useBrowserSuite } from '../support/suite';
import { installPageClock, resetServerClock } from './support/clocks';
import { cutNextCall, cutsACall, type CutCall } from './support/cutWrite';
import {
  activeStatePaths,
  answerCode,
  describeUiModel,
  forgetRateLimits,
  inFlightRule,
  isDone,
  isError,
  outputOf,
  planUi,
  type UiModel,
  type UiRun,
} from './support/uiModel';

const suite = useBrowserSuite();
const locale: Locale = 'en-us';
const t = (source: string) => text(locale, source);
const FILE_NAME = 'licence.pdf';
const REASON = 'The document does not show the business purpose';

interface CardData {
  user: SeededUser;
}
type Run = UiRun<CardData>;

/** Cuts the next call to `/plat{path}` when the answer the path expects next is `invokeId`'s error. */
const cutIfError = (page: Page, run: Run, invokeId: string, path: string): Promise<CutCall | null> =>
  isError(run.outcomes[0], invokeId) ? cutNextCall(page, run.portal, path) : Promise.resolve(null);

let operatorCount = 0;
const nextOperatorId = () =>
  `OP${String(Date.now() % 1e6).padStart(6, '0')}${String(++operatorCount).padStart(2, '0')}`;

// ---- the server, arranged through its own API ------------------------------------------------------

async function api<T>(
  portal: Portal,
  user: SeededUser,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${portal.url}/plat${path}`, {
    method,
    headers: {
      ...user.signedIn.headers,
      language: '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

async function uploadedFile(portal: Portal, user: SeededUser): Promise<string> {
  const body = new FormData();
  body.append('kind', CARD_APPLICATION_FILE_KIND);
  body.append('file', new Blob([new Uint8Array(pdf())]), FILE_NAME);
  const response = await fetch(`${portal.url}/plat/files`, {
    method: 'POST',
    headers: { ...user.signedIn.headers, language: '1' },
    body,
  });
  const envelope = (await response.json()) as { code: number; data: { id: string } };
  if (envelope.code !== 200) throw new Error(`upload: ${JSON.stringify(envelope)}`);
  return envelope.data.id;
}

function answersTo(questionnaire: CardQuestionnaire) {
  const answers: Record<string, string | string[]> = {};
  for (const q of questionnaire.questions) {
    const first = q.options[0]?.id ?? '';
    answers[q.id] =
      q.kind === 'text' ? 'We pay our advertising suppliers.' : q.kind === 'multipleChoice' ? [first] : first;
  }
  return answers;
}

/** Leaves the company's application where the first load of the path finds it. */
async function arrangeLoad(portal: Portal, user: SeededUser, firstLoad: EventObject | undefined) {
  const view = outputOf(firstLoad) as { eligibility?: string; status?: string } | undefined;
  const companyId = user.signedIn.companyId!;
  if (view?.eligibility === 'certificationRequired') {
    await portal.app.db
      .update(companies)
      .set({ certificationStatus: 0, auditStatus: null })
      .where(eq(companies.id, companyId));
    return;
  }
  if (view?.eligibility === 'entityNotSupported') {
    await portal.app.db.update(companies).set({ location: 'US' }).where(eq(companies.id, companyId));
    return;
  }
  const status = view?.status ?? 'not_started';
  if (status === 'not_started') return;
  const body = { businessPurpose: 'advertising', fileId: await uploadedFile(portal, user), answers: {} };
  if (status === 'saved') {
    await api(portal, user, 'POST', CardPaths.save, body);
    return;
  }
  const questionnaire = await api<CardQuestionnaire>(portal, user, 'GET', CardPaths.questionnaire);
  await api(portal, user, 'POST', CardPaths.submit, { ...body, answers: answersTo(questionnaire) });
  if (status === 'approved' || status === 'rejected' || status === 'revision_requested')
    // As the back office leaves a decided application (a revision with the fields it flagged).
    await portal.app.db
      .update(cardApplications)
      .set({
        state: status,
        reason: status === 'approved' ? null : REASON,
        flaggedFields: (view as { flaggedFields?: string[] }).flaggedFields ?? [],
        // A revision keeps what the model's answer has (none), so the page's questionnaire gate
        // agrees with the chart's; the submit above needed complete answers.
        ...(status === 'revision_requested' ? { answers: {} } : {}),
        decidedAt: new Date(),
      })
      .where(eq(cardApplications.companyId, companyId));
}

// ---- the page ----------------------------------------------------------------------------------------

const button = (page: Page, name: string) => page.getByRole('button', { name: t(name), exact: true });
const alertSays = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor();
const onPath = (page: Page, step: string) =>
  page.waitForURL((url) => url.pathname === `/issuingCardApplication/${step}`);

/** The refusal the state shows after the event that led there, when the event carried one. */
async function refusalShown(page: Page, run: Run): Promise<void> {
  const cause = run.cause;
  if (!cause) return;
  if (cause.type === 'xstate.error.actor.uploadFile')
    return alertSays(page, messageFor('uploadFailed', locale));
  if (cause.type.startsWith('xstate.error.actor.')) return alertSays(page, messageFor('internal', locale));
  const code = answerCode(cause);
  if (cause.type.startsWith('xstate.done.actor.') && code && code !== 'ok')
    return alertSays(page, messageFor(code as CodeName, locale));
  if (cause.type === 'xstate.done.actor.saveDraft')
    await page
      .getByRole('status')
      .filter({ hasText: t('Saved. You can continue later from the home page.') })
      .waitFor();
}

async function answerEveryQuestion(page: Page, portal: Portal, user: SeededUser): Promise<void> {
  const questionnaire = await api<CardQuestionnaire>(portal, user, 'GET', CardPaths.questionnaire);
  for (const q of questionnaire.questions.filter((question) => question.required)) {
    const name = q.title[locale];
    const first = q.options[0];
    if (q.kind === 'singleChoice' && first)
      await page
        .getByRole('radiogroup', { name })
        .getByRole('radio', { name: first.label[locale], exact: true })
        .check();
    else if (q.kind === 'multipleChoice' && first)
      await page
        .getByRole('group', { name })
        .getByRole('checkbox', { name: first.label[locale], exact: true })
        .check();
    else await page.getByRole('textbox', { name }).fill('Online advertising for our cross-border shop');
  }
}

/** The event that led here left the user on the same state (a refused step). */
const stayed = (run: Run, state: string) =>
  activeStatePaths(run.path.expectedValues[run.at]!).includes(state);

const BUSY = [
  'loading',
  'editing.uploadRelevantInfo.uploading',
  'editing.questionnaire.loadingQuestions',
  'saving',
  'submitting',
  'reapplying',
];

function undrivable(path: PlannedPath): string | null {
  if ((path.input as { restored?: unknown } | undefined)?.restored)
    return 'a refresh mid-step (restored progress) is driven by tests/browser/cardApplication.test.ts, not here';
  // A failed connection rejects the page-handled calls (src/web/api/client.ts): their error
  // branches (upload failed, save/submit/re-apply not done) are driven by aborting the request.
  const inFlight = inFlightRule(path, BUSY);
  if (inFlight) return inFlight;
  const loads = path.events.filter((e) => isDone(e, 'loadApplication'));
  // A revision flagged on the questionnaire (docs/decisions/back-office.md "Card applications: flags, comments and a revision request") loads the questions
  // with the page, before anything could cut the call: its fetch failure is driven from the upload
  // step's "Next" on other paths.
  const [first, second] = path.events;
  if (
    first &&
    (outputOf(first) as { status?: string } | undefined)?.status === 'revision_requested' &&
    second?.type === 'xstate.error.actor.loadQuestionnaire'
  )
    return 'a revision opening at the questionnaire fetches it with the page load';
  if (loads.length > 1 && JSON.stringify(outputOf(loads[0])) !== JSON.stringify(outputOf(loads.at(-1))))
    return 'a retried load finds the application as the first answer left it';
  for (const event of path.events) {
    if (isDone(event, 'uploadFile') && (outputOf(event) as { kind?: string }).kind === 'cancelled')
      return 'a cancel needs the upload slowed down: tests/browser/inputs/cardUploads.test.ts throttles it';
    if (isDone(event, 'submitApplication') && answerCode(event) === 'questionnaireRequired')
      return 'the server refuses a complete questionnaire only if the questions change under the page';
    if (isDone(event, 'reapply') && answerCode(event) !== 'ok')
      return 'a refused re-application needs a decision changing under the page';
    if (isDone(event, 'saveDraft') && answerCode(event) === 'transitionNotAllowed')
      return 'a refused temporary save needs another tab to submit meanwhile';
  }
  // The file picker shows only while no file is attached.
  let attached = Boolean((outputOf(loads[0]) as { file?: unknown } | undefined)?.file);
  for (const event of path.events) {
    if (event.type === 'user.chooseFiles' && attached)
      return 'with a file attached the page offers Remove, not a second picker';
    if (isDone(event, 'uploadFile') && answerCode(event) === 'ok') attached = true;
    if (event.type === 'user.removeFile') attached = false;
  }
  return null;
}

const cardModel: UiModel<CardData> = {
  entryId: 'cardApplication',
  locale,
  async prepare(portal, path) {
    // A cut call moved the server's clock with the page's: every path starts at real time.
    resetServerClock(portal);
    await forgetRateLimits(portal);
    const user = await seedSignedInUser(portal, {
      certificationStatus: 2,
      auditStatus: 2,
      operatorId: nextOperatorId(),
      language: locale,
    });
    await arrangeLoad(
      portal,
      user,
      path.events.find((e) => isDone(e, 'loadApplication')),
    );
    return { user };
  },
  context: (browserSuite, data) => browserSuite.context({ locale, seeded: data.user }),
  async open(page, run) {
    // A path with an error branch passes the client's resends of the cut call on the clocks.
    if (cutsACall(run.path)) await installPageClock(page);
    const firstAnswer = run.path.events.find((e) => e.type.endsWith('.loadApplication'));
    const cut = isError(firstAnswer, 'loadApplication')
      ? await cutNextCall(page, run.portal, `/plat${CardPaths.application}`)
      : null;
    await page.goto(`${run.portal.url}/issuingCardApplication`);
    await cut?.resendsPassed();
  },
  states: {
    loading: { notUserVisible: 'the first load: a spinner only until the real server answers' },
    async loadFailed(page) {
      await alertSays(page, messageFor('internal', locale));
      await button(page, 'Retry').waitFor();
    },
    async certificationRequired(page) {
      await alertSays(page, messageFor('certificationRequired', locale));
      await page.getByRole('link', { name: t('Go to enterprise certification') }).waitFor();
    },
    async entityNotSupported(page) {
      await alertSays(page, messageFor('entityNotSupported', locale));
    },
    async intro(page) {
      await onPath(page, 'issuingCardApplicationIndex');
      await page
        .getByRole('button', {
          name: new RegExp(`^(${t('Start application')}|${t('Continue application')})$`),
        })
        .waitFor();
    },
    async editing(page) {
      await page.getByText(t('Relevant information'), { exact: true }).first().waitFor();
    },
    async 'editing.selectBusinessPurpose'(page, run) {
      await onPath(page, 'selectBusinessPurpose');
      await page.getByRole('radiogroup', { name: t('Business purpose') }).waitFor();
      if (run.cause?.type === 'user.next' && stayed(run, 'editing.selectBusinessPurpose'))
        await alertSays(page, messageFor('validationFailed', locale));
      if (run.cause?.type === 'user.choosePurpose')
        expect(await page.getByRole('radio', { name: t('Advertising'), exact: true }).isChecked()).toBe(true);
      await refusalShown(page, run);
    },
    async 'editing.uploadRelevantInfo'(page) {
      await onPath(page, 'uploadRelevantInfo');
      await page.getByRole('region', { name: t('Relevant documents') }).waitFor();
    },
    async 'editing.uploadRelevantInfo.idle'(page, run) {
      const cause = run.cause;
      if (isDone(cause ?? undefined, 'uploadFile') && answerCode(cause ?? undefined) === 'ok')
        await page.getByRole('button', { name: t('Remove file {0}').replace('{0}', FILE_NAME) }).waitFor();
      else if (cause?.type === 'user.removeFile') await button(page, 'Choose file').waitFor();
      else if (cause?.type === 'user.next' && stayed(run, 'editing.uploadRelevantInfo.idle'))
        await alertSays(page, messageFor('documentMissing', locale));
      else await refusalShown(page, run);
    },
    'editing.uploadRelevantInfo.uploading': {
      notUserVisible: 'the upload in flight: the button spins until the real server answers',
    },
    async 'editing.questionnaire'(page) {
      await page.getByRole('region', { name: t('Questionnaire') }).waitFor();
    },
    'editing.questionnaire.loadingQuestions': {
      notUserVisible: 'the questions in flight: a spinner until the real server answers',
    },
    async 'editing.questionnaire.fetchFailed'(page) {
      await page
        .getByRole('region', { name: t('Questionnaire') })
        .getByRole('button', { name: t('Retry') })
        .waitFor();
    },
    async 'editing.questionnaire.answering'(page, run) {
      await button(page, 'Submit application').waitFor();
      if (run.cause?.type === 'user.submit')
        await alertSays(page, messageFor('questionnaireRequired', locale));
      else await refusalShown(page, run);
    },
    saving: {
      notUserVisible: 'the temporary save in flight: the Save button spins until the real server answers',
    },
    submitting: { notUserVisible: 'the submit in flight: the button spins until the real server answers' },
    returningToStage: { notUserVisible: 'transient: left in the same step for the page the user was on' },
    async submitted(page) {
      await page.getByRole('dialog', { name: t('Application submitted') }).waitFor();
    },
    async underReview(page, run) {
      if (run.cause?.type === 'user.closeSuccess') {
        // Closing the success dialog goes home, where the card business shows "under review".
        await page.waitForURL((url) => url.pathname === '/gateway');
        await page
          .getByLabel(t('Card-issuing status'), { exact: true })
          .filter({ hasText: t('Under review') })
          .waitFor();
        return;
      }
      await page
        .getByRole('status')
        .filter({ hasText: t('Under review') })
        .first()
        .waitFor();
    },
    async approved(page) {
      await page
        .getByRole('status')
        .filter({ hasText: t('Approved') })
        .first()
        .waitFor();
    },
    async rejected(page, run) {
      await page.getByRole('alert').filter({ hasText: REASON }).waitFor();
      await button(page, 'Re-apply').waitFor();
      if (isError(run.cause ?? undefined, 'reapply')) await alertSays(page, messageFor('internal', locale));
    },
    reapplying: {
      notUserVisible: 'the re-application in flight: the button spins until the real server answers',
    },
  },
  events: {
    async 'user.retry'(page, _event, run) {
      const cut =
        (await cutIfError(page, run, 'loadApplication', `/plat${CardPaths.application}`)) ??
        (await cutIfError(page, run, 'loadQuestionnaire', `/plat${CardPaths.questionnaire}`));
      await button(page, 'Retry').click();
      await cut?.resendsPassed();
    },
    async 'user.start'(page) {
      await page
        .getByRole('button', {
          name: new RegExp(`^(${t('Start application')}|${t('Continue application')})$`),
        })
        .click();
    },
    async 'user.choosePurpose'(page) {
      await page.getByRole('radio', { name: t('Advertising'), exact: true }).check();
    },
    async 'user.next'(page, _event, run) {
      const cut = run.outcomes.some((e) => isError(e, 'loadQuestionnaire'))
        ? await cutNextCall(page, run.portal, `/plat${CardPaths.questionnaire}`)
        : null;
      await page
        .getByRole('button', { name: new RegExp(`^(${t('Next step')}|${t('Next: questionnaire')})$`) })
        .click();
      await cut?.resendsPassed();
    },
    async 'user.back'(page) {
      await button(page, 'Previous step').click();
    },
    async 'user.chooseFiles'(page, _event, run) {
      const answer = run.outcomes[0];
      const cut = await cutIfError(page, run, 'uploadFile', '/plat/files');
      // The server decides the type by content: an executable named .pdf is refused.
      const buffer = answerCode(answer) === 'fileTypeNotAllowed' ? elfExecutable() : pdf();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer });
      await cut?.resendsPassed();
    },
    async 'user.removeFile'(page) {
      await page.getByRole('button', { name: t('Remove file {0}').replace('{0}', FILE_NAME) }).click();
    },
    async 'user.answer'(page, _event, run) {
      await answerEveryQuestion(page, run.portal, run.data.user);
    },
    async 'user.save'(page, _event, run) {
      const cut = await cutIfError(page, run, 'saveDraft', `/plat${CardPaths.save}`);
      await button(page, 'Save').click();
      await cut?.resendsPassed();
    },
    async 'user.submit'(page, _event, run) {
      const cut = await cutIfError(page, run, 'submitApplication', `/plat${CardPaths.submit}`);
      await button(page, 'Submit application').click();
      await cut?.resendsPassed();
    },
    async 'user.reapply'(page, _event, run) {
      const cut = await cutIfError(page, run, 'reapply', `/plat${CardPaths.save}`);
      await button(page, 'Re-apply').click();
      await cut?.resendsPassed();
    },
    async 'user.closeSuccess'(page) {
      await button(page, 'Back to home').click();
    },
  },
  appEvents: {},
  consequences: {
    loadApplication:
      'GET the application: the company and its application arranged before the page opens (none, saved, submitted, decided, uncertified, outside the card-issuing locations); connection aborted → error',
    uploadFile:
      'POST /plat/files: a real PDF → ok; an executable named .pdf → fileTypeNotAllowed; connection aborted → error',
    loadQuestionnaire: 'GET the questionnaire: the seeded questions; connection aborted → error',
    saveDraft: 'POST save: ok; connection aborted → error',
    submitApplication: 'POST submit: ok; connection aborted → error',
    reapply: 'POST save after a rejection: ok; connection aborted → error',
  },
  undrivable,
};

describeUiModel(suite, cardModel, await planUi(cardModel as unknown as UiModel<never>));
