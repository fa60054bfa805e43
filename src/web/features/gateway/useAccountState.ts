// The account state the gateway's to-do list and business entries are derived from.
import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../session/useSessionUser';
import { cardApplicationStatusQuery, certificationStatusQuery } from './gatewayQueries';
import type { AccountState } from './todoItems';

export function useAccountState(): { state: AccountState; loading: boolean } {
  const user = useSessionUser();
  const owner = user?.userInfo.email ?? '';
  const status = user?.enterpriseCertificationStatus ?? -1;
  const audit = user?.enterpriseAuditStatus ?? null;
  const certificationOpen = status === 0 || (status === 1 && audit === 3);
  const certification = useQuery({
    ...certificationStatusQuery(owner),
    enabled: user !== null && certificationOpen,
  });
  const card = useQuery({ ...cardApplicationStatusQuery(owner), enabled: user !== null && status === 2 });
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
