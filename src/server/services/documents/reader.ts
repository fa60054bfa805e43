// Reads uploaded documents after the upload has answered (issue 30). The upload route queues the
// file (one row in document_readings) and kicks the reader; the reader claims queued rows one at a
// time per thread and writes the result back. The queue is the table, so a restart, or another
// instance, picks up what was waiting; a poll every POLL_MS catches work queued elsewhere.
// Logs carry the file id and a failure code only, never document text.
import type { FastifyBaseLogger } from 'fastify';
import type { CertificationFileKind } from '../../../contract/api/certification';
import { isReadKind } from '../../../contract/documents/reading';
import { recordDocumentRead } from '../../observability/metrics/recorders';
import type { ObjectStore } from '../../storage/objectStore';
import type { Clock, Db } from '../../types';
import { isEngineBusy } from '../../engine/client';
import type { OcrEngineName } from './engine';
import { ReaderPool } from './readerPool';
import {
  claimNextReading,
  enqueueReading,
  failReading,
  finishReading,
  releaseReading,
  type ClaimedJob,
} from './readingStore';

/** Kinds whose text is kept (for search and the reviewer) without fields or checks. */
const TEXT_ONLY_KINDS: readonly string[] = [
  'proofOfAddress',
  'otherDocument',
] satisfies CertificationFileKind[];

export function isQueuedKind(kind: string): boolean {
  return isReadKind(kind) || TEXT_ONLY_KINDS.includes(kind);
}

export interface DocumentReaderOptions {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Reader threads (each a whole engine). */
  workers: number;
  pollMs: number;
  /** Read on its own: after each upload and on a timer. Off in tests, which call kick() themselves. */
  auto: boolean;
  /** The worker module (tests substitute a stub). */
  workerFile?: string;
  /** The OCR engine of the in-process pool (DOCUMENT_OCR_ENGINE). */
  engine?: OcrEngineName;
}

/** Bytes of a stored object; null when it is gone. Uploads are at most 10 MB (Limits.upload). */
async function readAll(store: ObjectStore, key: string): Promise<Uint8Array | null> {
  const stream = await store.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class DocumentReader {
  private readonly pool: ReaderPool;
  private loops = 0;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: DocumentReaderOptions) {
    this.pool = new ReaderPool(options.workers, {
      ...(options.workerFile ? { filename: options.workerFile } : {}),
      ...(options.engine ? { engine: options.engine } : {}),
    });
  }

  get engineStarted(): boolean {
    return this.pool.started;
  }

  /** Queues a stored file for reading when its kind is read; never throws (reading is an extra). */
  async enqueue(file: { id: string; kind: string }): Promise<boolean> {
    if (!isQueuedKind(file.kind)) return false;
    try {
      await enqueueReading(this.options.db, file.id, file.kind, this.options.clock.now());
    } catch (err) {
      this.options.log.warn({ err, fileId: file.id }, 'document reading could not be queued');
      return false;
    }
    if (this.options.auto) this.kick();
    return true;
  }

  /** Starts reader loops up to the thread count; each ends when the queue is empty. */
  kick(): void {
    while (!this.stopped && this.loops < this.options.workers) {
      this.loops++;
      void this.loop().finally(() => {
        this.loops--;
        if (this.loops === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      });
    }
  }

  /** Resolves once no loop runs (tests: after kick(), wait for the queue to be read). */
  idle(): Promise<void> {
    if (this.loops === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let job: ClaimedJob | null;
      try {
        job = await claimNextReading(this.options.db, this.options.clock.now());
      } catch (err) {
        this.options.log.warn({ err }, 'document reading queue unavailable; the next poll retries');
        return;
      }
      if (!job) return;
      if ((await this.process(job)) === 'engineAway') return;
    }
  }

  /** Reads one job; 'engineAway' when the engine process is down or full (the job waits, unspent). */
  private async process(job: ClaimedJob): Promise<'done' | 'engineAway'> {
    const { db, clock, log } = this.options;
    const started = performance.now();
    const measure = (outcome: string) =>
      recordDocumentRead(job.kind, outcome, (performance.now() - started) / 1000);
    try {
      const bytes = await readAll(this.options.store, job.storageKey);
      if (!bytes) {
        await failReading(db, job.fileId, Number.MAX_SAFE_INTEGER, 'fileMissing', clock.now());
        measure('fileMissing');
        return 'done';
      }
      const answer = await this.pool.read({
        bytes,
        contentType: job.contentType,
        kind: job.kind,
        today: clock.now().toISOString().slice(0, 10),
      });
      await finishReading(db, job.fileId, answer.engine, answer.reading, clock.now());
      log.info({ fileId: job.fileId, kind: job.kind, ms: answer.ms }, 'document read');
      measure('read');
      return 'done';
    } catch (err) {
      // The machine's engine process is restarting (or its bound is full): not the document's fault.
      // The job goes back to the queue without spending an attempt, and this loop stops; the next
      // poll or upload tries again, so nothing is lost however long the engine is away.
      if (isEngineBusy(err)) {
        log.warn({ fileId: job.fileId, kind: job.kind }, 'document reading waits: the engine is away');
        await releaseReading(db, job.fileId).catch(() => undefined);
        measure('engineAway');
        return 'engineAway';
      }
      // The error's message may quote document text (an engine's complaint): only its name is logged.
      const code = err instanceof Error ? err.name : 'unknown';
      log.warn({ fileId: job.fileId, kind: job.kind, failure: code }, 'document reading failed');
      await failReading(db, job.fileId, job.attempts, 'engineFailed', clock.now()).catch(() => undefined);
      measure('engineFailed');
      return 'done';
    }
  }

  /** Polls for work queued by other workers or instances, and resumes what a restart left. */
  start(): void {
    if (!this.options.auto || this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    await this.pool.close();
  }
}
