// The desktop side of QR identity verification (spec §4 "Identity QR verification", §9; docs/product-rules.md
// "QR verification"; issue 6 §2): make a session, show its link as a QR code, follow the phone live,
// and finish with the id of a verified session. It mirrors machines/verificationSessionLifecycle:
// the server decides, this chart only shows what the server will accept (regenerate after 120 s,
// no close while verifying) and follows what the server reports.
//
// Embedding: the certification wizard invokes it as a child actor with input { subjectName } and
// reads the output ({ result: 'verified' | 'referred', sessionId } | { result: 'closed' }) in its
// onDone. After a phone cancel, an expiry or a check that failed with no attempt left (issue 16 §3)
// the chart waits in `cancelled` / `expired` / `failedFinal` (tag `rescanRequired`): it reaches its
// final `verified` or `referred` state only through a new code that is scanned and checked, so a
// parent that proceeds only on those outputs cannot submit after a voided or failed scan.
import { assign, sendParent, setup } from 'xstate';
import type { CodeName } from '../src/contract/codes';
import { Limits } from '../src/contract/limits';
import { outputOf, type ApiOutcome } from './accountOutcome';
import { notProvidedAction, notProvidedPromise } from './notProvided';
import { qrSessionLiveMachine, type SessionUpdateEvent } from './qrSessionLive.machine';
import type { StateMeta } from './stateMeta';

export interface QrVerificationInput {
  /** Who verifies on the phone (the authorizer's name), shown on the phone's home page. */
  subjectName: string;
}

/** 'referred': checked, but a reviewer decides (issue 16 §3); certification may still be submitted. */
export type QrVerificationOutput =
  { result: 'verified' | 'referred'; sessionId: string } | { result: 'closed' };

/** A code on screen: the session behind it, as the provided actors report it. */
export interface ShownCode {
  sessionId: string;
  /** What the QR code encodes (the phone page with the single-use token). */
  link: string;
  /** The session's change counter: the stream resumes after it (Last-Event-ID). */
  version: number;
  /** The device clock when the code arrived (the provided actor's clock): countdowns start here. */
  shownAt: number;
  /** How long after `shownAt` the server accepts a new code (120 s for a fresh code). */
  regenerateInMs: number;
}

export type RegenerateOutcome =
  | { kind: 'ok'; data: ShownCode }
  | { kind: 'tooSoon'; retryInMs: number }
  | { kind: 'refused'; code: CodeName };

export type QrVerificationEvent =
  | { type: 'user.copyLink' }
  | { type: 'user.regenerate' }
  | { type: 'user.close' }
  | { type: 'user.retry' }
  | SessionUpdateEvent;

export interface QrVerificationContext {
  subjectName: string;
  code: ShownCode | null;
  /** When the scan was seen and how long it stays valid: the 10-minute countdown. */
  scan: { seenAt: number; validForMs: number } | null;
  outcomeReason: string | null;
  message: CodeName | null;
  /** Set only by the server's 'verified' (or 'referred') for the current session: the output. */
  verifiedSessionId: string | null;
  /** Whether that session was verified or referred to review. */
  outcome: 'verified' | 'referred' | null;
}

export type QrVerificationTag = 'busy' | 'codeVisible' | 'verifying' | 'rescanRequired';

// The guard and 'record update' sit only on the session.* updates, in `active`, where a code is shown.
const isCurrentSession = ({
  context,
  event,
}: {
  context: QrVerificationContext;
  event: QrVerificationEvent;
}) =>
  // Stryker disable next-line OptionalChaining: equivalent, `active` always has a code
  (event as SessionUpdateEvent).sessionId === context.code?.sessionId;

function recordUpdate(
  context: QrVerificationContext,
  update: SessionUpdateEvent,
): Partial<QrVerificationContext> {
  const code = context.code as ShownCode; // `active` always has a code
  const scan =
    context.scan ??
    (update.validForMs === null ? null : { seenAt: update.seenAt, validForMs: update.validForMs });
  return {
    code: { ...code, version: Math.max(code.version, update.version) },
    scan,
    outcomeReason: update.outcomeReason,
  };
}

/** The live follower as this chart invokes it: its updates come back here as events. The web app
 *  supplies its stream and poll with `followSession.provide({ actors })`. */
export const followSession = qrSessionLiveMachine.provide({
  actions: { 'report update': sendParent(({ event }) => event) },
});

export const qrVerificationMachine = setup({
  types: {} as {
    context: QrVerificationContext;
    events: QrVerificationEvent;
    input: QrVerificationInput;
    output: QrVerificationOutput;
    tags: QrVerificationTag;
    meta: StateMeta;
  },
  actors: {
    'create session': notProvidedPromise<ApiOutcome<ShownCode>, { subjectName: string }>('create session'),
    'regenerate session': notProvidedPromise<RegenerateOutcome, { sessionId: string }>('regenerate session'),
    'close session': notProvidedPromise<ApiOutcome<unknown>, { sessionId: string }>('close session'),
    /** Follows the session live (stream, reconnect, polling) and sends every session.* update here.
     *  The web app provides `followSession.provide({ actors })` with the stream and the poll. */
    'follow session': followSession,
  },
  actions: {
    'record update': assign(({ context, event }) => recordUpdate(context, event as SessionUpdateEvent)),
    'copy link': notProvidedAction('copy link') as (_: unknown, params: { link: string }) => void,
  },
  guards: {
    'is current session': isCurrentSession,
    'answered ok': ({ event }) => outputOf(event).kind === 'ok',
    // RegenerateOutcome adds 'tooSoon' to ApiOutcome: the server still counts the 120 s.
    'refused: too soon to renew': ({ event }) => (outputOf(event) as RegenerateOutcome).kind === 'tooSoon',
  },
  delays: {
    // §4 / §9: a new code after 120 seconds, counted by the server from when it made the code.
    // Stryker disable next-line OptionalChaining: equivalent, the countdown runs only in `active`, which always has a code
    qrRegenerateAfter: ({ context }) => context.code?.regenerateInMs ?? Limits.qr.regenerateAfterMs,
    // §4 / §9: valid 10 minutes after the scan, by the server's clock (what is left of them).
    qrValidAfterScan: ({ context }) => context.scan?.validForMs ?? Limits.qr.validAfterScanMs,
  },
}).createMachine({
  id: 'qrVerification',
  context: ({ input }) => ({
    subjectName: input.subjectName,
    code: null,
    scan: null,
    outcomeReason: null,
    message: null,
    verifiedSessionId: null,
    outcome: null,
  }),
  initial: 'creating',
  states: {
    creating: {
      meta: {
        spec: 'portal-spec.md §2 Authorizer info: verification by QR code scanned on a phone; a session with a single-use, unguessable token behind the code',
      },
      tags: ['busy'],
      entry: assign({ code: null, scan: null, outcomeReason: null }),
      invoke: {
        id: 'createSession',
        src: 'create session',
        input: ({ context }) => ({ subjectName: context.subjectName }),
        onDone: [
          {
            guard: 'answered ok',
            target: 'active',
            actions: assign({
              // Stryker disable next-line ConditionalExpression: equivalent, 'answered ok' let only an ok answer through (the EqualityOperator mutant still checks the kind)
              code: ({ event }) => (event.output.kind === 'ok' ? event.output.data : null),
              message: null,
            }),
          },
          {
            target: 'creationFailed',
            actions: assign({
              // Stryker disable next-line ConditionalExpression: equivalent, the answers that reach here are refusals (the EqualityOperator mutant still checks the kind)
              message: ({ event }) => (event.output.kind === 'refused' ? event.output.code : null),
            }),
          },
        ],
        onError: { target: 'creationFailed', actions: assign({ message: 'internal' }) },
      },
    },
    creationFailed: {
      meta: {
        spec: 'portal-spec.md §8 transport failure or refusal: the code could not be made; try again or close',
      },
      on: { 'user.retry': 'creating', 'user.close': 'closed' },
    },
    active: {
      meta: {
        spec: 'portal-spec.md §4 Identity QR verification: the code is in use (regenerate after 120 s, valid 10 minutes after the scan); the desktop learns the phone\u2019s progress live',
      },
      invoke: {
        id: 'followSession',
        src: 'follow session',
        input: ({ context }) => ({
          // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, `active` always has a code
          sessionId: context.code?.sessionId ?? '',
          // Stryker disable next-line OptionalChaining: equivalent, `active` always has a code
          afterVersion: context.code?.version ?? 0,
        }),
      },
      initial: 'waitingForScan',
      on: {
        'session.verified': {
          guard: 'is current session',
          target: 'verified',
          actions: [
            'record update',
            assign({
              // Stryker disable next-line OptionalChaining: equivalent, `active` always has a code
              verifiedSessionId: ({ context }) => context.code?.sessionId ?? null,
              outcome: 'verified',
            }),
          ],
        },
        'session.referred': {
          guard: 'is current session',
          target: 'referred',
          actions: [
            'record update',
            assign({
              // Stryker disable next-line OptionalChaining: equivalent, `active` always has a code
              verifiedSessionId: ({ context }) => context.code?.sessionId ?? null,
              outcome: 'referred',
            }),
          ],
        },
        'session.failedFinal': {
          guard: 'is current session',
          target: 'failedFinal',
          actions: 'record update',
        },
        'session.cancelled': { guard: 'is current session', target: 'cancelled', actions: 'record update' },
        'session.expired': { guard: 'is current session', target: 'expired', actions: 'record update' },
      },
      states: {
        waitingForScan: {
          meta: { spec: 'portal-spec.md §4 the code is shown; nobody has scanned it yet' },
          tags: ['codeVisible'],
          initial: 'notRenewable',
          on: {
            // The provided action copies and confirms (a toast): nothing for the chart to keep.
            'user.copyLink': {
              actions: {
                type: 'copy link',
                // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, a code is always shown here
                params: ({ context }) => ({ link: context.code?.link ?? '' }),
              },
            },
            'user.close': '#qrVerification.closing',
            'session.scanned': { guard: 'is current session', target: 'scanned', actions: 'record update' },
            // A missed 'scanned' (stream resumed, poll) is implied by a later state.
            'session.verifying': {
              guard: 'is current session',
              target: 'scanned.verifying',
              actions: 'record update',
            },
            'session.failed': {
              guard: 'is current session',
              target: 'scanned.failed',
              actions: 'record update',
            },
          },
          states: {
            notRenewable: {
              meta: {
                spec: 'portal-spec.md §4 / §9 QR regenerate after 120 seconds: not yet (a countdown shows when)',
              },
              after: { qrRegenerateAfter: 'renewable' },
            },
            renewable: {
              meta: { spec: 'portal-spec.md §4 / §9 QR regenerate after 120 seconds: allowed now' },
              on: { 'user.regenerate': '#qrVerification.regenerating' },
            },
          },
        },
        scanned: {
          meta: { spec: 'portal-spec.md §4 valid 10 minutes after the scan' },
          initial: 'opened',
          after: { qrValidAfterScan: '#qrVerification.expired' },
          states: {
            opened: {
              meta: {
                spec: 'portal-spec.md §2 /identityVerification home, termsAndPrivacy: the phone opened the link (home, consent)',
              },
              on: {
                'session.verifying': {
                  guard: 'is current session',
                  target: 'verifying',
                  actions: 'record update',
                },
                'session.failed': { guard: 'is current session', target: 'failed', actions: 'record update' },
                'user.close': '#qrVerification.closing',
              },
            },
            verifying: {
              meta: { spec: 'portal-spec.md §4 while the phone is verifying, the dialog must not be closed' },
              // No user.close here: the close event is not accepted while the phone verifies.
              tags: ['verifying'],
              on: {
                'session.failed': { guard: 'is current session', target: 'failed', actions: 'record update' },
              },
            },
            failed: {
              meta: {
                spec: 'portal-spec.md §4 Identity QR verification: unverified; the phone may retry within the 10 minutes (docs/decisions/small-decisions.md "QR verification: a failed face capture")',
              },
              on: {
                'session.verifying': {
                  guard: 'is current session',
                  target: 'verifying',
                  actions: 'record update',
                },
                'user.close': '#qrVerification.closing',
              },
            },
          },
        },
      },
    },
    regenerating: {
      meta: { spec: 'portal-spec.md §4 / §9 a new code after 120 seconds: the old session is voided' },
      tags: ['busy', 'codeVisible'],
      invoke: {
        id: 'regenerateSession',
        src: 'regenerate session',
        // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, entered only from `active`, which always has a code
        input: ({ context }) => ({ sessionId: context.code?.sessionId ?? '' }),
        onDone: [
          {
            guard: 'answered ok',
            target: 'active',
            actions: assign({
              // Stryker disable next-line ConditionalExpression: equivalent, 'answered ok' let only an ok answer through (the EqualityOperator mutant still checks the kind)
              code: ({ context, event }) => (event.output.kind === 'ok' ? event.output.data : context.code),
              scan: null,
              message: null,
            }),
          },
          {
            // The server counts the 120 s; the countdown restarts from what it says is left.
            guard: 'refused: too soon to renew',
            target: 'active',
            actions: assign({
              code: ({ context, event }) =>
                // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, a code is shown and 'refused: too soon to renew' let only a tooSoon answer through (the EqualityOperator mutant still checks the kind)
                context.code && event.output.kind === 'tooSoon'
                  ? { ...context.code, regenerateInMs: event.output.retryInMs }
                  : context.code,
              message: 'regenerateTooSoon',
            }),
          },
          {
            // The old session moved on meanwhile (scanned, cancelled): the stream tells which.
            target: 'active',
            actions: assign({
              // Stryker disable next-line ConditionalExpression: equivalent, the answers that reach here are refusals (the EqualityOperator mutant still checks the kind)
              message: ({ event }) => (event.output.kind === 'refused' ? event.output.code : null),
            }),
          },
        ],
        onError: { target: 'active', actions: assign({ message: 'internal' }) },
      },
    },
    closing: {
      meta: {
        spec: 'portal-spec.md §4 Identity QR verification: while verifying the dialog must not be closed; closing it otherwise voids the code',
      },
      tags: ['busy'],
      invoke: {
        id: 'closeSession',
        src: 'close session',
        // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, entered only from `active`, which always has a code
        input: ({ context }) => ({ sessionId: context.code?.sessionId ?? '' }),
        onDone: [
          { guard: 'answered ok', target: 'closed' },
          {
            // The phone started verifying just now: the server refuses the close, the dialog stays.
            target: 'active',
            actions: assign({
              // Stryker disable next-line ConditionalExpression: equivalent, the answers that reach here are refusals (the EqualityOperator mutant still checks the kind)
              message: ({ event }) => (event.output.kind === 'refused' ? event.output.code : null),
            }),
          },
        ],
        // Unreachable server: the dialog still closes; the unscanned code is useless without the desktop.
        onError: 'closed',
      },
    },
    cancelled: {
      meta: {
        spec: 'portal-spec.md §4 cancelling on the phone voids the scan: a new scan is needed before submit',
      },
      tags: ['rescanRequired'],
      on: { 'user.regenerate': 'creating', 'user.close': 'closed' },
    },
    expired: {
      meta: { spec: 'portal-spec.md §4 / §9 the code expired 10 minutes after the scan: generate a new one' },
      tags: ['rescanRequired'],
      on: { 'user.regenerate': 'creating', 'user.close': 'closed' },
    },
    failedFinal: {
      meta: {
        spec: 'addition: the face check failed with no attempt left: the dialog says why and offers a new code — docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention"',
      },
      tags: ['rescanRequired'],
      on: { 'user.regenerate': 'creating', 'user.close': 'closed' },
    },
    verified: {
      meta: { spec: 'portal-spec.md §4 Identity QR verification: verified' },
      type: 'final',
    },
    referred: {
      meta: {
        spec: 'addition: referred to review: certification may go on, a reviewer decides — docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention"',
      },
      type: 'final',
    },
    closed: {
      meta: {
        spec: 'portal-spec.md §4 Identity QR verification: unverified: the dialog was closed without a verification',
      },
      type: 'final',
    },
  },
  output: ({ context }) =>
    context.verifiedSessionId !== null
      ? // Stryker disable next-line StringLiteral: equivalent, the outcome is set with the verified session's id
        { result: context.outcome ?? 'verified', sessionId: context.verifiedSessionId }
      : { result: 'closed' },
});
