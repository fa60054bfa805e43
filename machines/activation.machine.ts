// The activation page (spec §2 /activateAccount, §8; docs/product-rules.md "Activation link"): the link's
// token is sent once; the answer is success, expired (a new link can be asked for), already
// activated, or not valid. The account's own lifecycle is accountActivationLifecycle (server side).
// The token stays in the page's URL (issue 19 §5: no token in a context): the chart knows only that
// the link has one, and the provided call reads it on each try.
import { assign, setup } from 'xstate';
import { messageOf, outputOf, refusedWith, type ApiOutcome, type FlowMessage } from './accountOutcome';
import { notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

export interface ActivationInput {
  /** The link has a non-empty `token` query value (the token itself stays in the URL). */
  hasToken: boolean;
}

export interface ActivationContext {
  hasToken: boolean;
  message: FlowMessage | null;
}

export type ActivationEvent = { type: 'user.retry' } | { type: 'user.resend'; email: string };

export const activationMachine = setup({
  types: {} as {
    context: ActivationContext;
    events: ActivationEvent;
    input: ActivationInput;
    tags: 'busy';
    meta: StateMeta;
  },
  actors: {
    /** The provider reads the link's token from the page's URL on each call. */
    'activate account': notProvidedPromise<ApiOutcome<unknown>, void>('activate account'),
    'resend activation mail': notProvidedPromise<ApiOutcome<unknown>, { email: string }>(
      'resend activation mail',
    ),
  },
  guards: {
    'link has a token': ({ context }) => context.hasToken,
    /** The server answers a link it has just activated with ok, or with its 'activation success' code. */
    'activated now or before': ({ event }) =>
      outputOf(event).kind === 'ok' || refusedWith(outputOf(event), 'activationSuccess'),
    'refused: link expired': ({ event }) => refusedWith(outputOf(event), 'activationExpired'),
    'refused: already activated': ({ event }) => refusedWith(outputOf(event), 'alreadyActivated'),
    'answered ok': ({ event }) => outputOf(event).kind === 'ok',
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ hasToken: input.hasToken, message: null }),
  initial: 'start',
  states: {
    start: {
      meta: {
        spec: 'portal-spec.md §2 /activateAccount is reached from the mailed link; without a token it is not valid',
      },
      always: [{ guard: 'link has a token', target: 'activating' }, { target: 'invalid' }],
    },
    activating: {
      meta: { spec: 'portal-spec.md §4 Registration: email not activated, then activated' },
      tags: ['busy'],
      invoke: {
        // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
        id: 'activateAccount',
        src: 'activate account',
        onDone: [
          {
            guard: 'activated now or before',
            target: 'activated',
          },
          { guard: 'refused: link expired', target: 'expired' },
          { guard: 'refused: already activated', target: 'alreadyActivated' },
          { target: 'invalid' },
        ],
        onError: 'failed',
      },
    },
    failed: {
      meta: { spec: 'portal-spec.md §8 transport failure: the link could not be checked, the user retries' },
      on: { 'user.retry': 'activating' },
    },
    activated: {
      meta: { spec: 'portal-spec.md §8 activation success: log in' },
      type: 'final',
    },
    alreadyActivated: {
      meta: { spec: 'portal-spec.md §8 email already activated' },
      type: 'final',
    },
    invalid: {
      meta: {
        spec: 'addition: docs/product-rules.md Activation link: single use; a voided or unknown link is not valid',
      },
      type: 'final',
    },
    expired: {
      meta: { spec: 'portal-spec.md §8 activation link expired, resend' },
      on: { 'user.resend': 'resending' },
    },
    resending: {
      meta: { spec: 'addition: docs/product-rules.md resend gives a new link and voids the old one' },
      tags: ['busy'],
      invoke: {
        // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
        id: 'resendActivationMail',
        src: 'resend activation mail',
        // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, resending is entered only by user.resend, so the '' arm is never read
        input: ({ event }) => ({ email: event.type === 'user.resend' ? event.email : '' }),
        onDone: [
          { guard: 'answered ok', target: 'resent' },
          {
            target: 'expired',
            actions: assign({
              message: ({ event }) => messageOf(event.output),
            }),
          },
        ],
        onError: { target: 'expired', actions: assign({ message: 'internal' }) },
      },
    },
    resent: {
      meta: { spec: 'addition: docs/product-rules.md Activation link: a new link valid 24 hours was mailed' },
      type: 'final',
    },
  },
});
