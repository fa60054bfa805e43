// Issue 21 §3: the four-eyes chart. An approval is a proposal until someone other than its proposer
// confirms it; a decline sends the case back to the reviewers; the server asks this chart
// (machines/lifecycle.ts), so a chart that let the proposer through would let the server through.
import { describe, expect, it } from 'vitest';
import { approvalLifecycleMachine, approvalStateOf } from '../../machines/approvalLifecycle.machine';
import { nextLifecycleState } from '../../machines/lifecycle';

const next = (
  from: string,
  event: Parameters<typeof nextLifecycleState<typeof approvalLifecycleMachine>>[2],
) => nextLifecycleState(approvalLifecycleMachine, from, event);

describe('approval lifecycle (four eyes)', () => {
  it('a proposal waits for a second person: confirmed by someone else it is approved', () => {
    expect(next('awaitingProposal', { type: 'reviewer.proposeApproval' })).toBe('proposed');
    expect(next('proposed', { type: 'approver.confirmApproval', byProposer: false })).toBe('approved');
  });

  it('the proposer can never confirm their own proposal', () => {
    expect(next('proposed', { type: 'approver.confirmApproval', byProposer: true })).toBeNull();
  });

  it('nothing is confirmed or declined before a proposal, and nothing moves an approval', () => {
    expect(next('awaitingProposal', { type: 'approver.confirmApproval', byProposer: false })).toBeNull();
    expect(next('awaitingProposal', { type: 'approver.declineApproval' })).toBeNull();
    expect(next('proposed', { type: 'reviewer.proposeApproval' })).toBeNull();
    for (const type of ['reviewer.proposeApproval', 'approver.declineApproval'] as const)
      expect(next('approved', { type })).toBeNull();
  });

  it('a decline sends the case back to the reviewers, who may propose again', () => {
    expect(next('proposed', { type: 'approver.declineApproval' })).toBe('awaitingProposal');
  });

  it('reads the stored proposal state', () => {
    expect(approvalStateOf(undefined)).toBe('awaitingProposal');
    expect(approvalStateOf('declined')).toBe('awaitingProposal');
    expect(approvalStateOf('proposed')).toBe('proposed');
    expect(approvalStateOf('confirmed')).toBe('approved');
  });
});
