// The workers' JSON log lines, written to stdout in batches instead of once a line (issue 31 §5).
// pino's default destination makes one write system call per line: two a request at the production
// level (Fastify's "incoming request" and "request completed"), which measured about a third of the
// authenticated read's CPU (docs/decisions/performance.md, Session 12). Writing once per turn of the
// event loop still cost ~15 µs a request under load (a turn serves one or two requests: a write
// system call and the stream's bookkeeping per turn; Session 13), so lines now wait up to
// FLUSH_AFTER_MS, or until a batch would pass BATCH_MAX_CHARS, and leave together.
// Nothing is dropped or reordered: the lines still waiting when the process exits (process.exit after
// a fault, a drained SIGTERM) are written synchronously by the 'exit' listener, so a dying worker's
// last line is still written. Only a process killed outright (SIGKILL) loses its last few
// milliseconds of lines.

export interface BatchedStream {
  /** pino's destination API: a line (or several) to write. */
  write(chunk: string): void;
  /** Writes what waits now; pino's `logger.flush(cb)` calls this. */
  flush(callback?: (error?: Error) => void): void;
}

/** How long a line may wait for others (a person tailing the log sees no delay). */
export const FLUSH_AFTER_MS = 10;
/**
 * A batch is written before it would grow past this (a burst's lines are not held in memory for
 * long): under load, one write every few dozen requests. A 4 096-character cap (one atomic pipe
 * write) measured no better than one write per turn at 3 000–4 000 req/s (Session 13). Files (a
 * service manager's log, the bench's) take each write whole; on a pipe shared by several workers a
 * batch over 4 KB may interleave with another's, as a busy turn's batch could before.
 */
export const BATCH_MAX_CHARS = 64 * 1024;

/** Runs `flush` later; captured at load: a test's fake timers must not hold the server's log back. */
export type Schedule = (flush: () => void) => void;
const later = setTimeout;
const afterDelay: Schedule = (flush) => void later(flush, FLUSH_AFTER_MS).unref();

export function createBatchedStream(
  out: (chunk: string) => void,
  schedule: Schedule = afterDelay,
): BatchedStream {
  let pending = '';
  let scheduled = false;
  const writePending = () => {
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    out(chunk);
  };
  const onTimer = () => {
    scheduled = false;
    writePending();
  };
  return {
    write(chunk) {
      if (pending.length + chunk.length > BATCH_MAX_CHARS) writePending();
      pending += chunk;
      if (scheduled) return;
      scheduled = true;
      schedule(onTimer);
    },
    flush(callback) {
      writePending();
      callback?.();
    },
  };
}

let shared: BatchedStream | undefined;

/**
 * The process's one batched stdout (every app a test process builds shares it, and one 'exit'
 * listener serves them all). On Linux, process.stdout writes files and pipes synchronously.
 */
export function batchedStdout(): BatchedStream {
  if (shared) return shared;
  const stream = createBatchedStream((chunk) => void process.stdout.write(chunk));
  process.on('exit', () => stream.flush());
  shared = stream;
  return stream;
}
