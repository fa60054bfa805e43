// The browser's own check of a chosen file (spec §5, docs/product-rules.md "Uploads"): jpg, jpeg, png or pdf,
// at most Limits.upload.maxBytes. The rule lives in the upload chart (machines/upload.machine.ts);
// the server checks again by content, this only spares the upload.
import { uploadFileProblem, type FileProblem } from '../../../../machines/upload.machine';

export type { FileProblem };

/** What is wrong with the file, or null when it may be uploaded. */
export const checkFile = uploadFileProblem;

/** The `accept` map of the file picker: the same types. */
export const ACCEPTED_TYPES: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
};

export function isImage(contentType: string): boolean {
  return contentType.startsWith('image/');
}
