// Deciding a certification (issue 8 "Decisions"): approve, reject with a reason, or request a
// revision of named fields. One transaction with the company and application rows locked: the
// version check (another reviewer was first → decisionConflict), the lifecycle chart (approving
// twice or deciding a draft → transitionNotAllowed), then the new state and status numbers, the
// operator id on approval, the history row, the audit row and the applicant's mail in the outbox.
// An approval also needs the authorizer's face decided (faceApprovalGate.ts, issue 28 §5).
// Any refusal throws before anything is written, and the transaction leaves nothing behind.
import { eq } from 'drizzle-orm';
import type { DecisionResult } from '../../../contract/api/admin';
import { CERTIFICATION_STEPS } from '../../../contract/api/certification';
import type { CertificationStatePath } from '../../../contract/statuses';
import { certificationLifecycleMachine } from '../../../../machines/certificationLifecycle.machine';
import { nextLifecycleState } from '../../../../machines/lifecycle';
import { certificationApplications } from '../../db/schema/certification';
import { AppError } from '../../errors';
import { enqueueMail } from '../../mail/enqueueMail';
import { recordTransition, storedStatusOf } from '../certification/applicationRecord';
import { currentState, stateValueOf, statePathOf, transitionFor } from '../certification/lifecycleState';
import { appendAudit } from './auditTrail';
import { namesSubmittedField } from './caseFields';
import { applicantOf } from './caseParties';
import { submittedSteps } from './certificationSubmission';
import { certificationQueueStatusOf } from './certificationStatus';
import {
  flaggedFieldsOf,
  lockDecisionCase,
  recordedReasonOf,
  type CaseDecision,
  type DecisionContext,
  type DecisionGuard,
} from './decisionCase';
import { assertUnchangedSince } from './decisionConflict';
import { assertFaceAllowsApproval } from './faceApprovalGate';
import { assignOperatorId } from './operatorId';

export type CertificationDecision = CaseDecision;

type DecisionKind = CertificationDecision['kind'];

const EVENT_OF = {
  approve: 'reviewer.approve',
  reject: 'reviewer.reject',
  requestRevision: 'reviewer.requestRevision',
} as const satisfies Record<DecisionKind, string>;

const STORED_DECISION = {
  approve: 'approved',
  reject: 'rejected',
  requestRevision: 'revisionRequested',
} as const;

/** The decisions the chart allows in `state` (the case view offers only these). */
export function allowedCertificationDecisions(state: CertificationStatePath): DecisionKind[] {
  return (Object.keys(EVENT_OF) as DecisionKind[]).filter(
    (kind) =>
      nextLifecycleState(certificationLifecycleMachine, stateValueOf(state), { type: EVENT_OF[kind] }) !==
      null,
  );
}

/** Every flagged path must name a submitted field (or a subtree of them) of an editable step. */
function assertFlaggedFieldsExist(submittedData: unknown, fields: string[]): void {
  const submitted = submittedSteps(submittedData)
    .steps.filter((s) => s.stepId !== 'selectLocationCompany')
    .flatMap((s) => s.fields);
  const problems = fields.flatMap((flagged, i) =>
    namesSubmittedField(flagged, submitted) ? [] : [{ path: `fields.${i}`, message: 'field.invalid' }],
  );
  if (problems.length > 0) throw new AppError('validationFailed', 400, problems);
}

/** The wizard step of the first flagged field, in wizard order: where re-application opens. */
function firstFlaggedStep(fields: string[]) {
  return CERTIFICATION_STEPS.find((step) => fields.some((f) => f.startsWith(`${step}.`)));
}

export async function decideCertification(
  ctx: DecisionContext,
  caseId: string,
  lookedAtVersion: number,
  decision: CertificationDecision,
  /** Issue 21: an approval only ever comes through a confirmed proposal (approvals.ts). */
  guard: DecisionGuard,
): Promise<DecisionResult> {
  const { db, now } = ctx;
  return db.transaction(async (tx) => {
    const { company, application, reviewer } = await lockDecisionCase(tx, ctx.reviewerId, {
      companyIdOf: async () =>
        (
          await tx
            .select({ companyId: certificationApplications.companyId })
            .from(certificationApplications)
            .where(eq(certificationApplications.id, caseId))
        )[0]?.companyId,
      lockApplication: async () =>
        (
          await tx
            .select()
            .from(certificationApplications)
            .where(eq(certificationApplications.id, caseId))
            .for('update')
        )[0],
    });

    const state = currentState(storedStatusOf({ company, application }));
    assertUnchangedSince(lookedAtVersion, {
      version: application.version,
      status: certificationQueueStatusOf(statePathOf(state), application.decision),
    });
    const transition = transitionFor(state, EVENT_OF[decision.kind]);
    if (decision.kind === 'requestRevision')
      assertFlaggedFieldsExist(application.submittedData, decision.fields);
    // Issue 28 §5: no approval on a face nobody decided (before the guard confirms the proposal).
    if (decision.kind === 'approve')
      await assertFaceAllowsApproval(tx, company.id, application.submittedData);
    await guard(tx, { reviewer, companyId: company.id });

    const reason = recordedReasonOf(decision);
    const flaggedFields = flaggedFieldsOf(decision);
    const operatorId =
      decision.kind === 'approve' ? (company.operatorId ?? (await assignOperatorId(tx, company.id))) : null;
    const reopenAt = firstFlaggedStep(flaggedFields);

    const [updated] = await tx
      .update(certificationApplications)
      .set({
        lifecycleState: transition.to,
        decision: STORED_DECISION[decision.kind],
        reason,
        flaggedFields,
        decidedAt: now,
        decidedBy: reviewer.id,
        ...(reopenAt ? { currentStep: reopenAt } : {}),
        version: application.version + 1,
        updatedAt: now,
      })
      .where(eq(certificationApplications.id, application.id))
      .returning();
    if (!updated) throw new Error('certification decision update returned no row');
    const detail = { reason, flaggedFields, operatorId };
    await recordTransition(
      tx,
      { company, application: updated, user: reviewer },
      updated,
      transition,
      now,
      detail,
    );
    await appendAudit(tx, {
      actor: { id: reviewer.id, email: reviewer.email },
      caseKind: 'certification',
      caseId: application.id,
      companyId: company.id,
      what: decision.kind,
      fromState: transition.from,
      toState: transition.to,
      reason,
      detail: { flaggedFields, operatorId },
      at: now,
    });

    const applicant = await applicantOf(tx, company.id, application.submittedBy);
    if (applicant) {
      const link = `${ctx.publicUrl}/`;
      await enqueueMail(tx, {
        to: applicant.email,
        locale: applicant.language,
        template: 'certificationDecision',
        vars:
          operatorId !== null
            ? { decision: 'approved', companyName: company.name, operatorId, link }
            : // Stryker disable next-line StringLiteral: equivalent, a decision other than approve always records a reason (a rejection's reason, a revision's comment)
              { decision: 'rejected', companyName: company.name, reason: reason ?? '', link },
      });
    }
    return {
      id: application.id,
      approval: decision.kind === 'approve' ? 'approved' : 'awaitingProposal',
      status: certificationQueueStatusOf(transition.to, updated.decision) as DecisionResult['status'],
      version: updated.version,
      decidedAt: now.toISOString(),
      operatorId,
    };
  });
}
