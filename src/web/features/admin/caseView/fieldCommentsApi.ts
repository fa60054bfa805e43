// POST the reviewer's comments per flagged field (issue 21 §1; src/contract/api/fieldComments.ts),
// page-handled: a refusal comes back as an outcome the decision panel explains like the decision's.
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { adminPath } from '../../../../contract/api/admin';
import {
  FIELD_COMMENTS_PATH,
  type FieldComment,
  type FieldCommentsResult,
} from '../../../../contract/api/fieldComments';
import { outcomeOf } from '../../../api/accounts';
import { api } from '../../../api/api';

const pageHandled = { isPageHandle: true } as const;

export async function sendFieldComments(
  caseId: string,
  comments: readonly FieldComment[],
): Promise<ApiOutcome<FieldCommentsResult>> {
  return outcomeOf(
    await api.post<FieldCommentsResult, typeof pageHandled>(
      adminPath(FIELD_COMMENTS_PATH, { id: caseId }),
      { comments },
      pageHandled,
    ),
  );
}
