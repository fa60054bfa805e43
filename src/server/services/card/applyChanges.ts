// A temporary save's changes applied to what is stored: an absent field keeps its value, null
// clears it, `answers` replaces the answers as a whole. Re-application (from a rejection) starts
// from the submitted data, which is what the stored fields hold since nothing can change under review.
import type { SaveCardApplicationRequest } from '../../../contract/api/card';
import { draftBytes, draftOverBound } from '../../../contract/validators/draftSize';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../types';
import { usableApplicationFile } from './applicationFile';
import type { CardApplicationChange, CardRecord } from './applicationRecord';

export type ApplicationFields = Required<
  Pick<CardApplicationChange, 'businessPurpose' | 'fileId' | 'answers'>
>;

export function hasChanges(request: SaveCardApplicationRequest): boolean {
  return (
    request.businessPurpose !== undefined || request.fileId !== undefined || request.answers !== undefined
  );
}

export async function applyChanges(
  tx: DbOrTx,
  record: CardRecord,
  request: SaveCardApplicationRequest,
): Promise<ApplicationFields> {
  const stored = record.application;
  const fields: ApplicationFields = {
    businessPurpose: stored?.businessPurpose ?? null,
    fileId: stored?.fileId ?? null,
    answers: stored?.answers ?? {},
  };
  if (request.businessPurpose !== undefined) fields.businessPurpose = request.businessPurpose;
  if (request.answers !== undefined) fields.answers = request.answers ?? {};
  if (request.fileId !== undefined) {
    const fileId = request.fileId?.toLowerCase() ?? null;
    // Checked when it is chosen, so the steps learn at once that an id cannot be used.
    if (
      fileId !== null &&
      fileId !== stored?.fileId &&
      !(await usableApplicationFile(tx, record.company.id, fileId))
    ) {
      throw new AppError('validationFailed', 400, [{ path: 'fileId', message: 'file.invalid' }]);
    }
    fields.fileId = fileId;
  }
  // The same bound as the certification draft (issue 29 §4): the answers replace each other rather
  // than pile up, but one request's worth is still far more than any questionnaire needs.
  const over = draftOverBound(draftBytes(fields), fields.fileId === null ? 0 : 1);
  if (over) throw new AppError('draftTooLarge', 413, over);
  return fields;
}
