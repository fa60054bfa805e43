// The browser's own check of a chosen file (spec §5, DECISIONS.md "Uploads"): jpg, jpeg, png or pdf,
// at most Limits.upload.maxBytes. The server checks again by content; this only spares the upload.
import { Limits } from '../../../contract/limits';

export type FileProblem = 'wrongType' | 'tooLarge' | 'empty';

const MIME_TYPES: readonly string[] = Limits.upload.mimeTypes;
const EXTENSIONS: readonly string[] = Limits.upload.extensions;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What is wrong with the file, or null when it may be uploaded. */
export function checkFile(file: { name: string; type: string; size: number }): FileProblem | null {
  // Both must fit: a renamed file with a foreign type (or an unknown extension) is refused here.
  const typeOk = file.type === '' || MIME_TYPES.includes(file.type);
  if (!EXTENSIONS.includes(extensionOf(file.name)) || !typeOk) return 'wrongType';
  if (file.size > Limits.upload.maxBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** The `accept` map of the file picker: the same types. */
export const ACCEPTED_TYPES: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
};

export function isImage(contentType: string): boolean {
  return contentType.startsWith('image/');
}
