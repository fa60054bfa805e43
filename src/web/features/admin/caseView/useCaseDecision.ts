// A case page's decision actor: decisions go to the back-office API, and a decision made refreshes
// the queues so the case leaves (or changes tab in) the list the reviewer returns to, and the case
// itself, so its header shows the new status at once (issue 31); the page says what was decided.
import { useQueryClient } from '@tanstack/react-query';
import type { FieldComment } from '../../../../contract/api/fieldComments';
import { adminApi, type CaseKind } from '../adminApi';
import { useDecisionNotices } from './decisionNotice';
import { useReviewDecisionActor } from './useReviewDecisionActor';

export function useCaseDecision(
  kind: CaseKind,
  view: { id: string; version: number },
  reload: () => void,
  fieldComments?: () => FieldComment[],
) {
  const queryClient = useQueryClient();
  const notices = useDecisionNotices();
  return useReviewDecisionActor({
    api: adminApi,
    kind,
    caseId: view.id,
    version: view.version,
    reload,
    decided: (decision) => {
      notices.announce(decision);
      void queryClient.invalidateQueries({ queryKey: ['adminQueue'] });
      reload();
    },
    fieldComments,
  });
}
