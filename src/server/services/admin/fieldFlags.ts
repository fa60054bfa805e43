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
import type { CaseKind } from './auditTrail';
import { flaggableCase } from './flaggableCase';

export async function recordFieldFlag(
  db: DbOrTx,
  reviewer: { id: string; email: string },
  kind: CaseKind,
  caseId: string,
  request: FieldFlagRequest,
  now: Date,
): Promise<FieldFlagResult> {
  const flaggable = await flaggableCase(db, kind, caseId);
  const problems = flaggable.unknownFields(request.fields, 'fields');
  if (problems.length > 0) throw new AppError('validationFailed', 400, problems);
  const comment = request.comment ? request.comment : null;
  await appendAudit(db, {
    actor: reviewer,
    caseKind: kind,
    caseId: flaggable.id,
    companyId: flaggable.companyId,
    what: FIELD_FLAG_ACTIONS[request.step],
    fromState: flaggable.state,
    toState: flaggable.state,
    reason: null,
    detail: { flaggedFields: [...request.fields], comment },
    at: now,
  });
  return { recordedAt: now.toISOString() };
}
