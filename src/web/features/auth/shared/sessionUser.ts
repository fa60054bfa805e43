// The session store's user (spec §3) from the login answer.
import type { LoginResult } from '../../../../contract/api/accounts';
import type { SessionUser } from '../../../session/sessionStore';

export function sessionUserFrom({ token, user }: LoginResult): SessionUser {
  return {
    isLogin: true,
    token,
    operatorId: user.operatorId,
    userInfo: { ...user },
    enterpriseCertificationStatus: user.enterpriseCertificationStatus,
    enterpriseAuditStatus: user.enterpriseAuditStatus,
    companyCreditCode: user.companyCreditCode,
    companyName: user.companyName,
  };
}
