// Claims on back-office cases (issue 21 §2): a reviewer or approver claims a case to work it; the
// claim shows who has it and until when, ends after Limits.backOffice.claimMs (renewed by claiming
// again), on release, or when its holder decides. Another person's live claim refuses every
// decision on the case (caseClaimedByOther, 409, data: CaseClaim); an expired one is simply taken.
// Approvers and admins reassign a claim to another account that may claim.
import { z } from 'zod';

export const ClaimPaths = {
  /** POST (empty) → CaseClaim | caseClaimedByOther (409) | 404. Claims or renews one's own claim. */
  certificationClaim: '/admin/certifications/:id/claim',
  /** POST (empty) → null | claimNotHeld (409) | 404. */
  certificationRelease: '/admin/certifications/:id/release',
  /** POST ReassignClaimRequest → CaseClaim | claimAssigneeInvalid (400) | 404. Approvers and admins. */
  certificationReassign: '/admin/certifications/:id/reassign',
  cardApplicationClaim: '/admin/card-applications/:id/claim',
  cardApplicationRelease: '/admin/card-applications/:id/release',
  cardApplicationReassign: '/admin/card-applications/:id/reassign',
  /** GET → ClaimAssignee[]: the active accounts a claim may go to (by name). Approvers and admins. */
  assignees: '/admin/claims/assignees',
} as const;

export interface ClaimAssignee {
  userId: string;
  email: string;
  name: string;
}

export const reassignClaimRequest = z.object({ userId: z.uuid('field.invalid') });
export type ReassignClaimRequest = z.infer<typeof reassignClaimRequest>;

export interface CaseClaim {
  by: { userId: string; email: string; name: string };
  claimedAt: string;
  /** ISO 8601 UTC: after this the claim is over and anyone may claim the case. */
  expiresAt: string;
}
