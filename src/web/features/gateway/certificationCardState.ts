// Which certification card the gateway shows (spec §4; docs/product-rules.md "Status codes"). Pure.
import { certificationStandingOf } from '../../../contract/statuses';

export type CertificationCard =
  | { kind: 'initial' }
  | { kind: 'notCertified' }
  | { kind: 'incomplete' }
  | { kind: 'underReview' }
  | { kind: 'reviewFailed'; reason: string | null }
  | { kind: 'approved' };

export function certificationCardOf(input: {
  status: number;
  audit: number | null;
  /** A saved draft exists (status 0): "certification incomplete (continue)". Null while unknown. */
  hasDraft: boolean | null;
  reason: string | null;
}): CertificationCard {
  switch (certificationStandingOf(input.status, input.audit)) {
    case 'open':
      return input.hasDraft ? { kind: 'incomplete' } : { kind: 'notCertified' };
    case 'rejected':
      return { kind: 'reviewFailed', reason: input.reason };
    case 'underReview':
      return { kind: 'underReview' };
    case 'approved':
      return { kind: 'approved' };
    case 'unknown':
      return { kind: 'initial' };
  }
}
