// How the desktop follows one QR verification session live (docs/product-rules.md "QR verification"; issue 6
// §2): server-sent events first; a lost stream reconnects with a growing pause and resumes after
// the last change it saw (Last-Event-ID), so no change is lost; when the stream keeps failing, the
// desktop polls instead. Every update, streamed or polled, is reported the same way ('report
// update'), so the dialog's chart (qrVerification) cannot tell the two apart.
import { assign, enqueueActions, setup } from 'xstate';
import { Limits } from '../src/contract/limits';
import { notProvidedAction, notProvidedCallback, notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

/** How the live connection recovers: retry with backoff, then fall back to polling. The live view's timing, from the contract (Limits.qrLive); kept under its old name for its users. */
export const QrLiveTuning = Limits.qrLive;

/** A change of the session reported by the server (stream or poll), in the charts' terms. */
export interface SessionUpdate {
  sessionId: string;
  version: number;
  /** The device clock when the update arrived. */
  seenAt: number;
  /** Time left of the 10 minutes after the scan, by the server's clock; null before the scan. */
  validForMs: number | null;
  /** Why the provider said 'failed' or 'referred' (e.g. 'noMatch'). */
  outcomeReason: string | null;
}

export type SessionUpdateType =
  | 'session.scanned'
  | 'session.verifying'
  | 'session.failed'
  | 'session.verified'
  | 'session.referred'
  | 'session.failedFinal'
  | 'session.cancelled'
  | 'session.expired';

export type SessionUpdateEvent = { type: SessionUpdateType } & SessionUpdate;

export type QrSessionLiveEvent = SessionUpdateEvent | { type: 'live.connected' } | { type: 'live.lost' };

export interface QrSessionLiveInput {
  sessionId: string;
  /** The last change already known: the stream resumes after it. */
  afterVersion: number;
}

export interface QrSessionLiveContext {
  sessionId: string;
  version: number;
  /** Stream failures in a row (reset by a working connection). */
  streamFailures: number;
}

export const qrSessionLiveMachine = setup({
  types: {} as {
    context: QrSessionLiveContext;
    events: QrSessionLiveEvent;
    input: QrSessionLiveInput;
    meta: StateMeta;
  },
  actors: {
    /** Server-sent events of one session: session.* updates, live.connected, then live.lost once. */
    'subscribe to session events': notProvidedCallback<
      QrSessionLiveEvent,
      { sessionId: string; afterVersion: number }
    >('subscribe to session events'),
    /** One poll: the session's state as an update (null while nobody has scanned). */
    'fetch session': notProvidedPromise<SessionUpdateEvent | null, { sessionId: string }>('fetch session'),
  },
  actions: {
    /** Hands the update to whoever follows the session (the dialog's chart: sendParent). */
    'report update': notProvidedAction('report update'),
    'count failure': assign({ streamFailures: ({ context }) => context.streamFailures + 1 }),
    // Only on the session.* updates (the chart's one handler for them).
    'note version': assign({
      version: ({ context, event }) => Math.max(context.version, (event as SessionUpdateEvent).version),
    }),
  },
  guards: {
    'stream keeps failing': ({ context }) => context.streamFailures + 1 >= QrLiveTuning.maxStreamFailures,
  },
  delays: {
    streamReconnectBackoff: ({ context }) =>
      Math.min(
        QrLiveTuning.firstBackoffMs * 2 ** Math.max(0, context.streamFailures - 1),
        QrLiveTuning.maxBackoffMs,
      ),
    pollInterval: QrLiveTuning.pollIntervalMs,
  },
}).createMachine({
  id: 'qrSessionLive',
  context: ({ input }) => ({ sessionId: input.sessionId, version: input.afterVersion, streamFailures: 0 }),
  initial: 'streaming',
  on: {
    // Streamed and polled updates alike: keep the version (to resume after it), then report.
    'session.*': { actions: ['note version', 'report update'] },
  },
  states: {
    streaming: {
      meta: {
        spec: 'addition: live through server-sent events; a reconnect resumes after the last change — docs/decisions/small-decisions.md "Desktop live status"',
      },
      invoke: {
        id: 'sessionEvents',
        src: 'subscribe to session events',
        input: ({ context }) => ({ sessionId: context.sessionId, afterVersion: context.version }),
      },
      on: {
        'live.connected': { actions: assign({ streamFailures: 0 }) },
        'live.lost': [
          { guard: 'stream keeps failing', target: 'polling', actions: 'count failure' },
          { target: 'reconnecting', actions: 'count failure' },
        ],
      },
    },
    reconnecting: {
      meta: {
        spec: 'addition: a lost connection reconnects, with a growing pause, without losing state — docs/decisions/small-decisions.md "Desktop live status"',
      },
      after: { streamReconnectBackoff: 'streaming' },
    },
    polling: {
      meta: {
        spec: 'addition: docs/product-rules.md QR verification: polling when the stream keeps failing',
      },
      initial: 'fetching',
      states: {
        fetching: {
          meta: { spec: 'addition: docs/product-rules.md QR verification: one poll of the session' },
          invoke: {
            id: 'fetchSession',
            src: 'fetch session',
            input: ({ context }) => ({ sessionId: context.sessionId }),
            onDone: {
              target: 'waiting',
              // The polled state goes through the same handler as a streamed one.
              actions: enqueueActions(({ enqueue, event }) => {
                if (event.output) enqueue.raise(event.output);
              }),
            },
            onError: 'waiting',
          },
        },
        waiting: {
          meta: { spec: 'addition: docs/product-rules.md QR verification: the pause between polls' },
          after: { pollInterval: 'fetching' },
        },
      },
    },
  },
});
