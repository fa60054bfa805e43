// The numbers the session store and the database carry for enterprise certification
// (`enterpriseCertificationStatus`, `enterpriseAuditStatus`; docs/product-rules.md "Status codes"), and the
// state of machines/certificationLifecycle.machine.ts each pair stands for. A test proves every state
// of the chart has numbers and every pair has a state.
// The vocabulary itself (the numbers, the state names, the table) lives in src/contract/statuses.ts
// so the API contract needs nothing from machines/; this file maps it to and from chart values.
import type { StateValue } from 'xstate';
import {
  certificationCodesByState as codesByState,
  type CertificationStatePath,
  type CertificationStatusCodes,
} from '../src/contract/statuses';

export {
  certificationStatePaths,
  type AuditStatusNumber,
  type CertificationStatePath,
  type CertificationStatusCodes,
  type CertificationStatusNumber,
} from '../src/contract/statuses';

/** Status 0 covers "never started" and "draft in progress"; whether a draft exists tells them apart. */
export interface StoredCertification {
  status: number;
  audit: number | null;
  hasDraft: boolean;
}

function statePathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [entry, ...others] = Object.entries(value);
  if (entry === undefined || others.length > 0) {
    throw new Error(`certification lifecycle has no parallel states: ${JSON.stringify(value)}`);
  }
  // A region of a state value always holds a value (StateValue's index type says "maybe").
  const [key, child] = entry as [string, StateValue];
  return `${key}.${statePathOf(child)}`;
}

function stateValueOf(path: CertificationStatePath): StateValue {
  const [parent, child] = path.split('.');
  return child === undefined ? (parent as string) : { [parent as string]: child };
}

/** The numbers to store for a state of the certification lifecycle, or null for a value it does not have. */
export function certificationCodesOf(value: StateValue): CertificationStatusCodes | null {
  const path = statePathOf(value);
  return path in codesByState ? codesByState[path as CertificationStatePath] : null;
}

/**
 * The lifecycle state a stored pair stands for, or null when the pair is not one docs/product-rules.md defines
 * (the caller treats that as corrupt data, never as permission). A missing status (-1) is a company
 * that has not started: the chart's initial state.
 */
export function certificationStateOf(stored: StoredCertification): StateValue | null {
  const { status, audit, hasDraft } = stored;
  if (status === -1 || (status === 0 && (audit === null || audit === 0))) {
    return stateValueOf(hasDraft ? 'notCertified.draft' : 'notCertified.noDraft');
  }
  if (status === 1 && audit === 1) return stateValueOf('underReview');
  if (status === 1 && audit === 3) return stateValueOf('rejected');
  if (status === 2 && (audit === null || audit === 2)) return stateValueOf('approved');
  return null;
}
