// How long the portal waits for PostgreSQL (issue 17 §4). A connection that does not open in time,
// or a statement that runs (or waits behind a lock) too long, fails the request with 503
// `unavailable` instead of leaving it hanging; at start it stops the portal with a message.
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in a full pool. */
  connectTimeoutMs: number;
  /** Server-side `statement_timeout` of every pool connection (SQLSTATE 57014 when exceeded). */
  statementTimeoutMs: number;
  /**
   * How long a pool connection may sit idle before the pool closes it (pg's own default when
   * unset, IDLE_CONNECTION_MS). An idle worker keeps only what it uses (engine-process.md).
   */
  idleTimeoutMs?: number;
}

/** Well above any statement the portal runs (p99 ~ tens of ms), well below a person giving up. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 10_000,
};
