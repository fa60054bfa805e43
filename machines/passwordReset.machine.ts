// Forgot password and reset password (spec §2, §5, §8; docs/product-rules.md "Reset-password link"):
// /forgot asks for the email and the slider and sends the mail; /resetPassword checks the emailed
// link first, then takes the new password. Two charts, one file: they are the two halves of one flow.
// No token in either context (issue 19 §5): the slider's token stays with the slider's host and the
// link's token in the page's URL; the provided calls take them from there, the charts know only
// that there is one.
import { assign, setup } from 'xstate';
import { messageOf, outputOf, refusedWith, type ApiOutcome, type FlowMessage } from './accountOutcome';
import { notProvidedAction, notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

export interface ForgotPasswordContext {
  /** The slider holds an unspent token (the token itself stays with the host). */
  sliderSolved: boolean;
  message: FlowMessage | null;
}

export type ForgotPasswordEvent =
  { type: 'captcha.solved' } | { type: 'captcha.cleared' } | { type: 'user.submit'; email: string };

export const forgotPasswordMachine = setup({
  types: {} as {
    context: ForgotPasswordContext;
    events: ForgotPasswordEvent;
    tags: 'busy';
    meta: StateMeta;
  },
  actors: {
    /** Spends the slider's token, which the provider holds. */
    'send reset mail': notProvidedPromise<ApiOutcome<unknown>, { email: string }>('send reset mail'),
  },
  actions: {
    /** The token went with the request (spent, or refused): the slider needs a fresh puzzle. */
    'refresh puzzle': notProvidedAction('refresh puzzle'),
  },
  guards: {
    'slider solved': ({ context }) => context.sliderSolved,
    'answered ok': ({ event }) => outputOf(event).kind === 'ok',
  },
}).createMachine({
  id: 'forgotPassword',
  context: { sliderSolved: false, message: null },
  initial: 'editing',
  on: {
    'captcha.solved': { actions: assign({ sliderSolved: true }) },
    'captcha.cleared': { actions: assign({ sliderSolved: false }) },
  },
  states: {
    editing: {
      meta: { spec: 'portal-spec.md §2 Forgot password: email, slider' },
      on: {
        'user.submit': [
          { guard: 'slider solved', target: 'sending', actions: assign({ message: null }) },
          { actions: assign({ message: 'captchaRequired' }) },
        ],
      },
    },
    sending: {
      meta: {
        spec: 'addition: docs/product-rules.md Reset-password link: 30 minutes, single use, voided by a newer one',
      },
      tags: ['busy'],
      invoke: {
        // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
        id: 'sendResetMail',
        src: 'send reset mail',
        // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, sending is entered only by user.submit, so the '' arm is never read
        input: ({ event }) => ({ email: event.type === 'user.submit' ? event.email : '' }),
        onDone: [
          {
            guard: 'answered ok',
            target: 'mailSent',
            actions: assign({ sliderSolved: false }),
          },
          {
            // §8 "Email does not exist or abnormal status", a refused slider, a rate limit.
            target: 'editing',
            actions: [
              assign({
                message: ({ event }) => messageOf(event.output),
                sliderSolved: false,
              }),
              'refresh puzzle',
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [assign({ message: 'internal', sliderSolved: false }), 'refresh puzzle'],
        },
      },
    },
    mailSent: {
      meta: { spec: 'portal-spec.md §2 Forgot password: a reset page is reached from the mailed link' },
      type: 'final',
    },
  },
});

export interface ResetPasswordInput {
  /** The link has a non-empty `token` query value (the token itself stays in the URL). */
  hasToken: boolean;
}

export interface ResetPasswordContext {
  hasToken: boolean;
  message: FlowMessage | null;
}

export type ResetPasswordEvent = { type: 'user.submit'; newPassword: string } | { type: 'user.retry' };

export const resetPasswordMachine = setup({
  types: {} as {
    context: ResetPasswordContext;
    events: ResetPasswordEvent;
    input: ResetPasswordInput;
    tags: 'busy';
    meta: StateMeta;
  },
  actors: {
    /** The provider reads the link's token from the page's URL on each call. */
    'check reset link': notProvidedPromise<ApiOutcome<unknown>, void>('check reset link'),
    'reset password': notProvidedPromise<ApiOutcome<unknown>, { newPassword: string }>('reset password'),
  },
  actions: {
    /** "Password reset" is said, then /login. */
    'go to login': notProvidedAction('go to login'),
  },
  guards: {
    'link has a token': ({ context }) => context.hasToken,
    'answered ok': ({ event }) => outputOf(event).kind === 'ok',
    'refused: link expired': ({ event }) => refusedWith(outputOf(event), 'resetLinkExpired'),
    'refused: link invalid': ({ event }) => refusedWith(outputOf(event), 'resetLinkInvalid'),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ hasToken: input.hasToken, message: null }),
  initial: 'start',
  states: {
    start: {
      meta: { spec: 'portal-spec.md §2 reset page reached from a link: a link without a token is not valid' },
      always: [{ guard: 'link has a token', target: 'checkingLink' }, { target: 'linkInvalid' }],
    },
    checkingLink: {
      meta: {
        spec: 'addition: docs/product-rules.md Reset-password link: the link is checked before the form is shown',
      },
      tags: ['busy'],
      invoke: {
        // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
        id: 'checkResetLink',
        src: 'check reset link',
        onDone: [
          { guard: 'answered ok', target: 'editing' },
          { guard: 'refused: link expired', target: 'linkExpired' },
          { target: 'linkInvalid' },
        ],
        onError: 'checkFailed',
      },
    },
    checkFailed: {
      meta: { spec: 'portal-spec.md §8 transport failure: the link could not be checked, the user retries' },
      on: { 'user.retry': 'checkingLink' },
    },
    editing: {
      meta: { spec: 'portal-spec.md §5 password rule, confirmation, advice against reuse from other sites' },
      on: { 'user.submit': { target: 'saving', actions: assign({ message: null }) } },
    },
    saving: {
      meta: { spec: 'portal-spec.md §5 new password ≠ current and ≠ any of the last three' },
      tags: ['busy'],
      invoke: {
        // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
        id: 'resetPassword',
        src: 'reset password',
        // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, saving is entered only by user.submit, so the '' arm is never read
        input: ({ event }) => ({ newPassword: event.type === 'user.submit' ? event.newPassword : '' }),
        onDone: [
          { guard: 'answered ok', target: 'done' },
          { guard: 'refused: link expired', target: 'linkExpired' },
          { guard: 'refused: link invalid', target: 'linkInvalid' },
          {
            target: 'editing',
            actions: assign({
              message: ({ event }) => messageOf(event.output),
            }),
          },
        ],
        onError: { target: 'editing', actions: assign({ message: 'internal' }) },
      },
    },
    linkExpired: {
      meta: { spec: 'portal-spec.md §8 reset link expired: a new one is asked for at /forgot' },
      type: 'final',
    },
    linkInvalid: {
      meta: { spec: 'addition: docs/product-rules.md single use: a used or unknown link is not valid' },
      type: 'final',
    },
    done: {
      meta: { spec: 'portal-spec.md §2 reset done: sign in with the new password' },
      type: 'final',
      entry: 'go to login',
    },
  },
});
