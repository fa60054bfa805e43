// Where slider puzzles come from (issue 18 §6): drawn in one worker thread per process, a few
// ahead, so a request takes a ready one and the main thread never spends its ~10 ms drawing while
// other requests wait. The thread starts at the first puzzle asked for (an instance that never
// shows a captcha never starts it), does not keep the process alive, and a thread that fails or
// dies is replaced at the next puzzle; meanwhile puzzles are drawn on the main thread, as before,
// so a captcha is never refused because of the thread. Under `npm start` the thread is the
// machine's engine process's (issue 31 §1): a worker asks it for a ready, encoded puzzle, and
// draws one itself on its main thread only while the engine is away.
import { Worker } from 'node:worker_threads';
import { engineClient, type EngineClient } from '../../engine/client';
import { drawPuzzle, encodePuzzle, type EncodedPuzzle, type RawPuzzle } from './puzzleImage';
import type { PuzzleReply } from './puzzleThread';

/**
 * Ready puzzles kept per process: a burst of sign-ins (the journey bench's 100 at once, over two
 * workers) takes these at once while more are drawn. About 10 KB each, encoded.
 */
export const PUZZLES_AHEAD = 48;
/** Test processes build many apps and each shows few captchas. */
export const PUZZLES_AHEAD_IN_TESTS = 2;

// In a compiled worker (process/compiledWorker.ts) the thread loads its compiled module, whose URL
// the supervisor passes in PORTAL_PUZZLE_THREAD. Elsewhere (the tests' apps, a worker run from its
// sources) it runs the TypeScript source through tsx: vitest has its own transform, which a thread
// does not inherit.
const COMPILED_THREAD = process.env.PORTAL_PUZZLE_THREAD;
const THREAD_BOOT = COMPILED_THREAD
  ? `import('node:worker_threads').then(({ workerData }) => import(workerData.file));`
  : `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.file); });
`;
const THREAD_FILE = COMPILED_THREAD ?? new URL('./puzzleThread.ts', import.meta.url).href;

type Pending = { resolve: (p: RawPuzzle) => void; reject: (e: Error) => void };

class PuzzleThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  dead = false;

  constructor() {
    this.worker = new Worker(THREAD_BOOT, { eval: true, workerData: { file: THREAD_FILE } });
    this.worker.unref();
    this.worker.on('message', (reply: PuzzleReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.puzzle);
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the puzzle thread exited (${code})`)));
  }

  draw(): Promise<RawPuzzle> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(id);
    });
  }

  stop(): Promise<number> {
    this.dead = true;
    return this.worker.terminate();
  }
}

export interface PuzzleSource {
  /** A ready puzzle, or one drawn now. Never twice the same. */
  next(): Promise<EncodedPuzzle>;
  /** Starts the thread and draws the puzzles ahead now, before the first is asked for. */
  warm(): void;
  /** How many to keep ready from now on (the app sets it from its environment). */
  setAhead(count: number): void;
  /** Stops the thread (tests; the process does not wait for it). */
  stop(): Promise<void>;
  /** For tests and the bench: whether the last puzzles came from the thread. */
  readonly threadAlive: boolean;
}

export function createPuzzleSource(
  options: {
    ahead?: number;
    /** false: drawn on this thread (the engine process, whose event loop serves no HTTP). */
    thread?: boolean;
  } = {},
): PuzzleSource {
  let ahead = options.ahead ?? PUZZLES_AHEAD;
  const useThread = options.thread ?? true;
  let thread: PuzzleThread | null = null;
  const ready: Promise<EncodedPuzzle>[] = [];

  const drawOne = async (): Promise<RawPuzzle> => {
    if (!useThread) return drawPuzzle();
    if (!thread || thread.dead) {
      try {
        thread = new PuzzleThread();
      } catch {
        thread = null;
      }
    }
    if (!thread) return drawPuzzle();
    try {
      return await thread.draw();
    } catch {
      return drawPuzzle();
    }
  };
  const makeOne = () => drawOne().then(encodePuzzle);
  const keep = (puzzle: Promise<EncodedPuzzle>) => {
    // Kept for later: a failure is the taker's to see, not an unhandled rejection now.
    puzzle.catch(() => undefined);
    return puzzle;
  };

  const refill = () => {
    while (ready.length < ahead) ready.push(keep(makeOne()));
  };
  return {
    next() {
      const puzzle = ready.shift() ?? makeOne();
      refill();
      return puzzle;
    },
    warm: refill,
    setAhead(count) {
      ahead = count;
      // Fewer wanted: the extra ready ones are simply dropped (each is drawn only once anyway).
      if (ready.length > ahead) ready.length = ahead;
    },
    async stop() {
      ready.length = 0;
      await thread?.stop();
      thread = null;
    },
    get threadAlive() {
      return thread !== null && !thread.dead;
    },
  };
}

/**
 * Puzzles from the engine process, which keeps the machine's puzzles ahead; while it is away (down,
 * restarting), each is drawn here on the main thread, as when the thread died, so a captcha is
 * never refused because of the engine.
 */
export function createRemotePuzzleSource(client: EngineClient): PuzzleSource {
  let alive = false;
  return {
    async next() {
      try {
        const puzzle = await client.call('puzzle', null);
        alive = true;
        return puzzle;
      } catch {
        alive = false;
        return encodePuzzle(drawPuzzle());
      }
    },
    // The engine process draws ahead for the whole machine from its own start.
    warm: () => undefined,
    setAhead: () => undefined,
    stop: async () => undefined,
    get threadAlive() {
      return alive;
    },
  };
}

/** The process's source: the engine process's, or one thread per process shared by every app built in it. */
let shared: PuzzleSource | undefined;
export function puzzleSource(): PuzzleSource {
  if (shared) return shared;
  const client = engineClient();
  return (shared = client ? createRemotePuzzleSource(client) : createPuzzleSource());
}
