// The OCR engine seen by the reader: one image in, lines of text with boxes out. Two implementations:
// PaddleOCR (paddleEngine.ts, the default) and Tesseract (tesseractEngine.ts), chosen by
// DOCUMENT_OCR_ENGINE; docs/decisions/documents-engine.md says why Paddle is the default.
import type { OcrLine } from './types';

export const OCR_ENGINE_NAMES = ['paddle', 'tesseract'] as const;
export type OcrEngineName = (typeof OCR_ENGINE_NAMES)[number];

export interface OcrEngine {
  /** Names the engine and its models in stored readings, so a reading can be redone when they change. */
  readonly name: string;
  /** Reads one PNG image; boxes are in that image's pixels. */
  recognize(png: Buffer): Promise<OcrLine[]>;
  close(): Promise<void>;
}
