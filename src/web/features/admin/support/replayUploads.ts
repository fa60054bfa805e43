// The upload transport of a replayed view: a snapshot's file ids are placeholders, so nothing is
// fetched, uploaded or deleted; a stored file shows as "redacted" instead of its name and preview.
import type { StoredFileInfo, UploadTransport } from '../../uploads/uploadTransport';

export function createReplayUploads(redactedFileName: string): UploadTransport {
  return {
    upload: () => Promise.resolve({ kind: 'transportFailed' }),
    download: () => Promise.resolve(null),
    fetchDocument: () => Promise.resolve(null),
    describe: (id: string): Promise<StoredFileInfo> =>
      Promise.resolve({
        id,
        kind: 'redacted',
        contentType: 'application/octet-stream',
        size: 0,
        originalName: redactedFileName,
      }),
    remove: () => Promise.resolve(false),
  };
}
