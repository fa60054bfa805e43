// The case a reviewer flags fields of and comments on (issue 21 §1), of either kind: it must exist
// and be under review, and a flag names one of its submitted fields. Shared by the comments sent
// with a revision request (fieldComments.ts), the timeline's flag steps (fieldFlags.ts) and the
// card's revision request (cardDecisions.ts).
import { eq } from 'drizzle-orm';
import type { CaseField } from '../../../contract/api/admin';
import { cardApplications } from '../../db/schema/card';
import { certificationApplications } from '../../db/schema/certification';
import { AppError, notFound } from '../../errors';
import type { DbOrTx } from '../../types';
import type { CaseKind } from './auditTrail';
import { namesSubmittedField } from './caseFields';
import { cardSnapshotOf, cardStepsOf } from './cardSubmission';
import { submittedSteps } from './certificationSubmission';

export interface FlaggableCase {
  id: string;
  companyId: string;
  /** The stored state, the timeline step's from and to (a flag changes no state). */
  state: string;
  /** The problems of paths that name no submitted field, at `<key>.<i><suffix>`. */
  unknownFields: (
    paths: readonly string[],
    key: string,
    suffix?: string,
  ) => { path: string; message: string }[];
}

/** The problems of `paths` that name none of `submitted` (each at `<key>.<i><suffix>`). */
export function unknownFieldsAmong(submitted: readonly CaseField[]): FlaggableCase['unknownFields'] {
  return (paths, key, suffix = '') =>
    paths.flatMap((p, i) =>
      namesSubmittedField(p, submitted) ? [] : [{ path: `${key}.${i}${suffix}`, message: 'field.invalid' }],
    );
}

/** A card application's submitted fields: every step of its snapshot (all are the applicant's). */
export function cardSubmittedFields(submittedData: unknown): CaseField[] {
  const snapshot = cardSnapshotOf(submittedData);
  return snapshot ? cardStepsOf(snapshot).flatMap((s) => s.fields) : [];
}

async function flaggableCertification(db: DbOrTx, caseId: string): Promise<FlaggableCase> {
  const [application] = await db
    .select()
    .from(certificationApplications)
    .where(eq(certificationApplications.id, caseId));
  if (!application) throw notFound();
  if (application.lifecycleState !== 'underReview') throw new AppError('transitionNotAllowed', 409);
  const submitted = submittedSteps(application.submittedData)
    .steps.filter((s) => s.stepId !== 'selectLocationCompany')
    .flatMap((s) => s.fields);
  return {
    id: application.id,
    companyId: application.companyId,
    state: application.lifecycleState,
    unknownFields: unknownFieldsAmong(submitted),
  };
}

async function flaggableCardApplication(db: DbOrTx, caseId: string): Promise<FlaggableCase> {
  const [application] = await db.select().from(cardApplications).where(eq(cardApplications.id, caseId));
  if (!application) throw notFound();
  if (application.state !== 'under_review') throw new AppError('transitionNotAllowed', 409);
  return {
    id: application.id,
    companyId: application.companyId,
    state: application.state,
    unknownFields: unknownFieldsAmong(cardSubmittedFields(application.submittedData)),
  };
}

export function flaggableCase(db: DbOrTx, kind: CaseKind, caseId: string): Promise<FlaggableCase> {
  return kind === 'certification' ? flaggableCertification(db, caseId) : flaggableCardApplication(db, caseId);
}
