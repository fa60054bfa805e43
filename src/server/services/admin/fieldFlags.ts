// A reviewer's flag, unflag or comment on a field, each its own step of the case's timeline
// (issue 21 §3; contract/api/fieldFlags.ts): an audit row with who and when, detail
// { flaggedFields, comment }, which the case history reads like a revision request's flags.
import {
  FIELD_FLAG_ACTIONS,
  type FieldFlagRequest,
  type FieldFlagResult,
} from '../../../contract/api/fieldFlags';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../types';
import { appendAudit } from './auditTrail';
import { flaggableCertification } from './flaggableCase';

export async function recordFieldFlag(
  db: DbOrTx,
  reviewer: { id: string; email: string },
  caseId: string,
  request: FieldFlagRequest,
  now: Date,
): Promise<FieldFlagResult> {
  const { application, unknownFields } = await flaggableCertification(db, caseId);
  const problems = unknownFields(request.fields, 'fields');
  if (problems.length > 0) throw new AppError('validationFailed', 400, problems);
  const comment = request.comment ? request.comment : null;
  await appendAudit(db, {
    actor: reviewer,
    caseKind: 'certification',
    caseId: application.id,
    companyId: application.companyId,
    what: FIELD_FLAG_ACTIONS[request.step],
    fromState: application.lifecycleState,
    toState: application.lifecycleState,
    reason: null,
    detail: { flaggedFields: [...request.fields], comment },
    at: now,
  });
  return { recordedAt: now.toISOString() };
}
