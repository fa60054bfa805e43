// The reviewer's comments on the flagged fields of the current revision request (issue 21 §1), as
// the applicant's wizard shows them: the latest set the back office recorded before the request
// (services/admin/fieldComments.ts), only for the fields the request flagged, so a set from an
// attempt that lost a race to another reviewer never shows.
import { and, desc, eq, lte } from 'drizzle-orm';
import { FIELD_COMMENTS_ACTIONS, type FieldComment } from '../../../contract/api/fieldComments';
import { auditLog } from '../../db/schema/audit';
import type { CertificationApplication } from '../../db/schema/certification';
import type { DbOrTx } from '../../types';
import type { CaseKind } from '../admin/auditTrail';

function commentsIn(detail: unknown): FieldComment[] {
  const list = typeof detail === 'object' && detail !== null && 'comments' in detail ? detail.comments : null;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (c): c is FieldComment =>
      typeof c === 'object' &&
      c !== null &&
      typeof (c as FieldComment).field === 'string' &&
      typeof (c as FieldComment).comment === 'string',
  );
}

/** Flagged field → the reviewer's comment, for the application's current revision request. */
export async function fieldCommentsOf(
  db: DbOrTx,
  application: CertificationApplication,
): Promise<Record<string, string>> {
  if (application.decision !== 'revisionRequested' || !application.decidedAt) return {};
  return commentsOfRevision(db, 'certification', { ...application, decidedAt: application.decidedAt });
}

/** The comments of the latest set recorded for the case before its revision request (`decidedAt`),
 *  for the fields that request flagged; a card application reads them here too. */
export async function commentsOfRevision(
  db: DbOrTx,
  kind: CaseKind,
  application: { id: string; decidedAt: Date; flaggedFields: unknown },
): Promise<Record<string, string>> {
  const [row] = await db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.caseKind, kind),
        eq(auditLog.caseId, application.id),
        eq(auditLog.action, FIELD_COMMENTS_ACTIONS[kind]),
        lte(auditLog.createdAt, application.decidedAt),
      ),
    )
    // The last one written: two saves of one instant (a fixed clock, one millisecond) by sequence.
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
    .limit(1);
  const flagged = new Set(Array.isArray(application.flaggedFields) ? application.flaggedFields : []);
  const out: Record<string, string> = {};
  for (const c of commentsIn(row?.detail)) if (flagged.has(c.field)) out[c.field] = c.comment;
  return out;
}
