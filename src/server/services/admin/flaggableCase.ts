// The case a reviewer flags fields of and comments on (issue 21 §1): it must exist and be under
// review, and a flag names one of its submitted fields. Shared by the comments sent with a revision
// request (fieldComments.ts) and the timeline's flag steps (fieldFlags.ts).
import { eq } from 'drizzle-orm';
import { certificationApplications, type CertificationApplication } from '../../db/schema/certification';
import { AppError, notFound } from '../../errors';
import type { DbOrTx } from '../../types';
import { namesSubmittedField } from './caseFields';
import { submittedSteps } from './certificationSubmission';

export interface FlaggableCase {
  application: CertificationApplication;
  /** The problems of paths that name no submitted field, at `<key>.<i><suffix>`. */
  unknownFields: (
    paths: readonly string[],
    key: string,
    suffix?: string,
  ) => { path: string; message: string }[];
}

export async function flaggableCertification(db: DbOrTx, caseId: string): Promise<FlaggableCase> {
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
    application,
    unknownFields: (paths, key, suffix = '') =>
      paths.flatMap((p, i) =>
        namesSubmittedField(p, submitted) ? [] : [{ path: `${key}.${i}${suffix}`, message: 'field.invalid' }],
      ),
  };
}
