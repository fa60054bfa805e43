// Claims on cases (src/contract/api/caseClaims.ts) as the case page needs them. Page-handled: a
// refusal (someone else holds it) comes back as an ApiOutcome shown inline; no answer → 'internal'.
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { adminPath } from '../../../../contract/api/admin';
import { ClaimPaths, type CaseClaim, type ClaimAssignee } from '../../../../contract/api/caseClaims';
import { outcomeOf } from '../../../api/accounts';
import { api } from '../../../api/api';
import { isTransportFailure } from '../../../api/transportFailure';
import type { CaseKind } from '../adminApi';

const pageHandled = { isPageHandle: true } as const;

const PATHS = {
  certification: {
    claim: ClaimPaths.certificationClaim,
    release: ClaimPaths.certificationRelease,
    reassign: ClaimPaths.certificationReassign,
  },
  cardApplication: {
    claim: ClaimPaths.cardApplicationClaim,
    release: ClaimPaths.cardApplicationRelease,
    reassign: ClaimPaths.cardApplicationReassign,
  },
} as const;

async function post<T>(path: string, body: unknown = {}): Promise<ApiOutcome<T>> {
  try {
    return outcomeOf(await api.post<T, typeof pageHandled>(path, body, pageHandled));
  } catch (error) {
    if (isTransportFailure(error)) return { kind: 'refused', code: 'internal' };
    throw error;
  }
}

export const claimsApi = {
  claim: (kind: CaseKind, id: string) => post<CaseClaim>(adminPath(PATHS[kind].claim, { id })),
  release: (kind: CaseKind, id: string) => post<null>(adminPath(PATHS[kind].release, { id })),
  reassign: (kind: CaseKind, id: string, userId: string) =>
    post<CaseClaim>(adminPath(PATHS[kind].reassign, { id }), { userId }),
  assignees: () => api.get<ClaimAssignee[]>(ClaimPaths.assignees),
};
