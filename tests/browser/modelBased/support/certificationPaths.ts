// Which generated paths of the certification wizard the real UI can follow, and what each path
// needs arranged on the server before its page opens. Pure functions of the planned path (no
// browser), so the rules are read in one place and the planner can run them cheaply.
import type { EventObject } from 'xstate';
import type { WizardView } from '../../../../machines/certification.machine';
import type { PlannedPath } from '../../../../src/tools/machineGraph/pathPlan';
import { activeStatePaths, inFlightRule, isDone, isError, outputOf } from './uiModel';

const FORM_STEPS = [
  'completeCompanyInfo',
  'uploadEquityStructureChart',
  'uploadLegalPersonInfo',
  'uploadBeneficiaryInfo',
  'uploadAuthorizerInfo',
  'uploadOtherInfo',
] as const;

/** The states that wait for the server's answer. */
export const BUSY_STATES = [
  'loading',
  'submitting',
  'wizard.selectLocationCompany.saving',
  ...FORM_STEPS.map((step) => `wizard.${step}.saving`),
];

/** The states whose modal dialog covers the page: only the dialog's own answers come next. */
const MODAL_STATES: Record<string, { reason: string; accepts: (type: string) => boolean }> = {
  'wizard.selectLocationCompany.confirming': {
    reason: 'the location prompt is modal: only Confirm or Cancel',
    accepts: (type) => type === 'user.confirmLocation' || type === 'user.cancelLocation',
  },
  'wizard.uploadAuthorizerInfo.verifying': {
    reason: 'the QR dialog is modal: nothing but its end (verified or closed) comes while it is open',
    accepts: (type) => type.startsWith('xstate.'),
  },
};

/** The states with a step form, where typing happens (user.edit) and autosave can be retried. */
const TYPING_STATES = FORM_STEPS.map((step) => `wizard.${step}.editing`);

/** What the server must hold before the page opens, read from the path. */
export interface CertificationArrangement {
  /** The answer of the first load that succeeds (null: no load succeeds in the path). */
  view: WizardView | null;
  /** The first load fails (a broken connection). */
  firstLoadFails: boolean;
  /**
   * The authorizer step's saved choice: "none of these" (its person, letter and the QR button)
   * when the path works on that step; "same as the director" otherwise, so a submit can pass
   * without a face verification.
   */
  authorizer: 'none' | 'sameAsDirector';
  /**
   * The company information saved with an English name the server refuses at submit (an
   * incomplete draft from another device): the first submit of the path is refused.
   */
  companyInfoBroken: boolean;
}

const isStepSubmit = (event: EventObject, step: string) =>
  event.type === 'step.submit' && (event as { step?: string }).step === step;

export function arrangementOf(path: PlannedPath): CertificationArrangement {
  const loads = path.events.filter((e) => isDone(e, 'loadApplication') || isError(e, 'loadApplication'));
  const firstDone = loads.find((e) => isDone(e, 'loadApplication'));
  // Typing on the authorizer step needs its person form, which only "none of these" shows (a
  // conflict is driven by typing too: another tab saved first, this tab's autosave is refused).
  const touchesAuthorizer = path.events.some(
    (e, i) =>
      e.type === 'user.startVerification' ||
      isStepSubmit(e, 'uploadAuthorizerInfo') ||
      ((e.type === 'user.edit' || e.type === 'user.retrySave' || e.type === 'draft.conflict') &&
        activeStatePaths(path.expectedValues[i]!).includes('wizard.uploadAuthorizerInfo')),
  );
  const firstSubmit = path.events.find((e) => isDone(e, 'submitApplication'));
  return {
    view: (outputOf(firstDone) as WizardView | undefined) ?? null,
    firstLoadFails: isError(loads[0], 'loadApplication'),
    authorizer: touchesAuthorizer ? 'none' : 'sameAsDirector',
    companyInfoBroken: (outputOf(firstSubmit) as { kind?: string } | undefined)?.kind === 'invalid',
  };
}

/** Why the real UI cannot produce this path, or null. */
export function undrivable(path: PlannedPath): string | null {
  const inFlight = inFlightRule(path, BUSY_STATES);
  if (inFlight) return inFlight;
  const arrangement = arrangementOf(path);
  const loads = path.events.filter((e) => isDone(e, 'loadApplication'));
  if (loads.length > 1 && JSON.stringify(outputOf(loads[0])) !== JSON.stringify(outputOf(loads.at(-1))))
    return 'a retried load finds the application as the first answer left it';
  if (arrangement.view?.currentStep === 'review')
    return "the server never stores 'review' as the current step (the review resumes on the last step)";

  let verified = false;
  let authorizerSavedVerified = false;
  let companyBroken = arrangement.companyInfoBroken;
  let locationRefused = false;
  for (const [i, event] of path.events.entries()) {
    const before = activeStatePaths(path.expectedValues[i]!);
    for (const [state, modal] of Object.entries(MODAL_STATES))
      if (before.includes(state) && !modal.accepts(event.type)) return modal.reason;
    if (
      (event.type === 'user.edit' || event.type === 'user.retrySave') &&
      !before.some((state) => TYPING_STATES.includes(state))
    )
      return `${event.type} needs a step form on screen (the location step and the dialogs have none)`;
    if (isError(event, 'qrVerification'))
      return 'the QR child ends only in its final states (verified, closed); it errors only if its own code throws';

    const output = outputOf(event) as { kind?: string; result?: string } | undefined;
    if (isDone(event, 'saveStep') && output?.kind === 'invalid') {
      if (!before.includes('wizard.selectLocationCompany.saving'))
        return "a step's save never answers 'invalid': the server keeps any draft, only the location can be refused";
      locationRefused = true;
    }
    if (isDone(event, 'saveStep') && output?.kind === 'saved') {
      if (before.includes('wizard.selectLocationCompany.saving') && locationRefused)
        return 'once another tab locked another location, confirming this one is refused again';
      if (before.includes('wizard.uploadAuthorizerInfo.saving') && verified) authorizerSavedVerified = true;
    }
    if (isDone(event, 'qrVerification') && output?.result === 'verified') verified = true;
    if (event.type === 'user.startVerification' && verified)
      return "after a verified scan the step shows 'Face verification passed', not the QR button";
    // Next on the company information corrects the English name the server would refuse.
    if (isStepSubmit(event, 'completeCompanyInfo')) companyBroken = false;
    if (isDone(event, 'submitApplication')) {
      if (output?.kind === 'invalid' && !companyBroken)
        return 'a refused submit needs the company information broken again after it was corrected';
      if (output?.kind === 'submitted' && companyBroken)
        return 'the server refuses the company information nobody corrected';
      if (
        output?.kind === 'submitted' &&
        arrangement.view?.authorizerStepApplies &&
        arrangement.authorizer === 'none' &&
        !authorizerSavedVerified
      )
        return 'the server refuses an authorizer ("none of these") whose verification was never saved';
    }
  }
  return null;
}
