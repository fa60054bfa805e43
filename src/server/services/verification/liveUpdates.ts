// One LISTEN connection per API instance, shared by every event stream it holds (docs/architecture.md:
// "PostgreSQL LISTEN/NOTIFY so any instance can push"). A notice only says "session X has news";
// each stream then reads the events it has not sent from the log, so a lost or doubled notice
// never loses or repeats an event. The connection is held only while some stream is open.
import type { Pool } from 'pg';
import { createPgListener } from '../../db/pgListener';
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
  let closed = false;

  const everyone = () => handlers.forEach((set) => set.forEach((h) => h()));
  // A lost connection: streams stay open; the next subscribe or heartbeat reconnects and re-reads.
  const listener = createPgListener(
    pool,
    VERIFICATION_NOTIFY_CHANNEL,
    (payload) => {
      const notice = parseNotice(payload);
      if (notice) handlers.get(notice.sessionId)?.forEach((h) => h());
    },
    onError,
  );

  async function ensure() {
    if (closed) return;
    // Changes made while nobody listened are in the log: let every stream look.
    if (await listener.ensure()) everyone();
  }

  return {
    async subscribe(sessionId, onNews) {
      let set = handlers.get(sessionId);
      if (!set) handlers.set(sessionId, (set = new Set()));
      set.add(onNews);
      const unsubscribe = () => {
        const current = handlers.get(sessionId);
        current?.delete(onNews);
        if (current?.size === 0) handlers.delete(sessionId);
        // No stream left: give the connection back to the pool (unless one subscribed meanwhile).
        if (handlers.size === 0) void listener.release(() => handlers.size > 0);
      };
      try {
        await ensure();
      } catch (err) {
        // The caller gets no unsubscribe: a handler left here would hold the LISTEN for good.
        unsubscribe();
        throw err;
      }
      return unsubscribe;
    },
    ensure: () => (handlers.size > 0 ? ensure() : Promise.resolve()),
    async close() {
      closed = true;
      handlers.clear();
      await listener.close();
    },
  };
}
