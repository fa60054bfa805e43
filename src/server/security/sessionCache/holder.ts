// A worker's one connection for its session cache: it LISTENs on the shared channel (changes, fences
// asked) and on its own (its sentinels, the answers to its fences), and applies every change to the
// store in the order PostgreSQL delivers them. What makes "a change applies at once on every worker"
// true (docs/decisions/performance.md "Session cache"):
//   sentinel()  a marker sent to this connection's own channel comes back after every notice
//               committed before it: once it is back, this worker has applied every change that its
//               own request just committed.
//   fence()     asks every holder of the database (listed by application_name, other instances
//               included) to answer once it has read the fence's notice, hence everything before it;
//               the request that changed something answers its caller only then.
// A holder whose connection breaks forgets every entry and trusts none until it listens again.
import type pg from 'pg';
import {
  fenceAnsweredPayload,
  fenceAskedPayload,
  HOLDER_APPLICATION_NAME,
  ownChannel,
  readNotice,
  SHARED_CHANNEL,
  sentinelPayload,
} from './messages';
import type { SessionStore } from './store';

export type FenceOutcome = 'done' | 'timedOut' | 'notListening';

export interface HolderOptions {
  /** A new, connected client of its own (not one of the pool's: it is held for good). */
  connect: () => Promise<pg.Client>;
  store: SessionStore;
  /** A fence waits at most this long for the slowest holder, then the request answers anyway. */
  fenceTimeoutMs: number;
  /** Broken connections and failed answers: reported, never thrown. */
  onError: (error: unknown) => void;
  /** Not more than one connection attempt in this long after a failure. */
  retryAfterMs?: number;
}

/** How often a waiting fence looks again at who holds: a holder that went away answers nothing. */
const HOLDERS_RECHECK_MS = 250;

/** The holders of this database: the connections that took HOLDER_APPLICATION_NAME once listening. */
const holdersSql = (param: string) =>
  `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${param}`;

/**
 * Lets a client go without leaving it deaf: an 'error' it emits while ending, with no listener left,
 * would be thrown and take the worker down.
 */
async function endQuietly(c: pg.Client): Promise<void> {
  c.removeAllListeners();
  c.on('error', () => undefined);
  await c.end().catch(() => undefined);
}

interface Waiter {
  resolve(outcome: FenceOutcome): void;
}

interface PendingFence extends Waiter {
  answered: Set<number>;
  waitingFor: Set<number> | null;
}

export function createSessionCacheHolder(options: HolderOptions) {
  const { store } = options;
  const retryAfterMs = options.retryAfterMs ?? 1_000;
  let client: pg.Client | null = null;
  let pid = 0;
  let connecting: Promise<void> | null = null;
  let lastFailureAt = -Infinity;
  let retryTimer: NodeJS.Timeout | undefined;
  /**
   * A holder trusts its entries only while it has lately heard PostgreSQL through (a sentinel it sent
   * came back) and its own event loop has lately turned: half the fence's wait. A writer that gave
   * up on this holder after the whole wait (a stalled link, a blocked loop) has answered only once
   * this holder has stopped trusting what it holds.
   */
  const trustMs = options.fenceTimeoutMs / 2;
  let lastHeardAt = -Infinity;
  let lastTickAt = performance.now();
  const heartbeat = setInterval(
    () => {
      lastTickAt = performance.now();
      if (!client) return;
      const sentAt = performance.now();
      void sentinel().then((outcome) => {
        if (outcome === 'done') lastHeardAt = Math.max(lastHeardAt, sentAt);
      });
    },
    Math.max(10, trustMs / 4),
  );
  heartbeat.unref();
  let closed = false;
  let counter = 0;
  const sentinels = new Map<string, Waiter>();
  const fences = new Map<string, PendingFence>();

  function settleAll(outcome: FenceOutcome) {
    for (const waiter of [...sentinels.values(), ...fences.values()]) waiter.resolve(outcome);
    sentinels.clear();
    fences.clear();
  }

  function broken(c: pg.Client, error: unknown) {
    if (client !== c) return;
    client = null;
    lastFailureAt = Date.now();
    store.stopListening();
    settleAll('notListening');
    c.removeAllListeners('notification');
    void c.end().catch(() => undefined);
    if (closed) return;
    options.onError(error);
    scheduleRetry();
  }

  /** Listening again soon, without waiting for a signed-in request to ask (and again if that fails). */
  function scheduleRetry() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      startConnecting();
    }, retryAfterMs);
    retryTimer.unref();
  }

  function onNotification(c: pg.Client, channel: string, payload: string | undefined) {
    const notice = readNotice(payload);
    if (!notice) return;
    switch (notice.type) {
      case 'change':
        if (channel === SHARED_CHANNEL) store.apply(notice.change);
        return;
      case 'fenceAsked':
        // Everything committed before the fence's notice has been applied above, in order.
        c.query('SELECT pg_notify($1, $2)', [
          ownChannel(notice.askerPid),
          fenceAnsweredPayload(notice.fenceId, pid),
        ]).catch((error: unknown) => broken(c, error));
        return;
      case 'fenceAnswered': {
        const fence = fences.get(notice.fenceId);
        if (!fence) return;
        fence.answered.add(notice.holderPid);
        fence.waitingFor?.delete(notice.holderPid);
        if (fence.waitingFor?.size === 0) fence.resolve('done');
        return;
      }
      case 'sentinel':
        sentinels.get(notice.sentinelId)?.resolve('done');
        return;
    }
  }

  async function connect() {
    const c = await options.connect();
    c.on('notification', (message) => onNotification(c, message.channel, message.payload));
    c.on('error', (error) => broken(c, error));
    c.on('end', () => broken(c, new Error('the session cache connection ended')));
    try {
      // The name last: whoever lists the holders (a fence) finds only connections that listen.
      const ownPid = (c as pg.Client & { processID: number }).processID;
      await c.query(`LISTEN ${SHARED_CHANNEL}; LISTEN ${ownChannel(ownPid)}`);
      await c.query('SELECT set_config($1, $2, false)', ['application_name', HOLDER_APPLICATION_NAME]);
      if (closed) throw new Error('closed while connecting');
      client = c;
      pid = ownPid;
      lastHeardAt = performance.now();
      store.startListening();
    } catch (error) {
      await endQuietly(c);
      throw error;
    }
  }

  function startConnecting(): void {
    if (client || connecting || closed) return;
    connecting = connect()
      .catch((error: unknown) => {
        lastFailureAt = Date.now();
        if (closed) return;
        options.onError(error);
        scheduleRetry();
      })
      .finally(() => {
        connecting = null;
      });
  }

  /** Starts connecting if it is not (and has not just failed); never waits, never throws. */
  function ensure(): void {
    if (Date.now() - lastFailureAt < retryAfterMs) return;
    startConnecting();
  }

  /**
   * `round`, shared: the callers of one turn of the event loop join one round; a caller after the
   * round has sent its notice gets the next one (its own changes may have come after that notice).
   */
  function joinable(round: () => Promise<FenceOutcome>): () => Promise<FenceOutcome> {
    let next: Promise<FenceOutcome> | null = null;
    return () =>
      (next ??= new Promise<void>((r) => setImmediate(r)).then(() => {
        next = null;
        return round();
      }));
  }

  function sentinelRound(): Promise<FenceOutcome> {
    const c = client;
    if (!c) return Promise.resolve('notListening');
    const id = String(++counter);
    return new Promise<FenceOutcome>((resolve) => {
      const timer = setTimeout(() => sentinels.get(id)?.resolve('timedOut'), options.fenceTimeoutMs);
      sentinels.set(id, {
        resolve: (outcome) => {
          clearTimeout(timer);
          sentinels.delete(id);
          resolve(outcome);
        },
      });
      c.query('SELECT pg_notify($1, $2)', [ownChannel(pid), sentinelPayload(id)]).catch((error: unknown) =>
        broken(c, error),
      );
    });
  }

  async function holdersNow(c: pg.Client): Promise<Set<number>> {
    const { rows } = await c.query<{ pid: number }>(holdersSql('$1'), [HOLDER_APPLICATION_NAME]);
    return new Set(rows.map((r) => r.pid));
  }

  function fenceRound(): Promise<FenceOutcome> {
    const c = client;
    if (!c) return Promise.resolve('notListening');
    const fenceId = `${pid}.${++counter}`;
    return new Promise<FenceOutcome>((resolve) => {
      let recheck: NodeJS.Timeout | undefined;
      const timer = setTimeout(() => fence.resolve('timedOut'), options.fenceTimeoutMs);
      const fence: PendingFence = {
        answered: new Set(),
        waitingFor: null,
        resolve: (outcome) => {
          clearTimeout(timer);
          clearInterval(recheck);
          fences.delete(fenceId);
          resolve(outcome);
        },
      };
      fences.set(fenceId, fence);
      const waitFor = (holders: Set<number>) => {
        for (const holder of fence.answered) holders.delete(holder);
        fence.waitingFor = holders;
        if (holders.size === 0) fence.resolve('done');
      };
      // The list is read in the statement that asks: a holder that starts listening later has read
      // nothing from before (its store starts empty), so it is not waited for.
      c.query<{ holders: number[] }>(`SELECT pg_notify($1, $2), ARRAY(${holdersSql('$3')}) AS holders`, [
        SHARED_CHANNEL,
        fenceAskedPayload(pid, fenceId),
        HOLDER_APPLICATION_NAME,
      ])
        .then(({ rows }) => {
          if (!fences.has(fenceId)) return;
          waitFor(new Set(rows[0]?.holders ?? []));
          recheck = setInterval(() => {
            holdersNow(c)
              .then((present) => {
                const waiting = fence.waitingFor;
                if (!waiting) return;
                for (const holder of waiting) if (!present.has(holder)) waiting.delete(holder);
                if (waiting.size === 0) fence.resolve('done');
              })
              .catch((error: unknown) => broken(c, error));
          }, HOLDERS_RECHECK_MS);
        })
        .catch((error: unknown) => broken(c, error));
    });
  }

  /** Connects if needed and waits for it (at most `timeoutMs`); true when listening. */
  async function whenListening(timeoutMs: number): Promise<boolean> {
    ensure();
    if (!client && connecting) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([connecting, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
      clearTimeout(timer);
    }
    return client !== null;
  }

  const sentinel = joinable(sentinelRound);

  return {
    ensure,
    /** Whether entries may be trusted now (listening, heard from lately, loop not just blocked). */
    isCurrent(): boolean {
      const now = performance.now();
      return client !== null && now - lastHeardAt < trustMs && now - lastTickAt < trustMs;
    },
    whenListening,
    /** Resolves once every notice committed before the call has been applied here. */
    sentinel,
    /** Resolves once every holder of the database has applied every notice committed before the call. */
    fence: joinable(fenceRound),
    isListening: () => client !== null,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      await connecting;
      const c = client;
      client = null;
      store.stopListening();
      settleAll('notListening');
      if (c) await endQuietly(c);
    },
  };
}
