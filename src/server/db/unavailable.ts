// Whether an error means "the database cannot be reached right now" (restart, crash, network, too
// many connections, a statement cut by the statement timeout), as opposed to a bug. Such a request
// is answered 503 `unavailable`: the caller may try again, and nothing was changed (the statement
// never ran or its transaction rolled back).

/** Node's socket errors when the connection cannot be made or is cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** SQLSTATEs outside class 08 that mean the server is going away or full. */
const SERVER_GONE = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovery)
  '53300', // too_many_connections
  // Too slow rather than gone (issue 17 §4): statement_timeout (db/timeouts.ts) cut a statement that
  // ran, or waited behind a lock, too long; its transaction rolled back. Try again later.
  '57014', // query_canceled
  '55P03', // lock_not_available (lock_timeout, NOWAIT)
]);

/** node-postgres reports a connection that ends under a query with a plain Error and this text. */
const TERMINATED =
  /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect/;

interface DriverErrorFields {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
}

/** The error and the errors under it: drizzle wraps the driver's error in `cause`. */
export function* errorChain(error: unknown, depth = 4): Generator<DriverErrorFields> {
  for (let e = error, level = 0; e && typeof e === 'object' && level < depth; level++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_GONE.has(code) || /^08/.test(code)))
      return true;
    if (typeof message === 'string' && TERMINATED.test(message)) return true;
  }
  return false;
}
