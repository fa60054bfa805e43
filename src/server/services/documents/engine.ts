// The OCR engine seen by the reader: one image in, lines of text with boxes out. One implementation
// today (tesseractEngine.ts); docs/decisions/documents-engine.md says why and what would replace it.
import type { OcrLine } from './types';

export interface OcrEngine {
  /** Names the engine and its models in stored readings, so a reading can be redone when they change. */
  readonly name: string;
  /** Reads one PNG image. */
  recognize(png: Buffer): Promise<OcrLine[]>;
  close(): Promise<void>;
}
