// QR identity verification (issue 6): what other areas may use. Certification asks whether the
// authorizer's session is verified; everything else stays behind the /plat/verify routes.
import { SUBMITTABLE_VERIFICATION_STATES } from '../../../contract/api/verification';
import { findOwned } from './sessionStore';
import type { DbOrTx } from '../../types';

export type { FaceProvider, FaceVerificationInput, FaceVerificationResult } from './faceProvider';
export { FACE_PROVIDERS, selectFaceProvider } from './faceProvider';

/**
 * True only when the session belongs to that company, is verified or referred to review (issue 16
 * §3: a referred check does not block the submit, a failed one does), and no later session of the same
 * company and purpose has replaced it (a regenerated code or a new dialog supersedes the old one,
 * so a submit must use the latest). Another company's id, an unknown id or a malformed id: false.
 */
export async function isVerificationSessionVerified(
  db: DbOrTx,
  { sessionId, companyId }: { sessionId: string; companyId: string },
): Promise<boolean> {
  const row = await findOwned(db, sessionId, companyId);
  return (
    row !== null &&
    (SUBMITTABLE_VERIFICATION_STATES as readonly string[]).includes(row.state) &&
    row.supersededBy === null
  );
}
