// The session cache of one API instance (one HTTP worker): a store of resolved sessions and the
// connection that keeps it right. Signed-in reads are answered without PostgreSQL; a request that may
// have changed a session, its user or its company answers only once every worker of every instance
// has dropped what it changed (docs/decisions/performance.md "Session cache").
import pg from 'pg';
import { createSessionCacheHolder, type FenceOutcome } from './holder';
import { createSessionStore, type ReadMark } from './store';

export interface SessionCacheOptions {
  pool: pg.Pool;
  /** An entry is trusted this long after its session was last seen in the database. */
  freshForMs: number;
  onError: (error: unknown) => void;
  /** How long a request that changed something waits for the slowest worker before it answers anyway. */
  fenceTimeoutMs: number;
}

/** What a request that may write did about the caches before answering. */
export type SettleOutcome = 'unchanged' | FenceOutcome;

export function createSessionCache(options: SessionCacheOptions) {
  const store = createSessionStore({ freshForMs: options.freshForMs });
  const { fenceTimeoutMs } = options;
  const holder = createSessionCacheHolder({
    // The pool's own settings (address, password, timeouts), on a connection the pool does not lend.
    connect: async () => {
      const client = new pg.Client(options.pool.options);
      await client.connect();
      return client;
    },
    store,
    fenceTimeoutMs,
    onError: options.onError,
  });

  return {
    store,
    holder,
    /** Taken before a request that may write does its work. */
    markRequest: (): ReadMark => store.mark(),
    /**
     * After that work, before the answer: this worker's own notices first (a sentinel); if any change
     * was announced since the mark — this request's or anybody's — every holder must have applied it.
     * A worker that did not listen throughout cannot tell what its request changed: it always fences.
     */
    async settleRequest(mark: ReadMark): Promise<SettleOutcome> {
      if (!store.listenedSince(mark)) {
        if (!(await holder.whenListening(fenceTimeoutMs))) return 'notListening';
        return holder.fence();
      }
      const own = await holder.sentinel();
      if (own !== 'done') return own;
      if (store.listenedSince(mark) && store.mark().changes === mark.changes) return 'unchanged';
      return holder.fence();
    },
    close: () => holder.close(),
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * For a process that changed the database without a cache of its own (the admin CLI): returns once
 * every worker of every instance has applied every change committed before the call, so the command
 * ends only when its change holds everywhere (at most `fenceTimeoutMs` for a worker that does not answer).
 */
export async function fenceSessionCaches(
  pool: pg.Pool,
  fenceTimeoutMs: number,
  onError: (error: unknown) => void,
): Promise<FenceOutcome> {
  const cache = createSessionCache({ pool, freshForMs: 0, fenceTimeoutMs, onError });
  try {
    if (!(await cache.holder.whenListening(fenceTimeoutMs))) return 'notListening';
    return await cache.holder.fence();
  } finally {
    await cache.close();
  }
}
