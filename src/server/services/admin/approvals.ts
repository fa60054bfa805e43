// Four eyes on every approval (issue 21 §3; machines/approvalLifecycle.machine.ts). A reviewer's
// approve is stored as a proposal; an approver who is not the proposer confirms it, and only that
// confirmation runs the case's own decision (certificationDecisions / cardDecisions, 'approve');
// or an approver declines it with a reason and the case goes back to the reviewers. While an
// approval waits, rejections and revision requests are refused (approvalPending): the approver's
// decline comes first. Every step is an audit row of the case's timeline.
import { and, desc, eq } from 'drizzle-orm';
import type { CaseApproval, DecisionResult } from '../../../contract/api/admin';
import {
  approvalLifecycleMachine,
  approvalStateOf,
  type ApprovalLifecycleEvent,
} from '../../../../machines/approvalLifecycle.machine';
import { nextLifecycleState } from '../../../../machines/lifecycle';
import { approvalProposals } from '../../db/schema/backOffice';
import { AppError, transitionNotAllowed } from '../../errors';
import type { DbOrTx } from '../../types';
import { appendAudit, type CaseKind } from './auditTrail';
import { reviewersById } from './caseParties';
import { lockCase, type LockedCase } from './caseLock';
import type { DecisionContext, DecisionGuard } from './decisionCase';

type ProposalRow = typeof approvalProposals.$inferSelect;

// Stryker disable next-line BooleanLiteral: equivalent, a read outside a transaction (the case view) holds no lock past its statement, and every writer locks the case rows first
async function latestProposal(tx: DbOrTx, kind: CaseKind, caseId: string, lock = false) {
  const query = tx
    .select()
    .from(approvalProposals)
    .where(and(eq(approvalProposals.caseKind, kind), eq(approvalProposals.caseId, caseId)))
    .orderBy(desc(approvalProposals.proposedAt), desc(approvalProposals.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether the four-eyes chart takes `event` from the case's approval state. */
function allows(latest: ProposalRow | undefined, event: ApprovalLifecycleEvent): boolean {
  return nextLifecycleState(approvalLifecycleMachine, approvalStateOf(latest?.state), event) !== null;
}

/** The case view's approval block. */
export async function caseApprovalOf(db: DbOrTx, kind: CaseKind, caseId: string): Promise<CaseApproval> {
  const latest = await latestProposal(db, kind, caseId);
  const state = approvalStateOf(latest?.state);
  if (!latest) return { state, proposedBy: null, proposedAt: null, declined: null };
  const people = await reviewersById(db, [latest.proposedBy, latest.decidedBy]);
  const who = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return {
    state,
    proposedBy: state === 'awaitingProposal' ? null : who(latest.proposedBy),
    proposedAt: state === 'awaitingProposal' ? null : latest.proposedAt.toISOString(),
    declined:
      latest.state === 'declined'
        ? { by: who(latest.decidedBy), at: latest.decidedAt!.toISOString(), reason: latest.reason }
        : null,
  };
}

/** Reject / request a revision: not while an approval waits for its second person. */
export function noApprovalWaiting(kind: CaseKind, caseId: string): DecisionGuard {
  return async (tx) => {
    // Stryker disable next-line BooleanLiteral: equivalent, the case rows are already locked FOR UPDATE in this transaction (lockDecisionCase), which orders every step on the case
    const latest = await latestProposal(tx, kind, caseId, true);
    if (latest?.state === 'proposed') throw new AppError('approvalPending', 409);
  };
}

/** Approve = confirm the waiting proposal, by someone other than its proposer (server-enforced). */
export function confirmWaitingProposal(kind: CaseKind, caseId: string, now: Date): DecisionGuard {
  return async (tx, { reviewer: approver, companyId }) => {
    // Stryker disable next-line BooleanLiteral: equivalent, the case rows are already locked FOR UPDATE in this transaction (lockDecisionCase), which orders every step on the case
    const latest = await latestProposal(tx, kind, caseId, true);
    if (!latest || latest.state !== 'proposed') throw new AppError('approvalNotProposed', 409);
    const event = {
      type: 'approver.confirmApproval',
      byProposer: latest.proposedBy === approver.id,
    } as const;
    if (!allows(latest, event)) throw new AppError('ownProposal', 403);
    await tx
      .update(approvalProposals)
      .set({ state: 'confirmed', decidedBy: approver.id, decidedAt: now })
      .where(eq(approvalProposals.id, latest.id));
    await appendAudit(tx, {
      actor: { id: approver.id, email: approver.email },
      caseKind: kind,
      caseId,
      companyId,
      what: 'confirmApproval',
      fromState: 'proposed',
      toState: 'approved',
      reason: null,
      detail: { proposalId: latest.id, proposedBy: latest.proposedBy },
      at: now,
    });
  };
}

function resultOf(locked: LockedCase, version: number, approval: DecisionResult['approval'], now: Date) {
  return {
    id: locked.id,
    status: 'underReview',
    approval,
    version,
    decidedAt: now.toISOString(),
    operatorId: null,
  } satisfies DecisionResult;
}

/** Extra checks every proposal and decline passes (the claims of issue 21 §2 join here). */
export type StepGuard = (tx: DbOrTx, locked: LockedCase) => Promise<void>;

export async function proposeApproval(
  ctx: DecisionContext,
  kind: CaseKind,
  caseId: string,
  lookedAtVersion: number,
  guard: StepGuard,
): Promise<DecisionResult> {
  const { db, now } = ctx;
  return db.transaction(async (tx) => {
    const locked = await lockCase(tx, ctx.reviewerId, kind, caseId, lookedAtVersion);
    if (!locked.approvable) throw transitionNotAllowed({ from: locked.state, event: 'reviewer.approve' });
    await locked.assertMayApprove();
    await guard(tx, locked);
    // Stryker disable next-line BooleanLiteral: equivalent, the case rows are already locked FOR UPDATE in this transaction (lockDecisionCase), which orders every step on the case
    const latest = await latestProposal(tx, kind, locked.id, true);
    if (!allows(latest, { type: 'reviewer.proposeApproval' })) throw new AppError('approvalPending', 409);
    const [proposal] = await tx
      .insert(approvalProposals)
      .values({
        caseKind: kind,
        caseId: locked.id,
        state: 'proposed',
        proposedBy: locked.actor.id,
        proposedAt: now,
      })
      .returning();
    const version = await locked.bump(now);
    await appendAudit(tx, {
      actor: { id: locked.actor.id, email: locked.actor.email },
      caseKind: kind,
      caseId: locked.id,
      companyId: locked.company.id,
      what: 'proposeApproval',
      fromState: locked.state,
      toState: locked.state,
      reason: null,
      detail: { proposalId: proposal!.id },
      at: now,
    });
    return resultOf(locked, version, 'proposed', now);
  });
}

export async function declineApproval(
  ctx: DecisionContext,
  kind: CaseKind,
  caseId: string,
  lookedAtVersion: number,
  reason: string,
  guard: StepGuard,
): Promise<DecisionResult> {
  const { db, now } = ctx;
  return db.transaction(async (tx) => {
    const locked = await lockCase(tx, ctx.reviewerId, kind, caseId, lookedAtVersion);
    await guard(tx, locked);
    // Stryker disable next-line BooleanLiteral: equivalent, the case rows are already locked FOR UPDATE in this transaction (lockDecisionCase), which orders every step on the case
    const latest = await latestProposal(tx, kind, locked.id, true);
    if (!latest || !allows(latest, { type: 'approver.declineApproval' }))
      throw new AppError('approvalNotProposed', 409);
    await tx
      .update(approvalProposals)
      .set({ state: 'declined', decidedBy: locked.actor.id, decidedAt: now, reason })
      .where(eq(approvalProposals.id, latest.id));
    const version = await locked.bump(now);
    await appendAudit(tx, {
      actor: { id: locked.actor.id, email: locked.actor.email },
      caseKind: kind,
      caseId: locked.id,
      companyId: locked.company.id,
      what: 'declineApproval',
      fromState: locked.state,
      toState: locked.state,
      reason,
      detail: { proposalId: latest.id, proposedBy: latest.proposedBy },
      at: now,
    });
    return resultOf(locked, version, 'awaitingProposal', now);
  });
}
