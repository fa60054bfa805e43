// QR identity verification (issue 6): what other areas may use. Certification asks whether the
// authorizer's session is verified; everything else stays behind the /plat/verify routes.
import { findOwned } from './sessionStore';
import type { DbOrTx } from '../../types';

export type { FaceProvider, FaceVerificationInput, FaceVerificationResult } from './faceProvider';
export { FACE_PROVIDERS, selectFaceProvider } from './faceProvider';

/**
 * True only when the session belongs to that company, is verified, and no later session of the same
 * company and purpose has replaced it (a regenerated code or a new dialog supersedes the old one,
 * so a submit must use the latest). Another company's id, an unknown id or a malformed id: false.
 */
export async function isVerificationSessionVerified(
  db: DbOrTx,
  { sessionId, companyId }: { sessionId: string; companyId: string },
): Promise<boolean> {
  const row = await findOwned(db, sessionId, companyId);
  return row !== null && row.state === 'verified' && row.supersededBy === null;
}
