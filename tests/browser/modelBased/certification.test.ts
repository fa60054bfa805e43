// Model-based browser test of the enterprise certification wizard (issue 9 §3): the wizard chart's
// generated paths drive /enterpriseCertification in Chromium against the real portal. What the
// first load answers is arranged through the portal's own API before the page opens (a fresh
// company with its location still open, a Hong Kong legal person resumed at the last step, a
// mainland manager resumed at any later step), with every step's draft saved so the forms can be
// left. Saves fail as a broken network makes them fail; a location is refused because another tab
// locked another one; a submit is refused because the draft holds a company name nobody corrected.
// The QR face verification is finished on a phone (a mobile page) or closed in its dialog. Paths
// that open the QR dialog run in zh-cn, the others in en-us. The client's resends of a cut save pass
// on the page's and the server's clocks (cutWrite.ts), not in real time.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CertificationStep } from '../../../machines/certification.machine';
import { CertificationPaths } from '../../../src/contract/api/certification';
import type { Locale } from '../../../src/contract/envelope';
import { validationMessage } from '../../../src/contract/validationMessages';
import { companies, users } from '../../../src/server/db/schema/accounts';
import type { PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import { seedSignedInUser, type Portal, type SeededUser } from '../../support/portal';
import { text } from '../support/catalog';
import { companyInfo } from '../support/certificationData';
import { exactly, field, qrDialog, qrLink, UI_TIMEOUT, waitForStep } from '../support/certificationDriver';
import {
  certificationView,
  confirmLocationThroughApi,
  REFUSED_ENGLISH_NAME,
  saveInAnotherTab,
  seedDraft,
} from '../support/certificationSeed';
import { phoneContext, PUBLIC_URL, verifyOnPhone } from '../support/phoneDriver';
import { useBrowserSuite } from '../support/suite';
import { arrangementOf, undrivable, type CertificationArrangement } from './support/certificationPaths';
import {
  cutNextDraftSave,
  editOnServer,
  editStep,
  type EditLanded,
  type FormStep,
} from './support/certificationPage';
import { Limits } from '../../../src/contract/limits';
import { advanceBoth, installPageClock, resetServerClock } from './support/clocks';
import { cutNextCall, cutsACall, type CutCall } from './support/cutWrite';
import {
  activeStatePaths,
  describeUiModel,
  forgetRateLimits,
  isDone,
  isError,
  outputOf,
  planUi,
  type UiModel,
  type UiRun,
} from './support/uiModel';

// The QR code encodes the public address; the phone's context resolves it to this portal.
const suite = useBrowserSuite({ config: { publicUrl: PUBLIC_URL } });

interface CertificationData {
  user: SeededUser;
  locale: Locale;
  arrangement: CertificationArrangement;
  /** The company's location (confirmed or only registered). */
  location: 'CN' | 'HK';
  /** The last edit typed, to find on the server once the autosave ran. */
  lastEdit?: EditLanded;
  /** The page runs on the fake clock (installed before it loaded). */
  pageClock?: boolean;
}
type Run = UiRun<CertificationData>;

const t = (run: Run, source: string) => text(run.data.locale, source);
const button = (page: Page, run: Run, source: string) =>
  page.getByRole('button', { name: t(run, source), exact: true });
const alertSays = (page: Page, message: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: message }).first().waitFor({ timeout: UI_TIMEOUT });
const locationPrompt = (page: Page, run: Run) =>
  page.getByRole('dialog', { name: t(run, 'Confirm the company location') });
const autosaveFailed = (page: Page, run: Run) =>
  page
    .getByRole('alert')
    .filter({ hasText: t(run, 'Draft not saved. It will be retried; nothing you typed is lost.') });

/** The chart's messages (CertificationWizard's useMessageText). */
const MESSAGES = {
  loadFailed: 'The application could not be loaded. Please try again.',
  saveFailed: 'Your entries could not be saved. They are kept here; please try again.',
  submitFailed: 'The application could not be submitted. Please try again.',
  validationFailed: 'Validation failure exists, please complete the required information',
} as const;

/** The state before the event now being performed. */
const activeBefore = (run: Run) => activeStatePaths(run.path.expectedValues[run.at + 1]!);

/** The form step on screen before the event now being performed. */
function formStepBefore(run: Run): FormStep {
  const step = activeBefore(run)
    .find((state) => state.split('.').length === 2 && state.startsWith('wizard.'))
    ?.slice('wizard.'.length);
  if (!step || step === 'selectLocationCompany') throw new Error('no step form is on screen');
  return step as FormStep;
}

/** The event that led here left the user where they were. */
const stayed = (run: Run, state: string) =>
  run.at >= 0 && activeStatePaths(run.path.expectedValues[run.at]!).includes(state);

/** The location was confirmed by the time the state now asserted was reached. */
function locationLocked(run: Run): boolean {
  if (run.data.arrangement.view?.location) return true;
  return run.path.events
    .slice(0, run.at + 1)
    .some(
      (event, i) =>
        isDone(event, 'saveStep') &&
        (outputOf(event) as { kind?: string }).kind === 'saved' &&
        activeStatePaths(run.path.expectedValues[i]!).includes('wizard.selectLocationCompany.saving'),
    );
}

async function onStep(page: Page, place: CertificationStep | 'review'): Promise<void> {
  await waitForStep(page, place);
  const path = place === 'review' ? 'enterpriseCertificationIndex' : place;
  await page.waitForURL((url) => url.pathname === `/enterpriseCertification/${path}`, {
    timeout: UI_TIMEOUT,
  });
}

/** A step form's editing state: Next ready, and what the event that led here shows. */
async function stepEditing(page: Page, run: Run, step: FormStep): Promise<void> {
  await button(page, run, 'Next').waitFor({ timeout: UI_TIMEOUT });
  const cause = run.cause;
  if (isError(cause ?? undefined, 'saveStep')) await alertSays(page, t(run, MESSAGES.saveFailed));
  if (cause?.type === 'user.edit' && run.data.lastEdit)
    await editOnServer(run.portal.url, run.data.user, run.data.lastEdit);
  if (cause?.type === 'user.retrySave' && run.data.lastEdit) {
    await autosaveFailed(page, run).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await editOnServer(run.portal.url, run.data.user, run.data.lastEdit);
  }
  if (cause?.type === 'step.submit' && stayed(run, `wizard.${step}.editing`)) {
    // Only the authorizer step stays on Next: "none of these" without the QR face verification.
    const chart = t(run, 'Please complete the QR face verification');
    const form = validationMessage('verification.required', run.data.locale);
    await alertSays(page, new RegExp(`${escape(chart)}|${escape(form)}`));
  }
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Cuts the next call to `/plat{path}` when the answer the path expects next is `invokeId`'s error. */
const cutIfError = (page: Page, run: Run, invokeId: string, path: string): Promise<CutCall | null> =>
  isError(run.outcomes[0], invokeId) ? cutNextCall(page, run.portal, path) : Promise.resolve(null);

/** Events after which the autosave's debounce runs (the user typed). */
const TYPING = ['user.edit', 'user.retrySave', 'draft.conflict'];

/**
 * The path cuts a call (an error branch, or an autosave failed before "Save now") or waits for an
 * autosave: the page runs on the fake clock, which passes the client's pauses instead of real time.
 */
const needsPageClock = (path: PlannedPath) =>
  cutsACall(path) || path.events.some((event) => TYPING.includes(event.type));

/** The user typed: on the fake clock, the autosave's debounce passes at once instead of in real time. */
async function autosaveDue(page: Page, run: Run): Promise<void> {
  if (run.data.pageClock) await advanceBoth(page, run.portal, Limits.draftAutosaveMs);
}

/** A save or submit refused as stale (issue 17 §3, two tabs): the conflict alert and the way out. */
async function conflictShown(page: Page, run: Run): Promise<void> {
  await alertSays(page, t(run, 'Changed in another tab or on another device'));
  await button(page, run, 'Load the latest version').waitFor({ timeout: UI_TIMEOUT });
}

/** The answer the path gives `invokeId` next is a conflict. */
const conflictAhead = (run: Run, invokeId: string) =>
  run.outcomes.some((e) => isDone(e, invokeId) && (outputOf(e) as { kind?: string }).kind === 'conflict');

function formStepStates(step: FormStep): UiModel<CertificationData>['states'] {
  return {
    [`wizard.${step}.conflicted`]: async (page, run) => {
      await onStep(page, step);
      await conflictShown(page, run);
    },
    [`wizard.${step}`]: (page) => onStep(page, step),
    [`wizard.${step}.editing`]: (page, run) => stepEditing(page, run, step),
    [`wizard.${step}.saving`]: {
      notUserVisible: 'the save in flight: Next spins only until the real server answers',
    },
  };
}

// ---- the server, arranged before the page opens ----------------------------------------------------

async function arrange(portal: Portal, path: PlannedPath, locale: Locale): Promise<CertificationData> {
  const arrangement = arrangementOf(path);
  const view = arrangement.view;
  const location = (view?.location ?? view?.registeredLocation ?? 'CN') as 'CN' | 'HK';
  const user = await seedSignedInUser(portal, { certificationStatus: 0, language: locale });
  if (view) {
    if (!view.authorizerStepApplies)
      // The account holder is the legal person: the authorizer step does not apply.
      await portal.app.db
        .update(users)
        .set({ position: 'legalPerson' })
        .where(eq(users.id, user.signedIn.userId));
    await portal.app.db.update(companies).set({ location }).where(eq(companies.id, user.signedIn.companyId!));
    await seedDraft(portal.url, user, {
      location,
      confirmLocation: view.location !== null,
      resumeAt: view.currentStep === 'review' ? 'uploadOtherInfo' : view.currentStep,
      authorizer: view.authorizerStepApplies ? arrangement.authorizer : null,
      brokenCompanyName: arrangement.companyInfoBroken,
    });
  }
  return { user, locale, arrangement, location };
}

// ---- the model -------------------------------------------------------------------------------------

const certificationModel: UiModel<CertificationData> = {
  entryId: 'certification',
  locale: 'en-us',
  async prepare(portal, path) {
    // A cut call moved the server's clock with the page's: every path starts at real time.
    resetServerClock(portal);
    await forgetRateLimits(portal);
    const locale: Locale = path.events.some((e) => e.type === 'user.startVerification') ? 'zh-cn' : 'en-us';
    return arrange(portal, path, locale);
  },
  context: (browserSuite, data) => browserSuite.context({ locale: data.locale, seeded: data.user }),
  async open(page, run) {
    run.data.pageClock = needsPageClock(run.path);
    if (run.data.pageClock) await installPageClock(page);
    const cut = run.data.arrangement.firstLoadFails
      ? await cutNextCall(page, run.portal, `/plat${CertificationPaths.application}`)
      : null;
    await page.goto(`${run.portal.url}/enterpriseCertification/enterpriseCertificationIndex`);
    await cut?.resendsPassed();
  },
  states: {
    loading: { notUserVisible: 'the first load: a spinner only until the real server answers' },
    async loadFailed(page, run) {
      await alertSays(page, t(run, MESSAGES.loadFailed));
      await button(page, run, 'Try again').waitFor({ timeout: UI_TIMEOUT });
    },
    resuming: { notUserVisible: 'transient: the wizard opens the step the server names at once' },
    async wizard(page, run) {
      await page
        .getByRole('heading', { level: 1, name: t(run, 'Enterprise certification') })
        .waitFor({ timeout: UI_TIMEOUT });
    },
    'wizard.selectLocationCompany': (page) => onStep(page, 'selectLocationCompany'),
    async 'wizard.selectLocationCompany.choosing'(page, run) {
      await locationPrompt(page, run).waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      if (locationLocked(run))
        await page
          .getByText(
            exactly(
              t(run, 'Company location: {0}. It cannot be changed once confirmed.').replace(
                '{0}',
                t(run, run.data.location === 'HK' ? 'Hong Kong, China' : 'Mainland China'),
              ),
            ),
          )
          .waitFor({ timeout: UI_TIMEOUT });
      else
        await page
          .getByRole('radiogroup', { name: t(run, 'Company location') })
          .waitFor({ timeout: UI_TIMEOUT });
      const cause = run.cause ?? undefined;
      if (isError(cause, 'saveStep')) await alertSays(page, t(run, MESSAGES.saveFailed));
      if (isDone(cause, 'saveStep')) await alertSays(page, t(run, MESSAGES.validationFailed));
    },
    async 'wizard.selectLocationCompany.confirming'(page, run) {
      const prompt = locationPrompt(page, run);
      await prompt.waitFor({ timeout: UI_TIMEOUT });
      await prompt.getByRole('button', { name: t(run, 'Confirm'), exact: true }).waitFor();
    },
    'wizard.selectLocationCompany.saving': {
      notUserVisible: 'the location save in flight: Confirm spins only until the real server answers',
    },
    ...formStepStates('completeCompanyInfo'),
    async 'wizard.completeCompanyInfo.editing'(page, run) {
      await stepEditing(page, run, 'completeCompanyInfo');
      if (isDone(run.cause ?? undefined, 'submitApplication')) {
        // The refused submit opens the first step with a problem, the field marked.
        await alertSays(page, t(run, MESSAGES.validationFailed));
        const name = field(page, run.data.locale, 'Company name in English');
        expect(await name.inputValue()).toBe(REFUSED_ENGLISH_NAME);
        expect(await name.getAttribute('aria-invalid')).toBe('true');
      }
    },
    ...formStepStates('uploadEquityStructureChart'),
    ...formStepStates('uploadLegalPersonInfo'),
    ...formStepStates('uploadBeneficiaryInfo'),
    ...formStepStates('uploadAuthorizerInfo'),
    async 'wizard.uploadAuthorizerInfo.editing'(page, run) {
      await qrDialog(page, run.data.locale).waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      await stepEditing(page, run, 'uploadAuthorizerInfo');
      const answer = outputOf(run.cause ?? undefined) as { result?: string } | undefined;
      if (isDone(run.cause ?? undefined, 'qrVerification') && answer?.result === 'verified')
        // The phone answers through the file input: referred to review (issue 16 §3).
        await page
          .getByText(exactly(t(run, 'Face verification sent for review')))
          .waitFor({ timeout: UI_TIMEOUT });
      if (isDone(run.cause ?? undefined, 'qrVerification') && answer?.result === 'closed')
        await button(page, run, 'Verify by scanning the QR code').waitFor({ timeout: UI_TIMEOUT });
    },
    async 'wizard.uploadAuthorizerInfo.verifying'(page, run) {
      await qrDialog(page, run.data.locale)
        .getByRole('img', { name: t(run, 'QR code for identity verification') })
        .waitFor({ timeout: UI_TIMEOUT });
    },
    ...formStepStates('uploadOtherInfo'),
    async review(page, run) {
      await onStep(page, 'review');
      await button(page, run, 'Submit').waitFor({ timeout: UI_TIMEOUT });
      if (isError(run.cause ?? undefined, 'submitApplication'))
        await alertSays(page, t(run, MESSAGES.submitFailed));
    },
    submitting: { notUserVisible: 'the submit in flight: Submit spins only until the real server answers' },
    async submitConflict(page, run) {
      await onStep(page, 'review');
      await conflictShown(page, run);
    },
    async submitted(page, run) {
      const dialog = page.getByRole('dialog', { name: t(run, 'Submitted') });
      await dialog
        .getByText(t(run, 'Your application has been submitted. The result will be sent to you by email.'))
        .waitFor({ timeout: UI_TIMEOUT });
      const view = await certificationView(run.portal.url, run.data.user);
      expect([view.certificationStatus, view.auditStatus]).toEqual([1, 1]);
    },
  },
  events: {
    async 'user.retry'(page, _event, run) {
      const cut = await cutIfError(page, run, 'loadApplication', `/plat${CertificationPaths.application}`);
      await button(page, run, 'Try again').click();
      await cut?.resendsPassed();
    },
    async 'user.chooseLocation'(page, _event, run) {
      await page
        .getByRole('radiogroup', { name: t(run, 'Company location') })
        .getByRole('radio', { name: t(run, 'Mainland China'), exact: true })
        .check();
      await button(page, run, 'Next').click();
    },
    async 'user.confirmLocation'(page, _event, run) {
      const answer = run.outcomes[0];
      const cut = await cutIfError(page, run, 'saveStep', `/plat${CertificationPaths.location}`);
      if ((outputOf(answer) as { kind?: string } | undefined)?.kind === 'invalid') {
        // Another tab of the same user confirmed another location meanwhile: this one is refused.
        const other = await confirmLocationThroughApi(run.portal.url, run.data.user, 'HK');
        expect(other.code).toBe(200);
      }
      await locationPrompt(page, run)
        .getByRole('button', { name: t(run, 'Confirm'), exact: true })
        .click();
      await cut?.resendsPassed();
    },
    async 'user.cancelLocation'(page, _event, run) {
      await locationPrompt(page, run)
        .getByRole('button', { name: t(run, 'Cancel'), exact: true })
        .click();
    },
    async 'step.submit'(page, event, run) {
      const step = (event as { step?: CertificationStep }).step;
      let cut: CutCall | null = null;
      if (step !== 'selectLocationCompany') {
        const onScreen = formStepBefore(run);
        const name = field(page, run.data.locale, 'Company name in English');
        if (onScreen === 'completeCompanyInfo' && (await name.inputValue()) === REFUSED_ENGLISH_NAME) {
          // The user corrects the name the server refused, and the autosave keeps it.
          const corrected = companyInfo(run.data.location).companyNameEnglish;
          await name.fill(corrected);
          await autosaveDue(page, run);
          await editOnServer(run.portal.url, run.data.user, (view) => {
            const values = (view.draft as Record<string, Record<string, unknown> | undefined>)[onScreen];
            return values?.['companyNameEnglish'] === corrected;
          });
        }
        if (run.outcomes.some((e) => isError(e, 'saveStep')))
          cut = await cutNextDraftSave(page, run.portal, onScreen);
        if (conflictAhead(run, 'saveStep')) await saveInAnotherTab(run.portal.url, run.data.user);
      }
      await button(page, run, 'Next').click();
      await cut?.resendsPassed();
    },
    async 'step.back'(page, _event, run) {
      await button(page, run, 'Back').click();
    },
    async 'user.edit'(page, _event, run) {
      run.data.lastEdit = await editStep(page, run.data.locale, formStepBefore(run));
      await autosaveDue(page, run);
    },
    async 'user.retrySave'(page, _event, run) {
      // "Save now" is offered only after an autosave failed: type, let the autosave fail, retry.
      const step = formStepBefore(run);
      const cut = await cutNextDraftSave(page, run.portal, step);
      run.data.lastEdit = await editStep(page, run.data.locale, step);
      await autosaveDue(page, run);
      await cut.resendsPassed();
      await autosaveFailed(page, run).waitFor({ timeout: UI_TIMEOUT });
      await autosaveFailed(page, run)
        .getByRole('button', { name: t(run, 'Save now'), exact: true })
        .click();
    },
    async 'user.startVerification'(page, _event, run) {
      await button(page, run, 'Verify by scanning the QR code').click();
    },
    async 'user.submit'(page, _event, run) {
      const cut = await cutIfError(page, run, 'submitApplication', `/plat${CertificationPaths.submit}`);
      if (conflictAhead(run, 'submitApplication')) await saveInAnotherTab(run.portal.url, run.data.user);
      await button(page, run, 'Submit').click();
      await cut?.resendsPassed();
    },
    async 'draft.conflict'(page, _event, run) {
      // Another tab saves first; this tab's next autosave (of what the person types now) is refused.
      await saveInAnotherTab(run.portal.url, run.data.user);
      await editStep(page, run.data.locale, formStepBefore(run));
      await autosaveDue(page, run);
    },
    async 'user.loadLatest'(page, _event, run) {
      const cut = await cutIfError(page, run, 'loadApplication', `/plat${CertificationPaths.application}`);
      await button(page, run, 'Load the latest version').click();
      await cut?.resendsPassed();
    },
  },
  appEvents: {},
  consequences: {
    loadApplication:
      'GET the application: a company arranged through the API before the page opens (location open; a Hong Kong legal person at the last step; a mainland manager at a later step); connection aborted → error',
    saveStep:
      'POST the location or the step: saved; the location refused because another tab locked another one → invalid; another tab saved the draft first (its version moved on) → conflict; connection aborted → error',
    submitApplication:
      'POST submit: a complete draft → submitted; a company name nobody corrected → invalid (company information); another tab saved the draft first → conflict; connection aborted → error',
    qrVerification:
      'the QR dialog: verified on a phone (a mobile page through the code\u2019s link) → verified; the dialog closed → closed',
  },
  answers: {
    async qrVerification(page, event, run) {
      const dialog = qrDialog(page, run.data.locale);
      if ((outputOf(event) as { result?: string }).result === 'verified') {
        await verifyOnPhone(await phoneContext(suite, run.data.locale), await qrLink(page));
        return;
      }
      await dialog
        .getByRole('button', { name: t(run, 'Close') })
        .first()
        .click();
    },
  },
  undrivable,
};

describeUiModel(suite, certificationModel, await planUi(certificationModel as unknown as UiModel<never>));
