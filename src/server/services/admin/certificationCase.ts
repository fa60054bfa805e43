// The certification case view (issue 8 "Case view"): every submitted field grouped by step, every
// document with the facts the page needs to preview and download it, the authorizer's face capture
// beside the authorizer's document photos, the company, the applicant, the decision and the history.
import { liveClaims } from './caseClaims';
import { caseApprovalOf } from './approvals';
import { and, eq } from 'drizzle-orm';
import type {
  AuthorizerIdentity,
  CaseDocument,
  CertificationCaseDecision,
  CertificationCaseView,
} from '../../../contract/api/admin';
import { companies } from '../../db/schema/accounts';
import { certificationApplications, type CertificationApplication } from '../../db/schema/certification';
import { verificationSessions } from '../../db/schema/verification';
import { notFound } from '../../errors';
import type { DbOrTx } from '../../types';
import { storedStatusOf } from '../certification/applicationRecord';
import { currentState, statePathOf } from '../certification/lifecycleState';
import { caseDocumentOf, fileById, filesOfCase } from './caseDocuments';
import { caseHistory } from './caseHistory';
import { authorizerSessionIdOf, faceEvidenceOf } from './faceEvidence';
import { certificationApprovalBlock } from './faceApprovalGate';
import { applicantOf, caseApplicantOf, caseCompanyOf, reviewersById } from './caseParties';
import { allowedCertificationDecisions } from './certificationDecisions';
import { certificationQueueStatusOf } from './certificationStatus';
import { submittedSteps } from './certificationSubmission';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function authorizerOf(
  db: DbOrTx,
  companyId: string,
  submittedData: unknown,
  documents: CaseDocument[],
): Promise<AuthorizerIdentity | null> {
  const step = isObject(submittedData) ? submittedData['uploadAuthorizerInfo'] : undefined;
  if (!isObject(step) || step['choice'] !== 'none') return null;
  const documentPhotos = documents.filter((d) =>
    d.fieldPath?.startsWith('uploadAuthorizerInfo.person.document.'),
  );
  const sessionId = authorizerSessionIdOf(submittedData);
  const [session] = sessionId
    ? await db
        .select()
        .from(verificationSessions)
        .where(and(eq(verificationSessions.id, sessionId), eq(verificationSessions.companyId, companyId)))
    : [];
  const capture = session?.captureFileId ? await fileById(db, session.captureFileId) : null;
  return {
    documentPhotos,
    faceCapture: capture ? caseDocumentOf(capture, null) : null,
    verificationSessionId: session?.id ?? null,
    verificationState: session?.state ?? null,
    verifiedAt: session?.state === 'verified' ? session.updatedAt.toISOString() : null,
    face: session ? await faceEvidenceOf(db, session) : null,
  };
}

async function decisionOf(
  db: DbOrTx,
  application: CertificationApplication,
): Promise<CertificationCaseDecision | null> {
  const decision = application.decision;
  if (decision !== 'approved' && decision !== 'rejected' && decision !== 'revisionRequested') return null;
  const reviewers = await reviewersById(db, [application.decidedBy]);
  return {
    decision,
    reason: application.reason,
    flaggedFields: Array.isArray(application.flaggedFields) ? application.flaggedFields : [],
    decidedAt: application.decidedAt?.toISOString() ?? null,
    decidedBy: application.decidedBy ? (reviewers.get(application.decidedBy) ?? null) : null,
  };
}

export async function certificationCase(db: DbOrTx, id: string, now: Date): Promise<CertificationCaseView> {
  const [application] = await db
    .select()
    .from(certificationApplications)
    .where(eq(certificationApplications.id, id));
  if (!application) throw notFound();
  const [company] = await db.select().from(companies).where(eq(companies.id, application.companyId));
  if (!company) throw notFound();
  const state = statePathOf(currentState(storedStatusOf({ company, application })));
  const { steps, files } = submittedSteps(application.submittedData);
  const stored = await filesOfCase(
    db,
    company.id,
    files.flatMap((f) => [...f.paths.values()]),
  );
  const documents = files.flatMap(({ step, paths }) =>
    [...paths].flatMap(([path, fileId]) => {
      const file = stored.get(fileId);
      return file ? [caseDocumentOf(file, `${step}.${path}`)] : [];
    }),
  );
  const approval = await caseApprovalOf(db, 'certification', application.id);
  return {
    id: application.id,
    status: certificationQueueStatusOf(state, application.decision),
    lifecycleState: state,
    certificationStatus: company.certificationStatus,
    auditStatus: company.auditStatus,
    version: application.version,
    // While an approval waits for its second person, nothing else is decided (approvals.ts).
    allowedDecisions: approval.state === 'proposed' ? [] : allowedCertificationDecisions(state),
    approval,
    approvalBlock: await certificationApprovalBlock(db, company.id, application.submittedData),
    claim: (await liveClaims(db, 'certification', [application.id], now)).get(application.id) ?? null,
    company: caseCompanyOf(company),
    applicant: caseApplicantOf(await applicantOf(db, company.id, application.submittedBy)),
    submittedAt: application.submittedAt?.toISOString() ?? null,
    steps,
    documents,
    authorizer: await authorizerOf(db, company.id, application.submittedData, documents),
    decision: await decisionOf(db, application),
    history: await caseHistory(db, 'certification', application.id),
  };
}
