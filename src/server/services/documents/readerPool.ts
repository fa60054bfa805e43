// The document reader's threads (piscina), off the API's event loop. Lazy: no thread starts and no
// model loads until the first document (or warm()). Bounded: the queue runner (reader.ts) never asks
// for more than `workers` readings at once. Idle threads end after IDLE_MS, giving their memory
// (the engine's models, ~0.5 GB a thread) back until documents come again.
import { Piscina } from 'piscina';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ReadTask } from './readDocument';
import type { ReadAnswer } from './readerWorker';

const require = createRequire(import.meta.url);
const IDLE_MS = 10 * 60 * 1000;

export class ReaderPool {
  private pool: Piscina | null = null;

  constructor(
    private readonly workers: number,
    /** The worker module (tests substitute a stub). */
    private readonly filename = new URL('./readerWorker.ts', import.meta.url).href,
  ) {}

  get started(): boolean {
    return this.pool !== null;
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
    });
    return this.pool;
  }

  async read(task: ReadTask): Promise<ReadAnswer> {
    return (await this.ensure().run(task)) as ReadAnswer;
  }

  /** Starts a thread and loads the engine; answers the engine's name. */
  async warm(): Promise<string> {
    return ((await this.ensure().run({ warm: true })) as { engine: string }).engine;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.destroy();
  }
}
