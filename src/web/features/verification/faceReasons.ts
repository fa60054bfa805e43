// Why a face check failed or was referred (issue 16 §3), in words the person can act on, in both
// languages (Lingui). The phone's result page, the desktop's QR dialog and the back office's case
// view all say the same thing for the same reason (src/contract/api/verification.ts
// FACE_OUTCOME_REASONS); an unknown reason says only that the check did not pass.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FaceOutcomeReason } from '../../../contract/api/verification';

export const FACE_REASON_TEXT: Record<FaceOutcomeReason, MessageDescriptor> = {
  noFace: msg`No face found. Look into the camera.`,
  multipleFaces: msg`More than one face was seen. Only the person verifying may be in the picture.`,
  faceTooSmall: msg`The face is too small. Move closer to the camera.`,
  faceCutOff: msg`The face is cut off. Keep your whole face inside the outline.`,
  tooDark: msg`The picture is too dark. Find more light.`,
  blurred: msg`The picture is blurred. Hold the phone still.`,
  notFrontal: msg`Look straight at the camera.`,
  noMatch: msg`The face does not match the photo in the identity document.`,
  noLiveness: msg`The head turn was not seen. Turn your head slowly while the photos are taken.`,
  consentMissing: msg`Consent to the processing of the face image is missing.`,
  notAnImage: msg`The photo could not be read.`,
  imageTooSmall: msg`The photo is too small.`,
  greyBand: msg`The match was not clear enough: a reviewer will compare the photos.`,
  referenceHasNoFace: msg`No face was found in the identity document photo: a reviewer will compare the photos.`,
  noReference: msg`No identity document photo to compare with yet: a reviewer will compare the photos.`,
  fileFallback: msg`A chosen photo is checked by a reviewer.`,
  presentationAttack: msg`This looks like a photo or a screen, not a live face. Verify in person, in front of the camera.`,
  challengeNotSeen: msg`The movement asked for was not seen. Follow the arrows in the order shown.`,
  providerError: msg`The face check could not run. Please try again.`,
  reviewerConfirmed: msg`A reviewer confirmed the face.`,
  reviewerRejected: msg`A reviewer rejected the face.`,
};

const FALLBACK = msg`The face check did not pass.`;

export function faceReasonText(reason: string | null): MessageDescriptor {
  return (reason !== null && FACE_REASON_TEXT[reason as FaceOutcomeReason]) || FALLBACK;
}
