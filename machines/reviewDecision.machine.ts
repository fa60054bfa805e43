// A reviewer's decision on one case (issue 8 §4): approve, reject with a reason, or request a revision
// of named fields and documents with a comment. Under four eyes (issue 21 §3) an approve is a
// proposal, and a second person confirms it or declines it with a reason; the server enforces who
// may (approvalLifecycle.machine.ts), this chart only carries the choice. Every decision is confirmed before it is sent; the
// server decides through the lifecycle chart, so two reviewers racing on one case end with exactly one
// winner and the other is told ("another reviewer has already decided this case") and reloads.
import { assign, setup } from 'xstate';
import { isOk, refusedWith, type ApiOutcome } from './accountOutcome';
import { notProvidedAction, notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

export type ReviewDecision =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'requestRevision'; fields: readonly string[]; comment: string }
  | { kind: 'confirmApproval' }
  | { kind: 'declineApproval'; reason: string };

export type ReviewDecisionKind = ReviewDecision['kind'];

export interface ReviewDecisionContext {
  /** The decision waiting for confirmation, then being sent. */
  decision: ReviewDecision | null;
  /** Message id (a CodeName) of the last refusal or failure; views translate it. */
  message: string | null;
}

export type ReviewDecisionEvent =
  | { type: 'user.decide'; decision: ReviewDecision }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'user.reload' };

/** A reason and a revision comment say something; a revision names at least one field or document. */
export function isCompleteDecision(decision: ReviewDecision): boolean {
  if (decision.kind === 'reject' || decision.kind === 'declineApproval')
    return decision.reason.trim().length > 0;
  if (decision.kind === 'requestRevision')
    return decision.fields.length > 0 && decision.comment.trim().length > 0;
  return true;
}

/** The submission's outcome: the guards below sit only on its onDone, whose event has `output`. */
function outcomeOf(event: unknown): ApiOutcome<unknown> {
  return (event as { output: ApiOutcome<unknown> }).output;
}

export const reviewDecisionMachine = setup({
  types: {} as {
    context: ReviewDecisionContext;
    events: ReviewDecisionEvent;
    tags: 'busy' | 'error';
    meta: StateMeta;
  },
  actors: {
    'submit decision': notProvidedPromise<ApiOutcome<unknown>, ReviewDecision>('submit decision'),
  },
  actions: {
    'reload case': notProvidedAction('reload case'),
  },
  guards: {
    // Stryker disable next-line ConditionalExpression: equivalent, the guard sits only on user.decide
    'decision is complete': ({ event }) => event.type === 'user.decide' && isCompleteDecision(event.decision),
    // Both guards sit only on the submission's onDone, whose event carries the outcome; `accepted`
    // is tried first, so what reaches 'decided elsewhere' is a refusal, and only its code decides.
    'decided elsewhere': ({ event }) => refusedWith(outcomeOf(event), 'decisionConflict'),
    accepted: ({ event }) => isOk(outcomeOf(event)),
  },
}).createMachine({
  id: 'reviewDecision',
  context: { decision: null, message: null },
  initial: 'choosing',
  states: {
    choosing: {
      meta: {
        spec: "portal-spec.md §4 Gateway: under review, then approved or review failed (with the reviewer's reason; docs/product-rules.md Status codes): approve, reject with a reason, or request a revision of named fields",
      },
      on: {
        'user.decide': {
          guard: 'decision is complete',
          target: 'confirming',
          actions: assign({
            decision: ({ event }) => event.decision,
            message: null,
          }),
        },
      },
    },
    confirming: {
      meta: {
        spec: 'addition: every decision is confirmed before it is sent — docs/decisions/small-decisions.md "Back-office decisions and concurrency"',
      },
      on: {
        'user.confirm': 'submitting',
        'user.cancel': { target: 'choosing', actions: assign({ decision: null }) },
      },
    },
    submitting: {
      meta: {
        spec: 'addition: the decision goes through the lifecycle statechart on the server — docs/decisions/small-decisions.md "Back-office decisions and concurrency"',
      },
      tags: ['busy'],
      invoke: {
        id: 'submitDecision',
        src: 'submit decision',
        // Stryker disable next-line ObjectLiteral,StringLiteral: equivalent, submitting is entered only from confirming, which holds a decision
        input: ({ context }) => context.decision ?? { kind: 'approve' },
        onDone: [
          { guard: 'accepted', target: 'done' },
          { guard: 'decided elsewhere', target: 'conflict' },
          {
            // Not allowed now (409), a missing reason, or another refusal: the reviewer may retry.
            target: 'error',
            actions: assign({
              // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, 'ok' is taken by the first branch
              message: ({ event }) => (event.output.kind === 'refused' ? event.output.code : 'internal'),
            }),
          },
        ],
        onError: { target: 'error', actions: assign({ message: 'internal' }) },
      },
    },
    done: {
      meta: {
        spec: 'portal-spec.md §2 Certification submit: the result will be sent by email; decided, the applicant is mailed in their language',
      },
      type: 'final',
    },
    conflict: {
      meta: {
        spec: 'addition: two reviewers at once, exactly one wins, the other is told — docs/decisions/small-decisions.md "Back-office decisions and concurrency"',
      },
      tags: ['error'],
      on: {
        'user.reload': {
          target: 'choosing',
          actions: ['reload case', assign({ decision: null, message: null })],
        },
      },
    },
    error: {
      meta: {
        spec: "portal-spec.md §8 any other non-200 code shows the server's message: a refused or failed decision changes nothing and may be retried (docs/api-conventions.md)",
      },
      tags: ['error'],
      on: {
        'user.retry': 'submitting',
        'user.cancel': { target: 'choosing', actions: assign({ decision: null, message: null }) },
      },
    },
  },
});
