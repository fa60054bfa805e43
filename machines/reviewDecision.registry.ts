// Registry entry of the back office's decision flow (issue 8 §4). Kept beside the machine so the
// shared registry holds only one line for it. Graph events give the invoked actor one answer per
// branch: accepted, decided by another reviewer, refused otherwise, and a transport failure.
import type { AnyEventObject } from 'xstate';
import { reviewDecisionMachine } from './reviewDecision.machine';
import type { MachineRegistryEntry } from './registryEntry';

const done = (output: unknown): AnyEventObject => ({ type: 'xstate.done.actor.submitDecision', output });

export const reviewDecisionEntry: MachineRegistryEntry = {
  id: 'reviewDecision',
  kind: 'flow',
  title: 'Back office: a reviewer decides a case',
  machine: reviewDecisionMachine,
  graphEvents: [
    { type: 'user.decide', decision: { kind: 'approve' } },
    { type: 'user.decide', decision: { kind: 'reject', reason: '' } },
    { type: 'user.decide', decision: { kind: 'confirmApproval' } },
    done({ kind: 'ok', data: null }),
    done({ kind: 'refused', code: 'decisionConflict' }),
    done({ kind: 'refused', code: 'transitionNotAllowed' }),
    { type: 'xstate.error.actor.submitDecision', error: new Error('network') },
  ],
};
