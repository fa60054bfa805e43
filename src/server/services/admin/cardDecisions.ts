// Deciding a card application (issue 8 "Decisions"): approve, reject with a reason, or request a
// revision of named fields with a comment (issue 21 §1; docs/decisions/back-office.md "Card applications: flags, comments and a revision request"). One
// transaction with the company and application rows locked: the version check (another reviewer
// was first → decisionConflict), the lifecycle chart (deciding twice or deciding a saved draft →
// transitionNotAllowed), then the new state, the history row, the audit row and the applicant's
// mail in the outbox. Any refusal throws before anything is written.
import { eq } from 'drizzle-orm';
import type { DecisionResult } from '../../../contract/api/admin';
import {
  cardApplicationLifecycleMachine,
  type CardApplicationStatus,
} from '../../../../machines/cardApplicationLifecycle.machine';
import { lifecycleStatusOf, nextLifecycleState } from '../../../../machines/lifecycle';
import { cardApplicationHistory, cardApplications } from '../../db/schema/card';
import { AppError, transitionNotAllowed } from '../../errors';
import { enqueueMail } from '../../mail/enqueueMail';
import { stateOfStatus } from '../card/lifecycle';
import { appendAudit } from './auditTrail';
import { cardQueueStatusOf } from './cardStatus';
import { applicantOf } from './caseParties';
import { cardSubmittedFields, unknownFieldsAmong } from './flaggableCase';
import {
  flaggedFieldsOf,
  lockDecisionCase,
  recordedReasonOf,
  type CaseDecision,
  type DecisionContext,
  type DecisionGuard,
} from './decisionCase';
import { assertUnchangedSince } from './decisionConflict';

export type CardDecision = CaseDecision;
type DecisionKind = CardDecision['kind'];

const EVENT_OF = {
  approve: 'reviewer.approve',
  reject: 'reviewer.reject',
  requestRevision: 'reviewer.requestRevision',
} as const satisfies Record<DecisionKind, string>;

/** Every flagged path must name a submitted field (or a subtree of one) of the snapshot. */
function assertFlaggedFieldsExist(submittedData: unknown, fields: readonly string[]): void {
  const problems = unknownFieldsAmong(cardSubmittedFields(submittedData))(fields, 'fields');
  if (problems.length > 0) throw new AppError('validationFailed', 400, problems);
}

/** The stored status `kind` leads to from `stored`, or null when the chart has no such change. */
function nextStatus(stored: string, kind: DecisionKind): CardApplicationStatus | null {
  const next = nextLifecycleState(cardApplicationLifecycleMachine, stateOfStatus(stored), {
    type: EVENT_OF[kind],
  });
  return next === null
    ? null
    : (lifecycleStatusOf(cardApplicationLifecycleMachine, next) as CardApplicationStatus);
}

export function allowedCardDecisions(stored: string): DecisionKind[] {
  return (Object.keys(EVENT_OF) as DecisionKind[]).filter((kind) => nextStatus(stored, kind) !== null);
}

export async function decideCardApplication(
  ctx: DecisionContext,
  caseId: string,
  lookedAtVersion: number,
  decision: CardDecision,
  /** Issue 21: an approval only ever comes through a confirmed proposal (approvals.ts). */
  guard: DecisionGuard,
): Promise<DecisionResult> {
  const { db, now } = ctx;
  return db.transaction(async (tx) => {
    const { company, application, reviewer } = await lockDecisionCase(tx, ctx.reviewerId, {
      companyIdOf: async () =>
        (
          await tx
            .select({ companyId: cardApplications.companyId })
            .from(cardApplications)
            .where(eq(cardApplications.id, caseId))
        )[0]?.companyId,
      lockApplication: async () =>
        (await tx.select().from(cardApplications).where(eq(cardApplications.id, caseId)).for('update'))[0],
    });

    assertUnchangedSince(lookedAtVersion, {
      version: application.version,
      status: cardQueueStatusOf(application.state),
    });
    const to = nextStatus(application.state, decision.kind);
    if (to === null) throw transitionNotAllowed({ from: application.state, event: EVENT_OF[decision.kind] });
    if (decision.kind === 'requestRevision')
      assertFlaggedFieldsExist(application.submittedData, decision.fields);
    await guard(tx, { reviewer, companyId: company.id });

    const reason = recordedReasonOf(decision);
    const flaggedFields = flaggedFieldsOf(decision);
    const [updated] = await tx
      .update(cardApplications)
      .set({
        state: to,
        reason,
        flaggedFields,
        decidedAt: now,
        decidedBy: reviewer.id,
        version: application.version + 1,
        updatedAt: now,
      })
      .where(eq(cardApplications.id, application.id))
      .returning();
    if (!updated) throw new Error('card decision update returned no row');
    await tx.insert(cardApplicationHistory).values({
      applicationId: application.id,
      companyId: company.id,
      actorId: reviewer.id,
      action: EVENT_OF[decision.kind],
      fromState: application.state,
      toState: to,
      detail: reason === null ? null : { reason, ...(flaggedFields.length ? { flaggedFields } : {}) },
      createdAt: now,
    });
    await appendAudit(tx, {
      actor: { id: reviewer.id, email: reviewer.email },
      caseKind: 'cardApplication',
      caseId: application.id,
      companyId: company.id,
      what: decision.kind,
      fromState: application.state,
      toState: to,
      reason,
      detail: flaggedFields.length ? { flaggedFields } : null,
      at: now,
    });

    const applicant = await applicantOf(tx, company.id, application.submittedBy);
    if (applicant) {
      const link = `${ctx.publicUrl}/`;
      await enqueueMail(tx, {
        to: applicant.email,
        locale: applicant.language,
        template: 'cardApplicationDecision',
        vars:
          reason === null
            ? { decision: 'approved', companyName: company.name, link }
            : { decision: 'rejected', companyName: company.name, reason, link },
      });
    }
    return {
      id: application.id,
      approval: decision.kind === 'approve' ? 'approved' : 'awaitingProposal',
      status: cardQueueStatusOf(to) as DecisionResult['status'],
      version: updated.version,
      decidedAt: now.toISOString(),
      operatorId: null,
    };
  });
}
