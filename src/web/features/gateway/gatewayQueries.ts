// What the gateway reads beyond the session store: the card application (status, reason, the
// card-system address once approved) and, while certification is open, its draft and reason.
// The gateway handles a failed read itself (it shows less), so these never toast.
import { queryOptions } from '@tanstack/react-query';
import type { CardApplicationView } from '../../../contract/api/card';
import { CardPaths } from '../../../contract/api/cardPaths';
import type { CertificationView } from '../../../contract/api/certification';
import { CertificationPaths } from '../../../contract/api/certificationPaths';
import { SUCCESS_CODE } from '../../../contract/codes';
import { api } from '../../api/api';

const pageHandled = { isPageHandle: true } as const;

export const cardApplicationStatusQuery = (owner: string) =>
  queryOptions({
    queryKey: ['card-application', owner],
    queryFn: async ({ signal }): Promise<CardApplicationView | null> => {
      const answer = await api.get<CardApplicationView, typeof pageHandled & { signal: AbortSignal }>(
        CardPaths.application,
        undefined,
        { ...pageHandled, signal },
      );
      return answer.code === SUCCESS_CODE ? answer.data : null;
    },
  });

export const certificationStatusQuery = (owner: string) =>
  queryOptions({
    queryKey: ['certification-application', owner],
    queryFn: async ({ signal }): Promise<CertificationView | null> => {
      const answer = await api.get<CertificationView, typeof pageHandled & { signal: AbortSignal }>(
        CertificationPaths.application,
        undefined,
        { ...pageHandled, signal },
      );
      return answer.code === SUCCESS_CODE ? answer.data : null;
    },
  });
