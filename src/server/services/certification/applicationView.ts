// The view the wizard loads (CertificationView of the contract): where the application stands,
// what may be done, the draft with the facts of its files, and the last review decision.
import type { CertificationReview, CertificationView } from '../../../contract/api/certification';
import type { CompanyLocation, CompanyPosition } from '../../../contract/options';
import type { DbOrTx } from '../../types';
import type { CertificationRecord } from './applicationRecord';
import { storedStatusOf } from './applicationRecord';
import { authorizerStepApplies } from './authorizerStep';
import { effectiveCurrentStep, effectiveDraft } from './effectiveDraft';
import { companyFiles, fileReferencesIn } from './fileReferences';
import { currentState, mayEnterCertification, statePathOf } from './lifecycleState';
import { fieldCommentsOf } from './reviewComments';

const REVIEW_DECISIONS = new Set(['rejected', 'revisionRequested']);

async function reviewOf(db: DbOrTx, record: CertificationRecord): Promise<CertificationReview | null> {
  const application = record.application;
  if (!application?.decision || !REVIEW_DECISIONS.has(application.decision)) return null;
  return {
    decision: application.decision as CertificationReview['decision'],
    reason: application.reason,
    flaggedFields: Array.isArray(application.flaggedFields) ? application.flaggedFields : [],
    fieldComments: await fieldCommentsOf(db, application),
    decidedAt: application.decidedAt?.toISOString() ?? null,
  };
}

export async function buildView(db: DbOrTx, record: CertificationRecord): Promise<CertificationView> {
  const { company, application, user } = record;
  const state = statePathOf(currentState(storedStatusOf(record)));
  const draft = effectiveDraft(application, state);
  const files = await companyFiles(
    db,
    company.id,
    fileReferencesIn(draft).map((r) => r.fileId),
  );
  return {
    lifecycleState: state,
    certificationStatus: company.certificationStatus,
    auditStatus: company.auditStatus,
    mayEdit: mayEnterCertification(company),
    companyName: company.name,
    location: company.location as CompanyLocation,
    locationLocked: company.locationLocked,
    accountPosition: (user.position as CompanyPosition | null) ?? null,
    authorizerStepApplies: authorizerStepApplies(user.position),
    currentStep: effectiveCurrentStep(application, state),
    draft,
    files: [...files.values()].map((f) => ({
      id: f.id,
      kind: f.kind,
      contentType: f.contentType,
      size: f.size,
      originalName: f.originalName,
    })),
    version: application?.version ?? 0,
    submittedAt: application?.submittedAt?.toISOString() ?? null,
    review: await reviewOf(db, record),
  };
}
