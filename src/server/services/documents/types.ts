// What the engine gives and what reading a document produces on the server (issue 30). The stored,
// shown shape (fields, MRZ) is the contract's (src/contract/documents/reading.ts); the text stays here.
import type { Box, MrzReading, ReadFields } from '../../../contract/documents/reading';

export interface OcrLine {
  text: string;
  box: Box;
}

/** One page as the engine saw it. */
export interface OcrPage {
  width: number;
  height: number;
  lines: OcrLine[];
}

export interface DocumentReading {
  kind: string;
  fields: ReadFields;
  mrz: MrzReading | null;
  /** All text read, page after page, for search and the reviewer (never logged). */
  text: string;
}
