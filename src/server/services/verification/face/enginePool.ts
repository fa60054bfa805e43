// The face engine's worker pool (piscina), off the API's event loop. Lazy: no thread starts (and no
// model loads) until warm() or the first check, so apps and tests that never check a face pay
// nothing. Bounded: at most `workers` checks run and `queue` wait; one more is refused at once with
// FaceEngineBusyError, so a burst of phones can neither queue without bound nor starve the API.
// Under `npm start` the threads live in the machine's engine process (src/server/engine/, issue 31
// §1): run() and warm() go over its socket, the machine's bound is held there (one more is `busy`),
// and an engine that is down or restarting is FaceEngineBusyError too; admit() stays as this
// worker's own cap. Without an engine process (tests, an app built in-process) the pool is here.
import { Piscina } from 'piscina';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { AnalyzeAnswer, AnalyzeTask } from './analysis';
import { FaceEngineBusyError } from './busyError';
import { engineClient, isEngineBusy, type EngineClient } from '../../../engine/client';

const require = createRequire(import.meta.url);

export interface EnginePoolOptions {
  workers: number;
  queue: number;
  /** The worker module (tests substitute a stub to exercise the bound without the engine). */
  filename?: string;
}

export class EnginePool {
  private pool: Piscina | null = null;
  private admitted = 0;
  /** The engine process's channel; null: the threads are this process's own. */
  private readonly remote: EngineClient | null;
  private remoteUsed = false;

  constructor(private readonly options: EnginePoolOptions) {
    // A substituted worker module is a test's: always in-process.
    this.remote = options.filename ? null : engineClient();
  }

  /** Checks running or waiting now. */
  get inFlight(): number {
    return this.admitted;
  }

  get started(): boolean {
    return this.pool !== null || this.remoteUsed;
  }

  /** A call to the engine process; down, restarting or full is FaceEngineBusyError. */
  private async remoteCall<T>(call: (client: EngineClient) => Promise<T>): Promise<T> {
    this.remoteUsed = true;
    try {
      return await call(this.remote!);
    } catch (error) {
      throw isEngineBusy(error) ? new FaceEngineBusyError() : error;
    }
  }

  private ensure(): Piscina {
    if (this.pool) return this.pool;
    const { workers, queue } = this.options;
    this.pool = new Piscina({
      filename: this.options.filename ?? new URL('./engineWorker.ts', import.meta.url).href,
      // The worker is TypeScript: each thread loads tsx itself (vitest's workers do not pass it on).
      execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
      minThreads: workers,
      maxThreads: workers,
      maxQueue: Math.max(queue, 1),
      idleTimeout: Number.MAX_SAFE_INTEGER,
      concurrentTasksPerWorker: 1,
    });
    return this.pool;
  }

  /** Runs one check's images on one thread; the caller holds a place from admit(). */
  async run(task: AnalyzeTask): Promise<AnalyzeAnswer> {
    if (this.remote) return this.remoteCall((client) => client.call('face', task));
    return (await this.ensure().run(task)) as AnalyzeAnswer;
  }

  /**
   * Takes a place in the pool or throws FaceEngineBusyError; release it exactly once. Synchronous,
   * so concurrent callers can never overshoot the bound.
   */
  admit(): { release(): void } {
    if (this.admitted >= this.options.workers + this.options.queue) throw new FaceEngineBusyError();
    this.admitted++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.admitted--;
      },
    };
  }

  /** Starts every thread and waits until each has its models loaded. */
  async warm(): Promise<void> {
    if (this.remote) {
      // The engine process warms itself at its start; one not up yet is no fault of this worker's.
      await this.remoteCall((client) => client.call('faceWarm', null)).catch((error: unknown) => {
        if (!(error instanceof FaceEngineBusyError)) throw error;
      });
      return;
    }
    const pool = this.ensure();
    await Promise.all(Array.from({ length: this.options.workers }, () => pool.run({ paths: [] })));
  }

  /** The engine process is the machine's: a worker's app closing leaves it running. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.destroy();
  }
}
