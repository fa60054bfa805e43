// A reviewer's comment per flagged field (issue 21 §1): sent with a revision request, kept on the
// case's audit trail, and shown to the applicant beside each flagged field of the wizard.
//
// POST /plat/admin/certifications/:id/field-comments FieldCommentsRequest → FieldCommentsResult, and
// the same for a card application at /plat/admin/card-applications/:id/field-comments
// | validationFailed (400: [{ path: 'comments.<i>.field' | 'comments.<i>.comment', message }];
// a field that names no submitted field) | transitionNotAllowed (409: the case is not under
// review) | 404. The page sends it just before the revision request; the applicant sees the comments
// of the latest set recorded before that request, for the fields it flagged.
import { z } from 'zod';
import { AdminLimits, flaggedFieldPath } from './admin';

/** By case kind (src/server/services/admin/auditTrail.ts CaseKind). */
export const FIELD_COMMENTS_PATHS = {
  certification: '/admin/certifications/:id/field-comments',
  cardApplication: '/admin/card-applications/:id/field-comments',
} as const;
export const FIELD_COMMENTS_PATH = FIELD_COMMENTS_PATHS.certification;

/** The audit action the comments are kept under (audit_log.detail: { comments: FieldComment[] }). */
export const FIELD_COMMENTS_ACTIONS = {
  certification: 'certification.fieldComments',
  cardApplication: 'cardApplication.fieldComments',
} as const;
export const FIELD_COMMENTS_ACTION = FIELD_COMMENTS_ACTIONS.certification;

export const fieldComment = z.object({
  /** "<stepId>.<path>", as a revision request flags it. */
  field: flaggedFieldPath,
  comment: z.string().trim().min(1, 'field.required').max(AdminLimits.reasonMaxLength, 'field.tooLong'),
});
export type FieldComment = z.infer<typeof fieldComment>;

export const fieldCommentsRequest = z.object({
  comments: z.array(fieldComment).min(1, 'field.required').max(AdminLimits.maxFlaggedFields, 'field.tooLong'),
});
export type FieldCommentsRequest = z.infer<typeof fieldCommentsRequest>;

export interface FieldCommentsResult {
  recorded: number;
  recordedAt: string;
}
