// Account activation as the server stores it: spec §4 "Registration: email not activated, then
// activated; the activation link lasts 24 hours", docs/product-rules.md "Activation link": single use, a
// resend gives a new link and voids the old one. Which link is current is the server's token check;
// this chart says when an activation may happen at all.
import { setup } from 'xstate';
import { Limits } from '../src/contract/limits';
import type { StateMeta } from './stateMeta';

export type AccountActivationLifecycleEvent =
  { type: 'user.openActivationLink' } | { type: 'user.resendActivationLink' };

export type AccountActivationStatus = 'registered' | 'activated';

export type AccountActivationLifecycleTag = 'mayActivate';

export const accountActivationLifecycleMachine = setup({
  types: {} as {
    events: AccountActivationLifecycleEvent;
    tags: AccountActivationLifecycleTag;
    meta: StateMeta;
  },
  delays: { activationLinkValidity: Limits.activationLink.validMs },
}).createMachine({
  id: 'accountActivationLifecycle',
  initial: 'registered',
  states: {
    registered: {
      meta: { spec: 'portal-spec.md §4 Registration: email not activated', status: 'registered' },
      initial: 'linkValid',
      on: {
        // A new link restarts the 24 hours (re-entering linkValid restarts its delay).
        // Stryker disable next-line BooleanLiteral: equivalent, a transition to a child exits and re-enters that child (and its delay) either way; reenter only re-enters 'registered', which has no entry, exit or delay
        'user.resendActivationLink': { target: '.linkValid', reenter: true },
      },
      states: {
        linkValid: {
          meta: {
            spec: 'portal-spec.md §4 / §9 activation link lasts 24 hours; docs/product-rules.md Activation link',
          },
          tags: ['mayActivate'],
          after: { activationLinkValidity: 'linkExpired' },
          on: { 'user.openActivationLink': '#accountActivationLifecycle.activated' },
        },
        linkExpired: {
          meta: { spec: 'portal-spec.md §8 Activation link expired, resend' },
        },
      },
    },
    activated: {
      meta: { spec: 'portal-spec.md §4 Registration: activated', status: 'activated' },
      type: 'final',
    },
  },
});
