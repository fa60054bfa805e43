// Issue 28 §5: a certification is approved only on a face somebody has decided. While the
// authorizer's face check is referred, no approval may be proposed or confirmed (faceReviewPending)
// until a reviewer confirms the face (faceOverride.ts); a face a reviewer rejected is never approved
// (faceRejected: the case is rejected or sent back for a new capture). A case without a QR face
// check (the authorizer is the director or a beneficiary) has nothing to wait for. Rejections and
// revision requests stay allowed: they do not rely on the face.
import { and, eq } from 'drizzle-orm';
import type { CertificationApprovalBlock } from '../../../contract/api/admin';
import { verificationSessions } from '../../db/schema/verification';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../types';
import { isSessionId } from '../verification/sessionStore';
import { authorizerSessionIdOf } from './faceEvidence';

/** What the face check's stored state says about approving the case. */
export function approvalBlockOf(
  session: { state: string; outcomeReason: string | null } | undefined,
): CertificationApprovalBlock | null {
  if (!session) return null;
  if (session.state === 'referred') return 'faceReviewPending';
  // failedFinal is reached after submit only through a reviewer's rejection (the chart's
  // referred → failedFinal); submit itself needs a verified or referred session.
  if (session.state === 'failedFinal' && session.outcomeReason === 'reviewerRejected') return 'faceRejected';
  return null;
}

/**
 * The block for one case's submitted data. `lock`: read the session FOR SHARE, so a face override
 * (which locks it FOR UPDATE) and an approval in flight wait for each other instead of both
 * deciding on what the other is about to change.
 */
export async function certificationApprovalBlock(
  tx: DbOrTx,
  companyId: string,
  submittedData: unknown,
  lock = false,
): Promise<CertificationApprovalBlock | null> {
  const sessionId = authorizerSessionIdOf(submittedData);
  // Submit checked the id; a value that is no session id names no session (and no block).
  if (sessionId === null || !isSessionId(sessionId)) return null;
  const query = tx
    .select({ state: verificationSessions.state, outcomeReason: verificationSessions.outcomeReason })
    .from(verificationSessions)
    .where(and(eq(verificationSessions.id, sessionId), eq(verificationSessions.companyId, companyId)));
  const [session] = lock ? await query.for('share') : await query;
  return approvalBlockOf(session);
}

/** Refuses an approval step (propose, confirm) while the face is undecided or rejected. */
export async function assertFaceAllowsApproval(
  tx: DbOrTx,
  companyId: string,
  submittedData: unknown,
): Promise<void> {
  const block = await certificationApprovalBlock(tx, companyId, submittedData, true);
  if (block !== null) throw new AppError(block, 409);
}
