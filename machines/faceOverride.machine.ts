// A reviewer's decision on a referred face check (issue 16 §5): confirm or reject, always with a
// written reason. The reason's rule is the contract's (faceOverrideReason, which the server applies
// too), so the form refuses exactly what the server would and names the same code. Sending it:
// editing → submitting → done, or failed (a refusal, or 'internal' — "network abnormal" — when no
// answer came), where the buttons are free again and the reviewer may edit and send again.
import { assign, setup } from 'xstate';
import {
  faceOverrideReasonProblem,
  type FaceOverrideDecision,
  type FaceOverrideRequest,
} from '../src/contract/api/admin';
import type { CodeName } from '../src/contract/codes';
import { isOk, outputOf, type ApiOutcome } from './accountOutcome';
import { notProvidedAction, notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

export interface FaceOverrideContext {
  /** The reason as typed (trimmed only when sent). */
  reason: string;
  /** The decision being sent, or last sent. */
  decision: FaceOverrideDecision | null;
  /** Message id (a CodeName) of the reason's problem, the refusal or the failure; views translate. */
  message: CodeName | null;
}

export type FaceOverrideEvent =
  { type: 'user.editReason'; reason: string } | { type: 'user.decide'; decision: FaceOverrideDecision };

export const faceOverrideMachine = setup({
  types: {} as {
    context: FaceOverrideContext;
    events: FaceOverrideEvent;
    tags: 'busy' | 'error';
    meta: StateMeta;
  },
  actors: {
    'submit override': notProvidedPromise<ApiOutcome<unknown>, FaceOverrideRequest>('submit override'),
  },
  actions: {
    /** The case view loads the case again: the decision, its reason and reviewer show there. */
    'override recorded': notProvidedAction('override recorded'),
    'keep reason': assign({
      // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, 'keep reason' runs only on user.editReason
      reason: ({ event }) => (event.type === 'user.editReason' ? event.reason : ''),
      message: null,
    }),
    'keep decision': assign({
      // Stryker disable next-line ConditionalExpression: equivalent, 'keep decision' runs only on user.decide
      decision: ({ event }) => (event.type === 'user.decide' ? event.decision : null),
      message: null,
    }),
    'note the reason problem': assign({
      // Stryker disable next-line StringLiteral: equivalent, this runs only when 'reason holds' failed, so a problem is always named
      message: ({ context }) => faceOverrideReasonProblem(context.reason) ?? 'reasonRequired',
    }),
  },
  guards: {
    'reason holds': ({ context }) => faceOverrideReasonProblem(context.reason) === null,
    accepted: ({ event }) => isOk(outputOf(event)),
  },
}).createMachine({
  id: 'faceOverride',
  context: { reason: '', decision: null, message: null },
  initial: 'editing',
  states: {
    editing: {
      meta: {
        spec: 'addition: a referred check is overridden only with a written reason — docs/decisions/face.md "Face evidence in the back office"',
      },
      on: {
        'user.editReason': { actions: 'keep reason' },
        'user.decide': [
          { guard: 'reason holds', target: 'submitting', actions: 'keep decision' },
          { actions: 'note the reason problem' },
        ],
      },
    },
    submitting: {
      meta: {
        spec: 'addition: the decision and its reason go to the audit trail — docs/decisions/face.md "Face evidence in the back office"',
      },
      tags: ['busy'],
      invoke: {
        // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
        id: 'submitOverride',
        src: 'submit override',
        // Stryker disable next-line StringLiteral: equivalent, submitting is entered only after 'keep decision' set one
        input: ({ context }) => ({ decision: context.decision ?? 'confirm', reason: context.reason.trim() }),
        onDone: [
          { guard: 'accepted', target: 'done', actions: 'override recorded' },
          {
            // The server's refusal, by its code (a reason it refuses, not waiting for review…).
            target: 'failed',
            actions: assign({
              // 'accepted' took every ok answer: this one is a refusal.
              message: ({ event }) =>
                (event.output as Extract<ApiOutcome<unknown>, { kind: 'refused' }>).code,
            }),
          },
        ],
        // No answer: "network abnormal"; nothing changed on the server, the buttons are free again.
        onError: { target: 'failed', actions: assign({ message: 'internal' }) },
      },
    },
    done: {
      meta: {
        spec: 'addition: decided; the case shows the reviewer, the decision and the reason — docs/decisions/face.md "Face evidence in the back office"',
      },
      type: 'final',
    },
    failed: {
      meta: {
        spec: "portal-spec.md §8 any other non-200 code shows the server's message: a refused or failed request changes nothing and may be sent again (docs/api-conventions.md)",
      },
      tags: ['error'],
      on: {
        'user.editReason': { target: 'editing', actions: 'keep reason' },
        // The reason held when it was sent and has not changed since: send it again as it is.
        'user.decide': { target: 'submitting', actions: 'keep decision' },
      },
    },
  },
});
