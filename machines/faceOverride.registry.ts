// Registry entry of the back office's face override (issue 16 §5), beside the machine so the shared
// registry holds one line for it. Graph events: a reason that holds and one the contract refuses,
// then one answer per branch of the invoked call (accepted, refused, no answer).
import type { AnyEventObject } from 'xstate';
import { faceOverrideMachine } from './faceOverride.machine';
import type { MachineRegistryEntry } from './registryEntry';

const done = (output: unknown): AnyEventObject => ({ type: 'xstate.done.actor.submitOverride', output });

export const faceOverrideEntry: MachineRegistryEntry = {
  id: 'faceOverride',
  kind: 'flow',
  title: 'Back office: a reviewer overrides a referred face check',
  machine: faceOverrideMachine,
  graphEvents: [
    { type: 'user.editReason', reason: 'Same person; the light was poor.' },
    { type: 'user.editReason', reason: 'ok' },
    { type: 'user.decide', decision: 'confirm' },
    done({ kind: 'ok', data: null }),
    done({ kind: 'refused', code: 'referredOverrideNotAllowed' }),
    { type: 'xstate.error.actor.submitOverride', error: new Error('network') },
  ],
};
