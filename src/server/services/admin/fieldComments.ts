// Comments per flagged field (issue 21 §1), kept in the audit trail beside the decisions (an
// audit_log row of their own, detail { comments }): no new column, and the case history shows who
// commented when. The applicant's side reads them back in certification/reviewComments.ts and
// card/reviewComments.ts.
import {
  FIELD_COMMENTS_ACTIONS,
  type FieldComment,
  type FieldCommentsResult,
} from '../../../contract/api/fieldComments';
import { auditLog } from '../../db/schema/audit';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../types';
import type { CaseKind } from './auditTrail';
import { flaggableCase } from './flaggableCase';

export async function recordFieldComments(
  db: DbOrTx,
  reviewer: { id: string; email: string },
  kind: CaseKind,
  caseId: string,
  comments: readonly FieldComment[],
  now: Date,
): Promise<FieldCommentsResult> {
  const flaggable = await flaggableCase(db, kind, caseId);
  const problems = flaggable.unknownFields(
    comments.map((c) => c.field),
    'comments',
    '.field',
  );
  if (problems.length > 0) throw new AppError('validationFailed', 400, problems);
  await db.insert(auditLog).values({
    actorId: reviewer.id,
    actorEmail: reviewer.email,
    action: FIELD_COMMENTS_ACTIONS[kind],
    caseKind: kind,
    caseId: flaggable.id,
    companyId: flaggable.companyId,
    fromState: flaggable.state,
    toState: flaggable.state,
    reason: null,
    detail: { comments: comments.map((c) => ({ field: c.field, comment: c.comment })) },
    createdAt: now,
  });
  return { recorded: comments.length, recordedAt: now.toISOString() };
}
