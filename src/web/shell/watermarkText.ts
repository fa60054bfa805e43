// What the watermark says (docs/product-rules.md): the email, plus the operator id once certified, each on
// its own line of the tile.
import { CertificationStatus } from '../../contract/statuses';
import type { SessionUser } from '../session/sessionStore';

/** Certification status 2 = completed (spec §4). */
export const CERTIFIED = CertificationStatus.completed;

export function watermarkText(user: SessionUser | null): string {
  if (!user?.isLogin || !user.userInfo.email) return '';
  const certified = user.enterpriseCertificationStatus === CERTIFIED && user.operatorId;
  return certified ? `${user.userInfo.email}\n${user.operatorId}` : user.userInfo.email;
}
