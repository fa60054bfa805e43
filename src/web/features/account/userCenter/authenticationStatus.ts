// Spec §3 authentication status from the certification and audit status (docs/product-rules.md table):
// 2 → certified; 1 under review → certifying; anything else (never started, draft, rejected) →
// not certified.
import { certificationStandingOf } from '../../../../contract/statuses';

export type AuthenticationStatus = 'notCertified' | 'certifying' | 'certified';

export function authenticationStatus(
  certificationStatus: number,
  auditStatus: number | null,
): AuthenticationStatus {
  const standing = certificationStandingOf(certificationStatus, auditStatus);
  if (standing === 'approved') return 'certified';
  if (standing === 'underReview') return 'certifying';
  return 'notCertified';
}
