// Each flag, unflag and comment a reviewer makes on a field is its own step of the case's timeline
// (issue 21 §3 "every step … flag … lands in the case's activity timeline with who, when and why"):
// the case view records it as it happens, not only in the batch sent with the revision request.
//
// POST /plat/admin/certifications/:id/field-flags FieldFlagRequest → FieldFlagResult, and the same
// for a card application at /plat/admin/card-applications/:id/field-flags (docs/decisions/back-office.md "Card applications: flags, comments and a revision request")
// | validationFailed (400: [{ path: 'fields.<i>' | 'comment', message }]; a field that names no
// submitted field, a comment step without a comment) | transitionNotAllowed (409: the case is not
// under review) | 404. The timeline entry: action '<caseKind>.field<Step>', detail
// { flaggedFields, comment }, shown by the case history as flaggedFields and comment.
import { z } from 'zod';
import { AdminLimits, flaggedFieldPath } from './admin';

/** By case kind (src/server/services/admin/auditTrail.ts CaseKind). */
export const FIELD_FLAG_PATHS = {
  certification: '/admin/certifications/:id/field-flags',
  cardApplication: '/admin/card-applications/:id/field-flags',
} as const;
export const FIELD_FLAG_PATH = FIELD_FLAG_PATHS.certification;

export const FIELD_FLAG_STEPS = ['flag', 'unflag', 'comment'] as const;
export type FieldFlagStep = (typeof FIELD_FLAG_STEPS)[number];

/** The audit action's tail per step ('certification.fieldFlagged', …). */
export const FIELD_FLAG_ACTIONS = {
  flag: 'fieldFlagged',
  unflag: 'fieldUnflagged',
  comment: 'fieldCommented',
} as const satisfies Record<FieldFlagStep, string>;

export const fieldFlagRequest = z
  .object({
    step: z.enum(FIELD_FLAG_STEPS),
    /** The paths of one row as the case view shows it (a phone number is its area code and number). */
    fields: z
      .array(flaggedFieldPath)
      .min(1, 'field.required')
      .max(AdminLimits.maxFlaggedFields, 'field.tooLong'),
    /** The comment of a 'comment' step (blank clears it); a flag may carry the row's comment too. */
    comment: z.string().trim().max(AdminLimits.reasonMaxLength, 'field.tooLong').optional(),
  })
  .strict();
export type FieldFlagRequest = z.infer<typeof fieldFlagRequest>;

export interface FieldFlagResult {
  recordedAt: string;
}
