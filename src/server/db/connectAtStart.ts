// The first connection of a start (migrations): bounded by the connect timeout, and a failure says
// in words what was tried and what to check, naming DATABASE_URL, never printing its password
// (issue 17 §4: "PostgreSQL not reachable at start: a clear message, a bounded wait").
import pg from 'pg';
import { errorChain } from './unavailable';

/** Why a connection failed, for a person: the driver's codes in words (the code kept for searches). */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (ECONNREFUSED: nothing listens on that host and port)',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
  '28P01': 'password authentication failed',
  '28000': 'the server refused this user',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'the server has too many connections',
};

/** The URL as it can be shown: the password replaced by ***. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a DATABASE_URL that is not a valid URL)';
  }
}

export class DatabaseConnectError extends Error {
  constructor(url: string, reason: string, options: { cause: unknown }) {
    super(
      `Cannot connect to PostgreSQL at ${redactedUrl(url)}: ${reason}. Check that the server is running ` +
        'and that DATABASE_URL is right (or leave DATABASE_URL unset to use the embedded PostgreSQL ' +
        'under DATA_DIR).',
      options,
    );
    this.name = 'DatabaseConnectError';
  }
}

function reasonOf(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut)
    return `no answer within ${timeoutMs / 1000} s (DATABASE_CONNECT_TIMEOUT_MS sets how long to wait)`;
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && REASONS[code]) return REASONS[code];
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

/** A connected client, or a DatabaseConnectError after at most `timeoutMs`. */
export async function connectAtStart(url: string, timeoutMs: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  const started = performance.now();
  try {
    await client.connect();
    return client;
  } catch (error) {
    // node-postgres tears the socket down at the timeout and reports a bare "terminated".
    const timedOut = performance.now() - started >= timeoutMs;
    throw new DatabaseConnectError(url, reasonOf(error, timedOut, timeoutMs), { cause: error });
  }
}
