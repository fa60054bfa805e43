// Spec §3 authentication status from the certification and audit status (DECISIONS.md table):
// 2 → certified; 1 under review → certifying; anything else (never started, draft, rejected) →
// not certified.
export type AuthenticationStatus = 'notCertified' | 'certifying' | 'certified';

const AUDIT_REJECTED = 3;

export function authenticationStatus(
  certificationStatus: number,
  auditStatus: number | null,
): AuthenticationStatus {
  if (certificationStatus === 2) return 'certified';
  if (certificationStatus === 1 && auditStatus !== AUDIT_REJECTED) return 'certifying';
  return 'notCertified';
}
