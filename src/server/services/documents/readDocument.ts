// One document, read: its pages as images (a PDF drawn by pdfjs, a photo decoded by sharp with its
// EXIF orientation applied), each page through the OCR engine, then the fields of its kind. Runs in
// a reader thread (readerWorker.ts); nothing here logs, since every string here is document text.
import sharp from 'sharp';
import type { OcrEngine } from './engine';
import { extractReading } from './extract';
import { pdfPageImages } from './pdfPages';
import type { DocumentReading, OcrPage } from './types';

/** Longest side the engine sees: enough for 10-point print on a phone photo of an A4 page. */
const MAX_SIDE = 2400;

export interface ReadTask {
  bytes: Uint8Array;
  contentType: string;
  kind: string;
  /** The server's today (ISO), for two-digit MRZ years. */
  today: string;
}

/** A photo as the engine reads it best: upright, grey, contrast stretched, not larger than MAX_SIDE. */
export async function prepareImage(
  bytes: Uint8Array,
): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .grayscale()
    .normalise()
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

export async function readDocument(engine: OcrEngine, task: ReadTask): Promise<DocumentReading> {
  const images =
    task.contentType === 'application/pdf'
      ? await Promise.all((await pdfPageImages(task.bytes)).map((p) => prepareImage(p.png)))
      : [await prepareImage(task.bytes)];
  const pages: OcrPage[] = [];
  for (const image of images) {
    pages.push({ width: image.width, height: image.height, lines: await engine.recognize(image.png) });
  }
  return extractReading(task.kind, pages, new Date(task.today));
}
