// Wakes the worker when any instance commits an outbox row (enqueueMail sends a NOTIFY in the
// caller's transaction, which PostgreSQL delivers on commit). Polling stays as the fallback, so a
// lost connection here delays mail by at most one poll interval; it never loses any.
import type { Pool } from 'pg';
import { createPgListener } from '../db/pgListener';
import { OUTBOX_NOTIFY_CHANNEL } from './enqueueMail';

export interface OutboxListener {
  /** Connects if not connected; safe to call on every poll. */
  ensure(): Promise<void>;
  /** A short read on the LISTEN connection (the poll's look for due rows); null when not connected. */
  read<R extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[] | null>;
  close(): Promise<void>;
}

export function createOutboxListener(
  pool: Pool,
  onNotify: () => void,
  onError: (err: unknown) => void,
): OutboxListener {
  const listener = createPgListener(pool, OUTBOX_NOTIFY_CHANNEL, () => onNotify(), onError);
  return {
    ensure: async () => {
      await listener.ensure();
    },
    read: (text, values) => listener.read(text, values),
    close: () => listener.close(),
  };
}
