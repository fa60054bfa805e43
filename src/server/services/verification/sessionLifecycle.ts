// The verification session's chart, asked about a stored row. The server keeps no timers: a row's
// chart state at `now` is its stored status with every named delay whose time has come applied
// through the chart (machines/lifecycle.ts elapseLifecycleDelay), so the numbers and the targets
// are the chart's, not repeated here.
import type { StateValue } from 'xstate';
import type { VerificationSessionState } from '../../../contract/api/verification';
import {
  elapseLifecycleDelay,
  lifecycleDelayMs,
  lifecycleStateOf,
  lifecycleStatusOf,
  nextLifecycleState,
  UnknownLifecycleStateError,
} from '../../../../machines/lifecycle';
import {
  verificationSessionLifecycleMachine as chart,
  type VerificationSessionLifecycleEvent,
  type VerificationSessionLifecycleTag,
} from '../../../../machines/verificationSessionLifecycle.machine';

export const REGENERATE_AFTER_MS = lifecycleDelayMs(chart, 'qrRegenerateAfter');
export const VALID_AFTER_SCAN_MS = lifecycleDelayMs(chart, 'qrValidAfterScan');

export type LifecycleEventType = VerificationSessionLifecycleEvent['type'];

/** The row fields the chart's timers read. */
export interface TimedSession {
  state: string;
  tokenCreatedAt: Date;
  scannedAt: Date | null;
}

export function regenerateAllowedAt(row: Pick<TimedSession, 'tokenCreatedAt'>): Date {
  return new Date(row.tokenCreatedAt.getTime() + REGENERATE_AFTER_MS);
}

export function expiresAt(row: Pick<TimedSession, 'scannedAt'>): Date | null {
  return row.scannedAt ? new Date(row.scannedAt.getTime() + VALID_AFTER_SCAN_MS) : null;
}

/** The chart state of a row at `now`. Expiry is due at exactly 10 minutes after the scan. */
export function chartStateAt(row: TimedSession, now: Date): StateValue {
  let value = lifecycleStateOf(chart, row.state);
  if (value === null) throw new UnknownLifecycleStateError(chart.id, row.state);
  if (now.getTime() >= regenerateAllowedAt(row).getTime()) {
    value = elapseLifecycleDelay(chart, value, 'qrRegenerateAfter') ?? value;
  }
  const expiry = expiresAt(row);
  if (expiry && now.getTime() >= expiry.getTime()) {
    value = elapseLifecycleDelay(chart, value, 'qrValidAfterScan') ?? value;
  }
  return value;
}

export function statusOf(value: StateValue): VerificationSessionState {
  return lifecycleStatusOf(chart, value) as VerificationSessionState;
}

/** The state `type` leads to, or null when the chart has no such transition now. */
export function next(value: StateValue, type: LifecycleEventType): StateValue | null {
  return nextLifecycleState(chart, value, { type });
}

export function hasTag(value: StateValue, tag: VerificationSessionLifecycleTag): boolean {
  return chart.resolveState({ value, context: {} }).hasTag(tag);
}

export function isFinal(value: StateValue): boolean {
  return chart.resolveState({ value, context: {} }).status === 'done';
}
