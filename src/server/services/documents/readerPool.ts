// The document reader's threads (piscina), off the API's event loop. Lazy: no thread starts and no
// model loads until the first document (or warm()). Bounded: the queue runner (reader.ts) never asks
// for more than `workers` readings at once. Idle threads end after IDLE_MS, giving their memory
// (the engine's models and buffers, ~0.5–1 GB a thread) back until documents come again.
import { Piscina } from 'piscina';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { OcrEngineName } from './engine';
import type { ReadTask } from './readDocument';
import type { ReadAnswer } from './readerWorker';
import { engineClient, type EngineClient } from '../../engine/client';

const require = createRequire(import.meta.url);
const IDLE_MS = 10 * 60 * 1000;

// Under `npm start` the threads are the machine's engine process's (src/server/engine/, issue 31 §1):
// read() and warm() go over its socket (the document's bytes in the message); an engine that is away
// fails the reading like an engine fault, which the queue retries.
export class ReaderPool {
  private pool: Piscina | null = null;
  private readonly remote: EngineClient | null;
  private remoteUsed = false;
  private readonly filename: string;
  private readonly engine: OcrEngineName;

  constructor(
    private readonly workers: number,
    options: {
      /** The worker module (tests substitute a stub, which always runs in this process). */
      filename?: string;
      /** DOCUMENT_OCR_ENGINE of this process (the engine process's own when there is one). */
      engine?: OcrEngineName;
    } = {},
  ) {
    this.filename = options.filename ?? new URL('./readerWorker.ts', import.meta.url).href;
    this.engine = options.engine ?? 'paddle';
    this.remote = options.filename ? null : engineClient();
  }

  get started(): boolean {
    return this.pool !== null || this.remoteUsed;
  }

  private ensure(): Piscina {
    this.pool ??= new Piscina({
      filename: this.filename,
      // The worker is TypeScript: each thread loads tsx itself (vitest's workers do not pass it on).
      execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
      minThreads: 0,
      maxThreads: this.workers,
      idleTimeout: IDLE_MS,
      concurrentTasksPerWorker: 1,
      workerData: { engine: this.engine },
    });
    return this.pool;
  }

  async read(task: ReadTask): Promise<ReadAnswer> {
    if (this.remote) {
      this.remoteUsed = true;
      return this.remote.call('read', task);
    }
    return (await this.ensure().run(task)) as ReadAnswer;
  }

  /** Starts a thread and loads the engine; answers the engine's name. */
  async warm(): Promise<string> {
    if (this.remote) {
      this.remoteUsed = true;
      return this.remote.call('readWarm', null);
    }
    return ((await this.ensure().run({ warm: true })) as { engine: string }).engine;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.destroy();
  }
}
