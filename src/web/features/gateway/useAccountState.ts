// The account state the gateway's to-do list and business entries are derived from.
import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../session/useSessionUser';
import { cardApplicationStatusQuery, certificationStatusQuery } from './gatewayQueries';
import type { AccountState } from './todoItems';
import { CertificationStatus, certificationStandingOf } from '../../../contract/statuses';

export function useAccountState(): { state: AccountState; loading: boolean } {
  const user = useSessionUser();
  const owner = user?.userInfo.email ?? '';
  const status = user?.enterpriseCertificationStatus ?? CertificationStatus.missing;
  const audit = user?.enterpriseAuditStatus ?? null;
  const standing = certificationStandingOf(status, audit);
  // Open or rejected: the wizard can be entered, and its server state says whether a draft exists.
  const certificationOpen = standing === 'open' || standing === 'rejected';
  const certification = useQuery({
    ...certificationStatusQuery(owner),
    enabled: user !== null && certificationOpen,
  });
  const card = useQuery({
    ...cardApplicationStatusQuery(owner),
    enabled: user !== null && certificationStandingOf(status, audit) === 'approved',
  });
  return {
    loading: certification.isLoading || card.isLoading,
    state: {
      certificationStatus: status,
      auditStatus: audit,
      certificationHasDraft: certification.data?.lifecycleState === 'notCertified.draft',
      certificationReason: certification.data?.review?.reason ?? null,
      card: card.data ?? null,
    },
  };
}
