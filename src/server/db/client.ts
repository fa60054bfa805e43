// One pool and one drizzle instance per app (or per test database).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../types';
import * as schema from './schema/index';
import { DEFAULT_DATABASE_TIMEOUTS } from './timeouts';

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
}

export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs,
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
