// What the portal read from an uploaded document (issue 30): GET /plat/files/:id/reading. The
// applicant who uploaded the file and reviewers may ask; the same 404 as the file otherwise. Reading
// happens after the upload answered, so the first answers may say queued or reading.
import type { SelfCheck } from '../documents/checks';
import type { MrzReading, ReadFields } from '../documents/reading';

export const DocumentPaths = {
  /** GET → DocumentReadingView | 404 (no such file, deleted, or not the caller's). */
  reading: (fileId: string) => `/files/${encodeURIComponent(fileId)}/reading`,
} as const;

/** notRead: a kind that is not read (a face capture, an equity chart), or queued before reading existed. */
export type DocumentReadingStatus = 'notRead' | 'queued' | 'reading' | 'done' | 'failed';

export interface DocumentReadingView {
  fileId: string;
  kind: string;
  status: DocumentReadingStatus;
  /** Fields read (status done); empty otherwise. */
  fields: ReadFields;
  mrz: MrzReading | null;
  /** The document against itself (check digits, birth date, expiry), by the server's clock. */
  selfChecks: SelfCheck[];
  /** All text read: reviewers only (null for the applicant, who holds the document anyway). */
  text: string | null;
}

/** How often the wizard asks again while a reading is queued, and for how long at most. */
export const READING_POLL = { intervalMs: 1500, giveUpAfterMs: 60_000 } as const;
