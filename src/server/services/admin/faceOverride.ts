// A reviewer decides a referred face check (issue 16 §5): confirm (→ verified) or reject
// (→ failedFinal), always with a written reason. The verification lifecycle chart decides whether
// the session may move (only `referred` has reviewer events); anything else is
// referredOverrideNotAllowed and nothing is written. The session change and its audit entry (who,
// when, why) commit together, so the case history shows every override.
import { eq } from 'drizzle-orm';
import type { FaceOverrideResult } from '../../../contract/api/admin';
import { users } from '../../db/schema/accounts';
import { certificationApplications } from '../../db/schema/certification';
import { AppError, notFound } from '../../errors';
import { chartStateAt, next, statusOf } from '../verification/sessionLifecycle';
import { lockOwned, writeChange } from '../verification/sessionStore';
import { appendAudit } from './auditTrail';
import { assertNotClaimedByOther } from './caseClaims';
import type { DecisionContext } from './decisionCase';
import { authorizerSessionIdOf } from './faceEvidence';

export type FaceOverrideDecision = 'confirm' | 'reject';

const EVENT_OF = { confirm: 'reviewer.confirm', reject: 'reviewer.reject' } as const;
const REASON_OF = { confirm: 'reviewerConfirmed', reject: 'reviewerRejected' } as const;
const OUTCOME_OF = { confirm: 'verified', reject: 'failed' } as const;

export async function overrideFaceCheck(
  ctx: DecisionContext,
  caseId: string,
  decision: FaceOverrideDecision,
  reason: string,
): Promise<FaceOverrideResult> {
  const { now } = ctx;
  return ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(certificationApplications)
      .where(eq(certificationApplications.id, caseId));
    const [reviewer] = await tx.select().from(users).where(eq(users.id, ctx.reviewerId));
    if (!application || !reviewer) throw notFound();
    const sessionId = authorizerSessionIdOf(application.submittedData);
    const session = sessionId ? await lockOwned(tx, sessionId, application.companyId) : null;
    if (!session) throw new AppError('referredOverrideNotAllowed', 409);
    const from = chartStateAt(session, now);
    const to = next(from, EVENT_OF[decision]);
    if (to === null) throw new AppError('referredOverrideNotAllowed', 409);
    // Issue 21 §2: not on a case someone else has claimed.
    await assertNotClaimedByOther(tx, 'certification', application.id, reviewer.id, now);
    const updated = await writeChange(
      tx,
      session,
      {
        event: EVENT_OF[decision],
        state: statusOf(to),
        patch: {
          outcome: OUTCOME_OF[decision],
          outcomeReason: REASON_OF[decision],
          reviewedBy: reviewer.id,
          reviewReason: reason,
          reviewedAt: now,
        },
      },
      now,
    );
    await appendAudit(tx, {
      actor: { id: reviewer.id, email: reviewer.email },
      caseKind: 'certification',
      caseId: application.id,
      companyId: application.companyId,
      what: decision === 'confirm' ? 'faceConfirm' : 'faceReject',
      fromState: session.state,
      toState: updated.state,
      reason,
      detail: { verificationSessionId: session.id, score: session.score, outcome: session.outcome },
      at: now,
    });
    return { verificationSessionId: session.id, state: updated.state, reviewedAt: now.toISOString() };
  });
}
