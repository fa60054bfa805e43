import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { Limits } from '../../src/contract/limits';
import { accountActivationLifecycleMachine as machine } from '../../machines/accountActivationLifecycle.machine';
import {
  elapseLifecycleDelay,
  lifecycleDelayMs,
  lifecycleStateOf,
  lifecycleStatusOf,
} from '../../machines/lifecycle';
import { itEnforcesEveryPair, valueOf } from './support/lifecycleTable';

const events = ['user.openActivationLink', 'user.resendActivationLink'] as const;

describe('account activation lifecycle: every allowed and every refused change', () => {
  itEnforcesEveryPair(machine, events, {
    'registered.linkValid': {
      'user.openActivationLink': 'activated',
      'user.resendActivationLink': 'registered.linkValid',
    },
    // An expired link activates nothing; a resend gives a new one.
    'registered.linkExpired': { 'user.resendActivationLink': 'registered.linkValid' },
    // Activation is single use: nothing after it.
    activated: {},
  });
});

describe('account activation timing', () => {
  it('reads the 24 hours from the shared limits', () => {
    expect(lifecycleDelayMs(machine, 'activationLinkValidity')).toBe(Limits.activationLink.validMs);
    expect(elapseLifecycleDelay(machine, valueOf('registered.linkValid'), 'activationLinkValidity')).toEqual(
      valueOf('registered.linkExpired'),
    );
    expect(elapseLifecycleDelay(machine, 'activated', 'activationLinkValidity')).toBeNull();
  });

  it('expires the link exactly 24 hours after it was sent, and a resend starts the 24 hours again', () => {
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    clock.increment(Limits.activationLink.validMs - 1);
    expect(actor.getSnapshot().hasTag('mayActivate')).toBe(true);
    actor.send({ type: 'user.resendActivationLink' });
    clock.increment(Limits.activationLink.validMs - 1);
    expect(actor.getSnapshot().value).toEqual(valueOf('registered.linkValid'));
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual(valueOf('registered.linkExpired'));
    actor.send({ type: 'user.openActivationLink' });
    expect(actor.getSnapshot().value).toEqual(valueOf('registered.linkExpired'));
  });
});

describe('account activation stored statuses', () => {
  it('stores registered for every not-yet-activated state, and reads it back at the valid link', () => {
    expect(lifecycleStatusOf(machine, valueOf('registered.linkValid'))).toBe('registered');
    expect(lifecycleStatusOf(machine, valueOf('registered.linkExpired'))).toBe('registered');
    expect(lifecycleStatusOf(machine, 'activated')).toBe('activated');
    expect(lifecycleStateOf(machine, 'registered')).toEqual(valueOf('registered.linkValid'));
  });
});
