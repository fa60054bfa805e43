// What changed since the last round, fetched only for a case submitted more than once (its history
// says so), as a map the rows read their highlight from (issue 21 §1).
import { useQuery } from '@tanstack/react-query';
import { adminPath } from '../../../../contract/api/admin';
import type { CaseHistoryEntry } from '../../../../contract/api/admin';
import { CASE_ROUND_CHANGES_PATHS, type CaseRoundChanges } from '../../../../contract/api/caseRounds';
import type { CaseKind } from '../adminApi';
import { api } from '../../../api/api';
import type { ChangedPaths } from './CaseFields';

export function useRoundChanges(
  caseId: string,
  version: number,
  history: readonly CaseHistoryEntry[],
  kind: CaseKind = 'certification',
) {
  const rounds = history.filter((h) => h.action === 'applicant.submit').length;
  const query = useQuery({
    queryKey: ['adminCaseChanges', kind, caseId, version],
    queryFn: async () =>
      (await api.get<CaseRoundChanges | null>(adminPath(CASE_ROUND_CHANGES_PATHS[kind], { id: caseId }))) ||
      null,
    enabled: rounds > 1,
    staleTime: Infinity,
  });
  const changes = query.data ?? null;
  const byPath: ChangedPaths = new Map(changes?.changes.map((c) => [c.path, c.kind]) ?? []);
  return { changes, byPath };
}
