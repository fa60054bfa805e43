// The workers' JSON log lines, written to stdout once per turn of the event loop instead of once a
// line (issue 31 §5). pino's default destination makes one write system call per line: two a
// request at the production level (Fastify's "incoming request" and "request completed"), which
// measured about a third of the authenticated read's CPU (docs/decisions/performance.md, Session
// 12). Here the lines of one turn — under load, every request the turn served — leave in one write.
// Nothing is dropped or reordered: a line waits at most until the loop's check phase, and the lines
// still waiting when the process exits (process.exit after a fault, a drained SIGTERM) are written
// synchronously by the 'exit' listener, so a dying worker's last line is still written. Only a
// process killed outright (SIGKILL) loses the lines of its last turn.

export interface BatchedStream {
  /** pino's destination API: a line (or several) to write. */
  write(chunk: string): void;
  /** Writes what waits now; pino's `logger.flush(cb)` calls this. */
  flush(callback?: (error?: Error) => void): void;
}

/** Captured at load: a test's fake timers must not hold the server's log back. */
const nextTurn = setImmediate;

export function createBatchedStream(out: (chunk: string) => void): BatchedStream {
  let pending = '';
  let scheduled = false;
  const flushNow = () => {
    scheduled = false;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    out(chunk);
  };
  return {
    write(chunk) {
      pending += chunk;
      if (scheduled) return;
      scheduled = true;
      nextTurn(flushNow);
    },
    flush(callback) {
      flushNow();
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
