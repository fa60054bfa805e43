// A document reader thread (piscina): loads the OCR engine once, on its first task, and reads one
// document at a time. The thread runs nice'd, so when the CPU is short the API's threads go first;
// Tesseract's own thread, started from here, inherits that niceness. Nothing here logs.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { OcrEngine } from './engine';
import { readDocument, type ReadTask } from './readDocument';
import { createTesseractEngine } from './tesseractEngine';
import type { DocumentReading } from './types';

const READER_NICENESS = 10;
try {
  const tid = Number(path.basename(readlinkSync('/proc/thread-self')));
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, READER_NICENESS);
} catch {
  // not Linux, or not allowed: the reader runs at the API's priority
}

let engine: Promise<OcrEngine> | null = null;

export interface ReadAnswer {
  engine: string;
  reading: DocumentReading;
  /** Milliseconds the thread spent on this document (engine start excluded). */
  ms: number;
  /** The thread's resident memory after reading, in bytes (the whole process's, as Node counts it). */
  rss: number;
}

/** A task without bytes only starts the engine (warm-up). */
export default async function read(
  task: ReadTask | { warm: true },
): Promise<ReadAnswer | { engine: string }> {
  engine ??= createTesseractEngine();
  const ocr = await engine;
  if ('warm' in task) return { engine: ocr.name };
  const started = performance.now();
  const reading = await readDocument(ocr, task);
  return {
    engine: ocr.name,
    reading,
    ms: Math.round(performance.now() - started),
    rss: process.memoryUsage().rss,
  };
}
