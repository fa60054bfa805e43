// The card-application case view (issue 8 "Case view"): the purpose, the one document, the
// questionnaire answers beside the questions as they were asked, the company, the applicant, the
// decision and the history. Read from the submit snapshot, so later edits of a re-application or
// of the questionnaire do not change what the reviewer decides on.
import { liveClaims } from './caseClaims';
import { caseApprovalOf } from './approvals';
import { eq } from 'drizzle-orm';
import type { CardApplicationCaseView, CaseDocument, CaseQuestionAnswer } from '../../../contract/api/admin';
import type { LocalizedText } from '../../../contract/api/card';
import { companies } from '../../db/schema/accounts';
import { cardApplications } from '../../db/schema/card';
import { notFound } from '../../errors';
import type { DbOrTx } from '../../types';
import type { SubmittedCardApplication } from '../card/submittedSnapshot';
import { allowedCardDecisions } from './cardDecisions';
import { cardQueueStatusOf } from './cardStatus';
import { caseDocumentOf, filesOfCase } from './caseDocuments';
import { cardSnapshotOf, cardStepsOf } from './cardSubmission';
import { caseHistory } from './caseHistory';
import { applicantOf, caseApplicantOf, caseCompanyOf, reviewersById } from './caseParties';

function questionnaireOf(snapshot: SubmittedCardApplication): CaseQuestionAnswer[] {
  return snapshot.questionnaire.questions.map((q) => {
    const answer = snapshot.answers[q.id] ?? null;
    const chosen = answer === null ? [] : Array.isArray(answer) ? answer : [answer];
    const labels: LocalizedText[] =
      q.kind === 'text'
        ? []
        : chosen.flatMap((id) => q.options.filter((o) => o.id === id).map((o) => o.label));
    return { questionId: q.id, kind: q.kind, title: q.title, answer, answerLabels: labels };
  });
}

async function documentOf(
  db: DbOrTx,
  companyId: string,
  snapshot: SubmittedCardApplication,
): Promise<CaseDocument> {
  const path = 'uploadRelevantInfo.fileId';
  const stored = (await filesOfCase(db, companyId, [snapshot.file.id])).get(snapshot.file.id);
  if (stored) return caseDocumentOf(stored, path);
  // The snapshot keeps the facts even when the row is gone: show them, marked deleted.
  return {
    fileId: snapshot.file.id,
    kind: 'cardApplication',
    contentType: snapshot.file.type,
    name: snapshot.file.name,
    size: snapshot.file.size,
    fieldPath: path,
    deleted: true,
  };
}

export async function cardApplicationCase(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<CardApplicationCaseView> {
  const [application] = await db.select().from(cardApplications).where(eq(cardApplications.id, id));
  if (!application) throw notFound();
  const [company] = await db.select().from(companies).where(eq(companies.id, application.companyId));
  if (!company) throw notFound();
  const snapshot = cardSnapshotOf(application.submittedData);
  const reviewers = await reviewersById(db, [application.decidedBy]);
  const approval = await caseApprovalOf(db, 'cardApplication', application.id);
  return {
    id: application.id,
    status: cardQueueStatusOf(application.state),
    version: application.version,
    allowedDecisions: approval.state === 'proposed' ? [] : allowedCardDecisions(application.state),
    approval,
    claim: (await liveClaims(db, 'cardApplication', [application.id], now)).get(application.id) ?? null,
    company: caseCompanyOf(company),
    applicant: caseApplicantOf(await applicantOf(db, company.id, application.submittedBy)),
    submittedAt: application.submittedAt?.toISOString() ?? null,
    businessPurpose: snapshot?.businessPurpose ?? null,
    document: snapshot ? await documentOf(db, company.id, snapshot) : null,
    questionnaire: snapshot ? questionnaireOf(snapshot) : [],
    steps: snapshot ? cardStepsOf(snapshot) : [],
    reason: application.reason,
    decidedAt: application.decidedAt?.toISOString() ?? null,
    decidedBy: application.decidedBy ? (reviewers.get(application.decidedBy) ?? null) : null,
    history: await caseHistory(db, 'cardApplication', application.id),
  };
}
