// The draft the wizard works on. After a rejection (or a revision request) the application starts
// again from what was submitted, so until the applicant saves anew the submitted data is the draft.
import {
  CERTIFICATION_STEPS,
  DRAFT_STEPS,
  type CertificationDraft,
  type CertificationStepId,
} from '../../../contract/api/certification';
import type { CertificationApplication } from '../../db/schema/certification';
import type { CertificationStatePath } from '../../../contract/statuses';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Only the draft steps, each only when it is an object: stored JSON is never trusted blindly. */
export function draftSteps(value: unknown): CertificationDraft {
  const draft: Record<string, unknown> = {};
  if (!isObject(value)) return {};
  for (const step of DRAFT_STEPS) {
    const values = value[step];
    if (isObject(values)) draft[step] = values;
  }
  return draft;
}

export function effectiveDraft(
  application: CertificationApplication | null,
  state: CertificationStatePath,
): CertificationDraft {
  if (!application) return {};
  if (state === 'rejected' && application.submittedData) return draftSteps(application.submittedData);
  return draftSteps(application.draft);
}

export function effectiveCurrentStep(
  application: CertificationApplication | null,
  state: CertificationStatePath,
): CertificationStepId {
  // Re-application opens at the first step a reviewer flagged (a revision request names fields as
  // "<stepId>.<path>"), else at the company info: the location is already locked.
  if (state === 'rejected') {
    const flagged = new Set(
      ((application?.flaggedFields as string[] | null) ?? []).map((field) => field.split('.')[0]),
    );
    return (
      CERTIFICATION_STEPS.find((step) => step !== 'selectLocationCompany' && flagged.has(step)) ??
      'completeCompanyInfo'
    );
  }
  return (application?.currentStep as CertificationStepId | undefined) ?? 'selectLocationCompany';
}
