// GET /plat/files/:id/reading for the wizard's hint (issue 30). Quiet: a reading that cannot be
// fetched is no reading (the hint just does not show), never a toast, never an error page.
import { DocumentPaths, type DocumentReadingView } from '../../../contract/api/documents';
import { SUCCESS_CODE } from '../../../contract/codes';
import { normaliseErrorCode } from '../../../contract/errorCode';
import { api } from '../../api/api';

export async function fetchReading(
  fileId: string,
  signal?: AbortSignal,
): Promise<DocumentReadingView | null> {
  try {
    const envelope = await api.get<DocumentReadingView, { isPageHandle: true; signal?: AbortSignal }>(
      DocumentPaths.reading(fileId),
      undefined,
      { isPageHandle: true, ...(signal ? { signal } : {}) },
    );
    return normaliseErrorCode(envelope.code) === SUCCESS_CODE ? envelope.data : null;
  } catch {
    return null;
  }
}
