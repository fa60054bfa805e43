// One LISTEN connection on one channel, taken from the pool only while needed. Shared by the mail
// outbox (wake the worker) and the verification hub (push QR status): a broken connection never
// goes back to the pool, and a caller reconnects with ensure() on its next poll or heartbeat.
// Between notices the connection sits idle; read() lends it for a short query, so a caller's
// routine look (the outbox's poll) needs no second connection of the pool (engine-process.md).
import type { Pool, PoolClient } from 'pg';

export interface PgListener {
  /** Connects if not connected; resolves true when this call (re)established the connection. */
  ensure(): Promise<boolean>;
  /** Runs a short read on the LISTEN connection; null when it is not connected (use the pool). */
  read<R extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[] | null>;
  /** UNLISTENs and gives the connection back, unless `keep()` says it is needed after all. */
  release(keep?: () => boolean): Promise<void>;
  /** For good: later ensure() calls do nothing. */
  close(): Promise<void>;
}

/**
 * The application_name a listening connection carries while it listens: pg_stat_activity's `query`
 * shows only a connection's last statement (the outbox's look for due mail, after LISTEN), so this
 * is how an operator (and the fault tests) sees who listens on what.
 */
export function listenerApplicationName(channel: string): string {
  return `portal listen ${channel}`;
}

export function createPgListener(
  pool: Pool,
  channel: string,
  onPayload: (payload: string | undefined) => void,
  onError: (err: unknown) => void,
): PgListener {
  let client: PoolClient | null = null;
  let connecting: Promise<boolean> | null = null;
  let closed = false;

  function drop(broken: boolean) {
    const c = client;
    client = null;
    if (!c) return;
    c.removeAllListeners('notification');
    c.removeAllListeners('error');
    c.release(broken);
  }

  async function connect(): Promise<boolean> {
    const c = await pool.connect();
    if (closed) {
      c.release();
      return false;
    }
    c.on('notification', (msg) => {
      if (msg.channel === channel) onPayload(msg.payload);
    });
    c.on('error', (err) => {
      onError(err);
      drop(true);
    });
    try {
      await c.query('SELECT set_config($1, $2, false)', [
        'application_name',
        listenerApplicationName(channel),
      ]);
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeAllListeners();
      c.release(true);
      throw err;
    }
    client = c;
    return true;
  }

  async function release(keep?: () => boolean) {
    await connecting?.catch(() => undefined);
    if (!closed && keep?.()) return;
    const c = client;
    if (!c) return;
    const back = await c
      .query(`UNLISTEN ${channel}; RESET application_name`)
      .then(() => true)
      .catch(() => false);
    // A connection whose reset failed is not handed to the next borrower half-configured.
    drop(!back);
  }

  return {
    async ensure() {
      if (closed || client) return false;
      const mine = connecting === null;
      connecting ??= connect().finally(() => {
        connecting = null;
      });
      const connected = await connecting;
      return mine && connected;
    },
    async read<R extends Record<string, unknown>>(text: string, values?: unknown[]) {
      const c = client;
      if (closed || !c) return null;
      const result = await c.query<R>(text, values);
      return result.rows;
    },
    release,
    async close() {
      closed = true;
      await release();
    },
  };
}
