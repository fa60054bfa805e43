// Change password while signed in (spec §2 /modify-pwd, §5, §8; docs/product-rules.md "Password"): the
// current password must be correct and the new one must not repeat the current or the last three.
// The server revokes the account's other sessions; this one stays signed in.
import { assign, setup } from 'xstate';
import { messageOf, outputOf, type ApiOutcome, type FlowMessage } from './accountOutcome';
import { notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface ChangePasswordContext {
  message: FlowMessage | null;
}

export type ChangePasswordEvent = ({ type: 'user.submit' } & PasswordChange) | { type: 'user.again' };

export const changePasswordMachine = setup({
  types: {} as {
    context: ChangePasswordContext;
    events: ChangePasswordEvent;
    tags: 'busy';
    meta: StateMeta;
  },
  actors: {
    'change password': notProvidedPromise<ApiOutcome<unknown>, PasswordChange>('change password'),
  },
  guards: {
    'answered ok': ({ event }) => outputOf(event).kind === 'ok',
  },
}).createMachine({
  id: 'changePassword',
  context: { message: null },
  initial: 'editing',
  states: {
    editing: {
      meta: { spec: 'portal-spec.md §2 /modify-pwd: current, new and confirmed password' },
      on: { 'user.submit': { target: 'saving', actions: assign({ message: null }) } },
    },
    saving: {
      meta: { spec: 'portal-spec.md §5 the current password must be correct; not any of the last three' },
      tags: ['busy'],
      invoke: {
        // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
        id: 'changePassword',
        src: 'change password',
        input: ({ event }) => ({
          // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, saving is entered only by user.submit, so the '' arm is never read
          currentPassword: event.type === 'user.submit' ? event.currentPassword : '',
          // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, saving is entered only by user.submit, so the '' arm is never read
          newPassword: event.type === 'user.submit' ? event.newPassword : '',
        }),
        onDone: [
          { guard: 'answered ok', target: 'changed' },
          {
            // §8 current password incorrect; the reuse rule; the password rule.
            target: 'editing',
            actions: assign({
              message: ({ event }) => messageOf(event.output),
            }),
          },
        ],
        onError: { target: 'editing', actions: assign({ message: 'internal' }) },
      },
    },
    changed: {
      meta: { spec: 'addition: docs/product-rules.md Session: other sessions revoked on a password change' },
      on: { 'user.again': 'editing' },
    },
  },
});
