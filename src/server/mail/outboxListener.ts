// Wakes the worker when any instance commits an outbox row (enqueueMail sends a NOTIFY in the
// caller's transaction, which PostgreSQL delivers on commit). Polling stays as the fallback, so a
// lost connection here delays mail by at most one poll interval; it never loses any.
import type { Pool, PoolClient } from 'pg';
import { OUTBOX_NOTIFY_CHANNEL } from './enqueueMail';

export interface OutboxListener {
  /** Connects if not connected; safe to call on every poll. */
  ensure(): Promise<void>;
  close(): Promise<void>;
}

export function createOutboxListener(
  pool: Pool,
  onNotify: () => void,
  onError: (err: unknown) => void,
): OutboxListener {
  let client: PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  function drop(broken: boolean) {
    const c = client;
    client = null;
    if (!c) return;
    c.removeAllListeners('notification');
    c.removeAllListeners('error');
    // A broken connection must not go back to the pool.
    c.release(broken);
  }

  async function connect() {
    const c = await pool.connect();
    if (closed) {
      c.release();
      return;
    }
    c.on('notification', (msg) => {
      if (msg.channel === OUTBOX_NOTIFY_CHANNEL) onNotify();
    });
    c.on('error', (err) => {
      onError(err);
      drop(true);
    });
    try {
      await c.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
    } catch (err) {
      c.removeAllListeners();
      c.release(true);
      throw err;
    }
    client = c;
  }

  return {
    async ensure() {
      if (closed || client) return;
      connecting ??= connect().finally(() => {
        connecting = null;
      });
      await connecting;
    },
    async close() {
      closed = true;
      await connecting?.catch(() => undefined);
      const c = client;
      if (c) {
        await c.query(`UNLISTEN ${OUTBOX_NOTIFY_CHANNEL}`).catch(() => undefined);
        drop(false);
      }
    },
  };
}
