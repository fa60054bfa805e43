// Four eyes on every approval (issue 21 §3), as the server stores it per case: a reviewer's approval
// is a proposal until a second person with the approver role confirms it, and the proposer can
// never confirm their own proposal. Pure, like the other lifecycle charts: the server asks it
// (machines/lifecycle.ts) whether a step exists, and only a confirmed proposal moves the case's own
// lifecycle (certification or card application) through 'reviewer.approve'. Rejections and revision
// requests need one person (docs/decisions/back-office.md "Back office: roles, four eyes"): they are not here.
import { setup } from 'xstate';
import type { StateMeta } from './stateMeta';

export type ApprovalLifecycleEvent =
  | { type: 'reviewer.proposeApproval' }
  /** `byProposer`: the confirming account is the one that proposed (the server sets it). */
  | { type: 'approver.confirmApproval'; byProposer?: boolean }
  | { type: 'approver.declineApproval' };

/** What the server stores per proposal (approval_proposals.state) and the chart state it stands for. */
export type ApprovalProposalState = 'proposed' | 'confirmed' | 'declined';

export const approvalLifecycleMachine = setup({
  types: {} as { events: ApprovalLifecycleEvent; meta: StateMeta },
  guards: {
    'someone other than the proposer': ({ event }) =>
      // Stryker disable next-line ConditionalExpression: equivalent, the guard sits only on approver.confirmApproval (the check narrows the type)
      event.type === 'approver.confirmApproval' && event.byProposer !== true,
  },
}).createMachine({
  id: 'approvalLifecycle',
  initial: 'awaitingProposal',
  states: {
    awaitingProposal: {
      meta: {
        spec: 'addition: no approval is waiting (none proposed yet, or the last one was declined) — docs/decisions/back-office.md "Back office: roles, four eyes, claims and queues"',
      },
      on: { 'reviewer.proposeApproval': 'proposed' },
    },
    proposed: {
      meta: {
        spec: 'addition: an approval is a proposal until a second person confirms it — docs/decisions/back-office.md "Back office: roles, four eyes, claims and queues"',
      },
      on: {
        'approver.confirmApproval': { guard: 'someone other than the proposer', target: 'approved' },
        // Declined with a reason: the case is back with the reviewers, who may reject or propose again.
        'approver.declineApproval': 'awaitingProposal',
      },
    },
    approved: {
      meta: {
        spec: 'addition: confirmed by a second person; the case itself is approved — docs/decisions/back-office.md "Back office: roles, four eyes, claims and queues"',
      },
      type: 'final',
    },
  },
});

/** The chart state of a case whose latest proposal is `latest` (undefined: none yet). */
export function approvalStateOf(latest: ApprovalProposalState | undefined) {
  if (latest === 'proposed') return 'proposed' as const;
  if (latest === 'confirmed') return 'approved' as const;
  return 'awaitingProposal' as const;
}
export type ApprovalState = ReturnType<typeof approvalStateOf>;
