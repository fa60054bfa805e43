// A document reader thread (piscina): loads the OCR engine its pool names (workerData.engine) once, on
// its first task, and reads one document at a time. The thread runs nice'd, so when the CPU is short
// the API's threads go first; the threads the engine starts from here (ONNX Runtime's pool,
// Tesseract's worker) inherit that niceness. Nothing here logs.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import type { OcrEngine, OcrEngineName } from './engine';
import { createPaddleEngine } from './paddleEngine';
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

/** Only the chosen engine starts (each factory loads its runtime and models when called). */
function createEngine(name: OcrEngineName): Promise<OcrEngine> {
  return name === 'tesseract' ? createTesseractEngine() : createPaddleEngine();
}

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
  engine ??= createEngine((workerData as { engine?: OcrEngineName } | null)?.engine ?? 'paddle');
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
