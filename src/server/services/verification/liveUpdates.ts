// One LISTEN connection per API instance, shared by every event stream it holds (ARCHITECTURE.md:
// "PostgreSQL LISTEN/NOTIFY so any instance can push"). A notice only says "session X has news";
// each stream then reads the events it has not sent from the log, so a lost or doubled notice
// never loses or repeats an event. The connection is held only while some stream is open.
import type { Pool, PoolClient } from 'pg';
import { VERIFICATION_NOTIFY_CHANNEL, type VerificationNotice } from './sessionStore';

export type NoticeHandler = () => void;

export interface VerificationHub {
  /** Calls `onNews` after every change of the session (and after a reconnect of the listener). */
  subscribe(sessionId: string, onNews: NoticeHandler): Promise<() => void>;
  /** Reconnects the listener if it was lost (the streams' heartbeat calls it). */
  ensure(): Promise<void>;
  close(): Promise<void>;
}

function parseNotice(payload: string | undefined): VerificationNotice | null {
  try {
    const notice = JSON.parse(payload ?? '') as Partial<VerificationNotice>;
    return typeof notice.sessionId === 'string' ? (notice as VerificationNotice) : null;
  } catch {
    return null;
  }
}

export function createVerificationHub(pool: Pool, onError: (err: unknown) => void): VerificationHub {
  const handlers = new Map<string, Set<NoticeHandler>>();
  let client: PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  const everyone = () => handlers.forEach((set) => set.forEach((h) => h()));

  function drop(broken: boolean) {
    const c = client;
    client = null;
    if (!c) return;
    c.removeAllListeners('notification');
    c.removeAllListeners('error');
    c.release(broken);
  }

  async function connect() {
    const c = await pool.connect();
    if (closed) {
      c.release();
      return;
    }
    c.on('notification', (msg) => {
      if (msg.channel !== VERIFICATION_NOTIFY_CHANNEL) return;
      const notice = parseNotice(msg.payload);
      if (notice) handlers.get(notice.sessionId)?.forEach((h) => h());
    });
    c.on('error', (err) => {
      onError(err);
      drop(true);
      // Streams stay open; the next subscribe or heartbeat reconnects, and the streams re-read.
    });
    try {
      await c.query(`LISTEN ${VERIFICATION_NOTIFY_CHANNEL}`);
    } catch (err) {
      c.removeAllListeners();
      c.release(true);
      throw err;
    }
    client = c;
  }

  async function ensure() {
    if (closed || client) return;
    const wasDown = connecting === null;
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    await connecting;
    // Changes made while nobody listened are in the log: let every stream look.
    if (wasDown && client) everyone();
  }

  async function release() {
    await connecting?.catch(() => undefined);
    // A stream subscribed while we waited: it needs the connection.
    if (!closed && handlers.size > 0) return;
    const c = client;
    if (!c) return;
    await c.query(`UNLISTEN ${VERIFICATION_NOTIFY_CHANNEL}`).catch(() => undefined);
    drop(false);
  }

  return {
    async subscribe(sessionId, onNews) {
      let set = handlers.get(sessionId);
      if (!set) handlers.set(sessionId, (set = new Set()));
      set.add(onNews);
      await ensure();
      return () => {
        const current = handlers.get(sessionId);
        current?.delete(onNews);
        if (current?.size === 0) handlers.delete(sessionId);
        // No stream left: give the connection back to the pool.
        if (handlers.size === 0) void release();
      };
    },
    ensure: () => (handlers.size > 0 ? ensure() : Promise.resolve()),
    async close() {
      closed = true;
      handlers.clear();
      await release();
    },
  };
}
