// The case timeline's steps in words, both languages (issue 21 §3): lifecycle events and the back
// office's audit actions. An action without a label shows its code.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const STEP: Record<string, MessageDescriptor> = {
  approve: msg`Approved`,
  reject: msg`Rejected`,
  requestRevision: msg`Revision requested`,
  proposeApproval: msg`Approval proposed`,
  confirmApproval: msg`Approval confirmed (second person)`,
  declineApproval: msg`Proposed approval declined`,
  claim: msg`Claimed`,
  release: msg`Claim released`,
  reassign: msg`Claim reassigned`,
  faceConfirm: msg`Referred face check confirmed`,
  faceReject: msg`Referred face check rejected`,
  fieldFlagged: msg`Field flagged for revision`,
  fieldUnflagged: msg`Field flag removed`,
  fieldCommented: msg`Comment on a flagged field`,
  fieldComments: msg`Field comments sent with the revision request`,
};

const EVENT: Record<string, MessageDescriptor> = {
  'applicant.submit': msg`Submitted by the applicant`,
  'applicant.saveDraft': msg`Saved by the applicant`,
  'applicant.reapply': msg`Re-application started`,
  'applicant.confirmLocation': msg`Location confirmed`,
};

/** The label of a timeline action ('certification.proposeApproval', 'reviewer.reject', …), or null. */
export function timelineLabel(action: string): MessageDescriptor | null {
  if (action in EVENT) return EVENT[action]!;
  const step = action.slice(action.indexOf('.') + 1);
  return STEP[step] ?? null;
}
