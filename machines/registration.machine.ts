// Registration in three stages (spec §2, §3, §5, §8; docs/product-rules.md "Email verification code",
// "Activation link"): registration info with the slider → information verification with the
// emailed 6-digit code → email activation. The code's life is one region with one timer at a time:
// fresh (60 s, no resend) → resendable (the rest of its 3 minutes) → expired. The server checks
// everything again; the chart lets the page say "send the code first" and "expired" without asking.
// The slider's token never enters this chart (issue 19 §5): it stays with the slider's host, and the
// chart says only whether a send spends it.
import { assign, setup, stateIn } from 'xstate';
import type { AreaCode } from '../src/contract/limits';
import { Limits } from '../src/contract/limits';
import type { CompanyLocation, CompanyPosition } from '../src/contract/options';
import {
  messageOf,
  outputOf,
  refusedWith,
  type ApiOutcome,
  type FlowMessage,
  type RetryAfter,
} from './accountOutcome';
import { notProvidedAction, notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

/** Stage 1 as validated by registrationInfoSchema (the confirmation is checked there and dropped). */
export interface RegistrationInfo {
  firstName: string;
  lastName: string;
  location: CompanyLocation;
  companyName: string;
  position: CompanyPosition;
  email: string;
  phoneAreaCode: AreaCode | null;
  phone: string | null;
  /** Only on its way through the events: the chart never keeps it (issue 19 §5); the form does. */
  password: string;
  invitationCode: string | null;
  serviceAgreement: true;
}

/** What the chart keeps of stage 1: everything but the password. */
export type RegistrationProfile = Omit<RegistrationInfo, 'password'>;

function profileOf({ password: _password, ...profile }: RegistrationInfo): RegistrationProfile {
  return profile;
}

export interface SendCodeInput {
  email: string;
  /** The first send spends the slider's token (the provider holds it); resends go without one. */
  withSliderToken: boolean;
}

export interface SendCodeResult {
  /** When the server sent the code (the provided actor's clock): the page's resend countdown starts here. */
  sentAt: number;
}

export interface RegisterInput {
  info: RegistrationInfo;
  emailCode: string;
}

export interface RegistrationContext {
  info: RegistrationProfile | null;
  /** The slider holds an unspent token (the token itself stays with the host). */
  sliderSolved: boolean;
  message: FlowMessage | null;
  codeSentAt: number | null;
  /** A refused activation resend: when the server allows the next one. */
  resendRetry: RetryAfter | null;
}

export type RegistrationEvent =
  | { type: 'captcha.solved' }
  | { type: 'captcha.cleared' }
  | { type: 'user.submitInfo'; info: RegistrationInfo }
  | { type: 'user.back' }
  | { type: 'user.sendCode' }
  /** The password typed at stage 1 comes back with the code: the register call needs both. */
  | { type: 'user.submitCode'; code: string; password: string }
  | { type: 'user.resendActivation' };

const CODE_STATES = '#registration.verification.code';

export const registrationMachine = setup({
  types: {} as {
    context: RegistrationContext;
    events: RegistrationEvent;
    tags: 'busy' | 'codeValid' | 'mayResendCode';
    meta: StateMeta;
  },
  actors: {
    'send code': notProvidedPromise<ApiOutcome<SendCodeResult>, SendCodeInput>('send code'),
    register: notProvidedPromise<ApiOutcome<unknown>, RegisterInput>('register'),
    'resend activation mail': notProvidedPromise<ApiOutcome<unknown>, { email: string }>(
      'resend activation mail',
    ),
  },
  actions: {
    /** Asks the slider for a fresh puzzle (its token was spent or refused). */
    'refresh puzzle': notProvidedAction('refresh puzzle'),
  },
  guards: {
    'slider solved': ({ context }) => context.sliderSolved,
    'no code sent': ({ context }) => context.codeSentAt === null,
    'code expired': stateIn(`${CODE_STATES}.expired`),
    'answered ok': ({ event }) => outputOf(event).kind === 'ok',
    'refused: registered, not activated': ({ event }) =>
      refusedWith(outputOf(event), 'emailRegisteredNotActivated'),
    'refused: already registered': ({ event }) => refusedWith(outputOf(event), 'emailRegistered'),
    'refused: slider failed': ({ event }) => refusedWith(outputOf(event), 'captchaFailed'),
    'refused with a retry time': ({ event }) => {
      const output = outputOf(event);
      // Stryker disable next-line ConditionalExpression: equivalent, an ok outcome has no retry time
      return output.kind === 'refused' && output.retry !== undefined;
    },
  },
  delays: {
    resendCooldown: Limits.emailCode.resendAfterMs,
    // A code lives 3 minutes from its sending; the first 60 s of them are spent in `fresh`.
    codeValidityAfterCooldown: Limits.emailCode.validMs - Limits.emailCode.resendAfterMs,
    // Stryker disable next-line OptionalChaining: equivalent, resendRefused is entered only with a retry time kept
    untilResendAllowed: ({ context }) => context.resendRetry?.afterMs ?? 0,
  },
}).createMachine({
  id: 'registration',
  context: { info: null, sliderSolved: false, message: null, codeSentAt: null, resendRetry: null },
  initial: 'info',
  on: {
    'captcha.solved': { actions: assign({ sliderSolved: true }) },
    'captcha.cleared': { actions: assign({ sliderSolved: false }) },
  },
  states: {
    info: {
      meta: { spec: 'portal-spec.md §2/§3 stage 1 registration info: fields, service agreement, slider' },
      on: {
        'user.submitInfo': [
          {
            guard: 'slider solved',
            target: 'verification',
            actions: assign({ info: ({ event }) => profileOf(event.info), message: null }),
          },
          { actions: assign({ message: 'captchaRequired' }) },
        ],
      },
    },
    verification: {
      meta: { spec: 'portal-spec.md §2 stage 2 information verification: the emailed code' },
      type: 'parallel',
      on: {
        'user.back': {
          target: 'info',
          actions: [assign({ message: null, sliderSolved: false, codeSentAt: null }), 'refresh puzzle'],
        },
      },
      states: {
        code: {
          meta: {
            spec: 'addition: docs/product-rules.md Email verification code: 6 digits, 3 minutes, resend after 60 s',
          },
          initial: 'notSent',
          states: {
            notSent: {
              meta: { spec: 'portal-spec.md §8 please send the verification code first' },
              tags: ['mayResendCode'],
              on: { 'user.sendCode': 'sending' },
            },
            sending: {
              meta: { spec: 'portal-spec.md §3 email verification code: sent to the registering email' },
              tags: ['busy'],
              invoke: {
                // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
                id: 'sendCode',
                src: 'send code',
                input: ({ context }): SendCodeInput => ({
                  // Stage 2 is entered only with stage 1's info kept.
                  email: (context.info as RegistrationProfile).email,
                  withSliderToken: context.sliderSolved,
                }),
                onDone: [
                  {
                    guard: 'answered ok',
                    target: 'fresh',
                    actions: assign({
                      message: null,
                      sliderSolved: false,
                      codeSentAt: ({ event }) =>
                        // Stryker disable next-line ConditionalExpression: equivalent, 'answered ok' let only an ok answer through
                        event.output.kind === 'ok' ? event.output.data.sentAt : null,
                    }),
                  },
                  {
                    // §8: registered, not activated → the activation mail went out again.
                    guard: 'refused: registered, not activated',
                    target: '#registration.activation',
                    actions: assign({ message: 'emailRegisteredNotActivated', sliderSolved: false }),
                  },
                  {
                    guard: 'refused: already registered',
                    target: '#registration.alreadyRegistered',
                    actions: assign({ message: 'emailRegistered', sliderSolved: false }),
                  },
                  {
                    // The slider's token expired or was refused: back to stage 1 for a fresh puzzle.
                    guard: 'refused: slider failed',
                    target: '#registration.info',
                    actions: [
                      assign({ message: 'captchaFailed', sliderSolved: false, codeSentAt: null }),
                      'refresh puzzle',
                    ],
                  },
                  {
                    // The server consumed the slider's token before refusing (too soon, rate
                    // limited): keeping it would make the next send fail with captchaFailed.
                    guard: 'no code sent',
                    target: 'notSent',
                    actions: assign({
                      message: ({ event }) => messageOf(event.output),
                      sliderSolved: false,
                    }),
                  },
                  // A refused resend (too soon, rate limited) keeps the code the user already has.
                  {
                    target: 'resendable',
                    actions: assign({
                      message: ({ event }) => messageOf(event.output),
                    }),
                  },
                ],
                onError: [
                  { guard: 'no code sent', target: 'notSent', actions: assign({ message: 'internal' }) },
                  { target: 'resendable', actions: assign({ message: 'internal' }) },
                ],
              },
            },
            fresh: {
              meta: { spec: 'addition: docs/product-rules.md resend allowed after 60 s' },
              tags: ['codeValid'],
              after: { resendCooldown: 'resendable' },
            },
            resendable: {
              meta: { spec: 'portal-spec.md §9 email code valid 3 minutes' },
              tags: ['codeValid', 'mayResendCode'],
              after: { codeValidityAfterCooldown: 'expired' },
              on: { 'user.sendCode': 'sending' },
            },
            expired: {
              meta: { spec: 'portal-spec.md §8 verification code expired' },
              tags: ['mayResendCode'],
              on: { 'user.sendCode': 'sending' },
            },
          },
        },
        submission: {
          meta: {
            spec: 'portal-spec.md §2 stage 2: the code and the registration info are submitted together',
          },
          initial: 'idle',
          states: {
            idle: {
              meta: {
                spec: 'portal-spec.md §5 a code must be requested first; wrong or expired code gives a message',
              },
              on: {
                'user.submitCode': [
                  { guard: 'no code sent', actions: assign({ message: 'codeNotSent' }) },
                  { guard: 'code expired', actions: assign({ message: 'codeExpired' }) },
                  { target: 'registering', actions: assign({ message: null }) },
                ],
              },
            },
            registering: {
              meta: { spec: 'portal-spec.md §3 registration: the account is created, not yet activated' },
              tags: ['busy'],
              invoke: {
                // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
                id: 'register',
                src: 'register',
                input: ({ context, event }): RegisterInput => ({
                  info: {
                    ...(context.info as RegistrationProfile),
                    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, registering is entered only by user.submitCode, so the '' arm is never read
                    password: event.type === 'user.submitCode' ? event.password : '',
                  },
                  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, as above
                  emailCode: event.type === 'user.submitCode' ? event.code : '',
                }),
                onDone: [
                  {
                    guard: 'answered ok',
                    target: '#registration.activation',
                    actions: assign({ message: null }),
                  },
                  {
                    guard: 'refused: already registered',
                    target: '#registration.alreadyRegistered',
                    actions: assign({ message: 'emailRegistered' }),
                  },
                  {
                    // Wrong, expired, not requested, too many tries: the page says which.
                    target: 'idle',
                    actions: assign({
                      message: ({ event }) => messageOf(event.output),
                    }),
                  },
                ],
                onError: { target: 'idle', actions: assign({ message: 'internal' }) },
              },
            },
          },
        },
      },
    },
    activation: {
      meta: { spec: 'portal-spec.md §2 stage 3 email activation: a mail with a link valid 24 hours' },
      initial: 'mailSent',
      states: {
        mailSent: {
          meta: {
            spec: 'portal-spec.md §4 activation link lasts 24 hours; docs/product-rules.md resend voids the old link',
          },
          on: { 'user.resendActivation': 'resending' },
        },
        resending: {
          meta: { spec: 'addition: docs/product-rules.md Activation link: resend gives a new link' },
          tags: ['busy'],
          invoke: {
            // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
            id: 'resendActivation',
            src: 'resend activation mail',
            // Stage 3 is reached only through stage 2, which kept stage 1's info.
            input: ({ context }) => ({ email: (context.info as RegistrationProfile).email }),
            // Spec §8 / issue 20 §4: a refusal (too many resends) says why, and when to try again.
            onDone: [
              {
                guard: 'refused with a retry time',
                target: 'resendRefused',
                actions: assign(({ event }) =>
                  // Stryker disable next-line ConditionalExpression: equivalent, the guard let only a refusal with a retry time through
                  event.output.kind === 'refused'
                    ? { message: event.output.code, resendRetry: event.output.retry ?? null }
                    : {},
                ),
              },
              {
                target: 'mailSent',
                actions: assign(({ event }) => ({
                  message: event.output.kind === 'ok' ? ('activationResent' as const) : event.output.code,
                  resendRetry: null,
                })),
              },
            ],
            onError: { target: 'mailSent', actions: assign({ message: 'internal', resendRetry: null }) },
          },
        },
        resendRefused: {
          meta: {
            spec: 'portal-spec.md §8 activation resend refused by the server: its reason and when a resend is possible again',
          },
          after: {
            untilResendAllowed: { target: 'mailSent', actions: assign({ message: null, resendRetry: null }) },
          },
        },
      },
    },
    alreadyRegistered: {
      meta: { spec: 'portal-spec.md §8 email already registered, please log in' },
      type: 'final',
    },
  },
});
