import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { Limits } from '../../src/contract/limits';
import {
  elapseLifecycleDelay,
  lifecycleDelayMs,
  lifecycleStateOf,
  lifecycleStatusOf,
} from '../../machines/lifecycle';
import { verificationSessionLifecycleMachine as machine } from '../../machines/verificationSessionLifecycle.machine';
import { itEnforcesEveryPair, valueOf } from './support/lifecycleTable';

const events = [
  'phone.scan',
  'phone.startVerification',
  'phone.retry',
  'phone.cancel',
  'provider.verified',
  'provider.failed',
  'provider.failedLastAttempt',
  'provider.referred',
  'provider.busy',
  'reviewer.confirm',
  'reviewer.reject',
  'desktop.regenerate',
  'desktop.close',
] as const;

describe('verification session lifecycle: every allowed and every refused change', () => {
  itEnforcesEveryPair(machine, events, {
    // A new code only after 120 s; a token is scanned once.
    'created.fresh': { 'phone.scan': 'scanned.opened', 'desktop.close': 'cancelled' },
    'created.renewable': {
      'phone.scan': 'scanned.opened',
      'desktop.close': 'cancelled',
      'desktop.regenerate': 'cancelled',
    },
    'scanned.opened': {
      'phone.startVerification': 'scanned.verifying',
      'phone.cancel': 'cancelled',
      'desktop.close': 'cancelled',
    },
    // While the phone is verifying, the desktop dialog cannot be closed.
    'scanned.verifying': {
      'provider.verified': 'verified',
      'provider.failed': 'scanned.failed',
      // Issue 16 §3: the last attempt of the scan ends it; a referral waits for a reviewer; a busy
      // engine decided nothing.
      'provider.failedLastAttempt': 'failedFinal',
      'provider.referred': 'referred',
      'provider.busy': 'scanned.opened',
      'phone.cancel': 'cancelled',
    },
    'scanned.failed': {
      'phone.retry': 'scanned.verifying',
      'phone.cancel': 'cancelled',
      'desktop.close': 'cancelled',
    },
    // Only a reviewer moves a referred session, with a written reason (issue 16 §5).
    referred: { 'reviewer.confirm': 'verified', 'reviewer.reject': 'failedFinal' },
    // An expired, cancelled or finally failed session refuses every later step.
    failedFinal: {},
    verified: {},
    cancelled: {},
    expired: {},
  });
});

describe('verification session timing (named delays from Limits.qr)', () => {
  it('reads its delays from the shared limits', () => {
    expect(lifecycleDelayMs(machine, 'qrValidAfterScan')).toBe(Limits.qr.validAfterScanMs);
    expect(lifecycleDelayMs(machine, 'qrRegenerateAfter')).toBe(Limits.qr.regenerateAfterMs);
    expect(() => lifecycleDelayMs(machine, 'noSuchDelay')).toThrow(/no fixed delay/);
  });

  it.each(['scanned.opened', 'scanned.verifying', 'scanned.failed'])(
    'expires from %s when the 10 minutes after the scan are up',
    (from) => {
      expect(elapseLifecycleDelay(machine, valueOf(from), 'qrValidAfterScan')).toEqual('expired');
    },
  );

  it('does not expire a session that was never scanned, and a final one stays as it is', () => {
    expect(elapseLifecycleDelay(machine, valueOf('created.fresh'), 'qrValidAfterScan')).toBeNull();
    expect(elapseLifecycleDelay(machine, 'verified', 'qrValidAfterScan')).toBeNull();
  });

  it('allows regenerating once 120 s have passed since the code was created', () => {
    expect(elapseLifecycleDelay(machine, valueOf('created.fresh'), 'qrRegenerateAfter')).toEqual(
      valueOf('created.renewable'),
    );
  });

  it('expires exactly 10 minutes after the scan, counting through verifying and a failed try', () => {
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    clock.increment(5 * Limits.qr.regenerateAfterMs); // time before the scan does not count
    actor.send({ type: 'phone.scan' });
    clock.increment(60_000);
    actor.send({ type: 'phone.startVerification' });
    actor.send({ type: 'provider.failed' });
    actor.send({ type: 'phone.retry' });
    clock.increment(Limits.qr.validAfterScanMs - 60_000 - 1);
    expect(actor.getSnapshot().value).toEqual(valueOf('scanned.verifying'));
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('refuses regenerate before 120 s and allows it at 120 s', () => {
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    clock.increment(Limits.qr.regenerateAfterMs - 1);
    expect(actor.getSnapshot().can({ type: 'desktop.regenerate' })).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().can({ type: 'desktop.regenerate' })).toBe(true);
  });

  it('tags only the states in which the desktop dialog may be closed', () => {
    const closable = (path: string) =>
      machine.resolveState({ value: valueOf(path) }).hasTag('desktopMayClose');
    expect(closable('scanned.verifying')).toBe(false);
    expect(closable('scanned.opened')).toBe(true);
    expect(closable('created.fresh')).toBe(true);
    expect(closable('referred')).toBe(true);
  });

  it('neither a referral nor the final failure expires: they are outside the 10 minutes', () => {
    expect(elapseLifecycleDelay(machine, 'referred', 'qrValidAfterScan')).toBeNull();
    expect(elapseLifecycleDelay(machine, 'failedFinal', 'qrValidAfterScan')).toBeNull();
  });
});

describe('verification session stored statuses', () => {
  it.each([
    ['created.fresh', 'created'],
    ['created.renewable', 'created'],
    ['scanned.opened', 'scanned'],
    ['scanned.verifying', 'verifying'],
    ['scanned.failed', 'failed'],
    ['verified', 'verified'],
    ['referred', 'referred'],
    ['failedFinal', 'failedFinal'],
    ['cancelled', 'cancelled'],
    ['expired', 'expired'],
  ])('%s is stored as %s', (path, status) => {
    expect(lifecycleStatusOf(machine, valueOf(path))).toBe(status);
  });

  it.each([
    ['created', 'created.fresh'],
    ['scanned', 'scanned.opened'],
    ['verifying', 'scanned.verifying'],
    ['failed', 'scanned.failed'],
    ['referred', 'referred'],
    ['failedFinal', 'failedFinal'],
    ['expired', 'expired'],
  ])('status %s is read back as %s', (status, path) => {
    expect(lifecycleStateOf(machine, status)).toEqual(valueOf(path));
  });
});
