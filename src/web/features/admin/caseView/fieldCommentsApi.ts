// POST the reviewer's comments per flagged field (issue 21 §1; src/contract/api/fieldComments.ts),
// and each flag, unflag and comment as it happens (src/contract/api/fieldFlags.ts),
// page-handled: a refusal comes back as an outcome the decision panel explains like the decision's.
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { adminPath } from '../../../../contract/api/admin';
import type { CaseKind } from '../adminApi';
import {
  FIELD_COMMENTS_PATHS,
  type FieldComment,
  type FieldCommentsResult,
} from '../../../../contract/api/fieldComments';
import {
  FIELD_FLAG_PATHS,
  type FieldFlagRequest,
  type FieldFlagResult,
} from '../../../../contract/api/fieldFlags';
import { outcomeOf } from '../../../api/accounts';
import { api } from '../../../api/api';

const pageHandled = { isPageHandle: true } as const;

export async function sendFieldComments(
  kind: CaseKind,
  caseId: string,
  comments: readonly FieldComment[],
): Promise<ApiOutcome<FieldCommentsResult>> {
  return outcomeOf(
    await api.post<FieldCommentsResult, typeof pageHandled>(
      adminPath(FIELD_COMMENTS_PATHS[kind], { id: caseId }),
      { comments },
      pageHandled,
    ),
  );
}

/** One flag, unflag or comment as it happens: a step of the case's timeline (issue 21 §3). */
export async function sendFieldFlag(
  kind: CaseKind,
  caseId: string,
  request: FieldFlagRequest,
): Promise<ApiOutcome<FieldFlagResult>> {
  return outcomeOf(
    await api.post<FieldFlagResult, typeof pageHandled>(
      adminPath(FIELD_FLAG_PATHS[kind], { id: caseId }),
      request,
      pageHandled,
    ),
  );
}
