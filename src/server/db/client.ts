// One pool and one drizzle instance per app (or per test database).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../types';
import * as schema from './schema/index';
import { DEFAULT_DATABASE_TIMEOUTS } from './timeouts';

/**
 * A connection the pool has not lent for this long is closed (pg's default, made explicit): an
 * idle worker holds no connection it does not use — each is a PostgreSQL backend, ~3 MB PSS and
 * ~19 MB RSS — while a worker answering a request every few seconds keeps one warm and does not
 * pay for opening one (6 ms median, 20 ms p90 on the embedded server; engine-process.md).
 */
export const IDLE_CONNECTION_MS = 10_000;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Pool size per process; several API instances share one server (docs/architecture.md). */
  max?: number;
  /** Where pool-level errors go; they are reported, never thrown. */
  onError?: (error: Error) => void;
  /** Opening a connection or waiting for a free one; then the query fails (503, not a hang). */
  connectTimeoutMs?: number;
  /** `statement_timeout` of every connection, sent when it opens; none unless given (tools, tests). */
  statementTimeoutMs?: number;
  /** Closes a connection left idle this long; IDLE_CONNECTION_MS unless given (a test's shorter wait). */
  idleTimeoutMs?: number;
}

export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs,
    // No floor (pg's `min` stays 0): every idle connection goes, however many a burst opened.
    idleTimeoutMillis: options.idleTimeoutMs ?? IDLE_CONNECTION_MS,
    // A startup parameter, so every connection the pool opens has it, the LISTEN ones included
    // (an idle LISTEN runs no statement, so it is never cut).
    ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
  });
  // An idle client loses its connection when the server stops or restarts (57P01
  // admin_shutdown) or the network drops. Without a listener that error event crashes Node; with
  // it, the pool discards the client and the next query opens a fresh connection.
  pool.on('error', (error) => options.onError?.(error));
  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => (closing ??= pool.end()),
  };
}
