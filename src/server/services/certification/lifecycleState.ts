// The certification lifecycle as the server applies it: the company's stored numbers say where an
// application is, and the shared chart (machines/certificationLifecycle.machine.ts) says whether a
// requested change exists. Nothing here writes; the callers write inside their transaction.
import type { StateValue } from 'xstate';
import {
  certificationLifecycleMachine,
  type CertificationLifecycleEvent,
} from '../../../../machines/certificationLifecycle.machine';
import {
  certificationCodesOf,
  certificationStateOf,
  type CertificationStatePath,
  type CertificationStatusCodes,
} from '../../../../machines/certificationStatusCodes';
import { nextLifecycleState } from '../../../../machines/lifecycle';
import { AppError, transitionNotAllowed } from '../../errors';

export interface StoredStatus {
  certificationStatus: number;
  auditStatus: number | null;
  /** The company has an application row that holds a draft (any state past noDraft). */
  hasDraft: boolean;
}

export function statePathOf(value: StateValue): CertificationStatePath {
  if (typeof value === 'string') return value as CertificationStatePath;
  const [entry] = Object.entries(value);
  if (!entry) throw new Error('empty certification state value');
  return `${entry[0]}.${statePathOf(entry[1] as StateValue)}` as CertificationStatePath;
}

/** The lifecycle state of the stored numbers. A pair docs/product-rules.md does not define is corrupt data. */
export function currentState(stored: StoredStatus): StateValue {
  const state = certificationStateOf({
    status: stored.certificationStatus,
    audit: stored.auditStatus,
    hasDraft: stored.hasDraft,
  });
  if (state === null) {
    throw new Error(
      `company has certification status ${stored.certificationStatus}/${String(stored.auditStatus)}, which no state stands for`,
    );
  }
  return state;
}

/** Spec §2 entry rule: the wizard may change anything only in status 0, or 1 with audit 3. */
export function mayEnterCertification(
  stored: Pick<StoredStatus, 'certificationStatus' | 'auditStatus'>,
): boolean {
  const { certificationStatus: status, auditStatus: audit } = stored;
  return status === 0 || (status === 1 && audit === 3);
}

export function assertEntryAllowed(stored: Pick<StoredStatus, 'certificationStatus' | 'auditStatus'>): void {
  if (!mayEnterCertification(stored)) throw new AppError('certificationEntryDenied', 409);
}

export interface Transition {
  from: CertificationStatePath;
  to: CertificationStatePath;
  event: CertificationLifecycleEvent['type'];
  codes: CertificationStatusCodes;
}

/** The chart's answer to `event` from `from`; a change it does not have is refused (409), nothing written. */
export function transitionFor(from: StateValue, event: CertificationLifecycleEvent['type']): Transition {
  const next = nextLifecycleState(certificationLifecycleMachine, from, { type: event });
  if (next === null) throw transitionNotAllowed({ from: statePathOf(from), event });
  const codes = certificationCodesOf(next);
  if (!codes) throw new Error(`certification state ${JSON.stringify(next)} has no status numbers`);
  return { from: statePathOf(from), to: statePathOf(next), event, codes };
}

export function stateValueOf(path: CertificationStatePath): StateValue {
  const [parent, child] = path.split('.');
  return child === undefined ? (parent as string) : { [parent as string]: child };
}
