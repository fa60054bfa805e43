// Which certification card the gateway shows (spec §4; DECISIONS.md "Status codes"). Pure.
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
  const { status, audit } = input;
  if (status === 0) return input.hasDraft ? { kind: 'incomplete' } : { kind: 'notCertified' };
  if (status === 1 && audit === 3) return { kind: 'reviewFailed', reason: input.reason };
  if (status === 1) return { kind: 'underReview' };
  if (status === 2) return { kind: 'approved' };
  return { kind: 'initial' };
}
