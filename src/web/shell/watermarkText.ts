// What the watermark says (DECISIONS.md): the email, plus the operator id once certified, each on
// its own line of the tile.
import type { SessionUser } from '../session/sessionStore';

/** Certification status 2 = completed (spec §4). */
export const CERTIFIED = 2;

export function watermarkText(user: SessionUser | null): string {
  if (!user?.isLogin || !user.userInfo.email) return '';
  const certified = user.enterpriseCertificationStatus === CERTIFIED && user.operatorId;
  return certified ? `${user.userInfo.email}\n${user.operatorId}` : user.userInfo.email;
}
