// The server reports its own faults to Sentry when SENTRY_DSN is set (issue 3 §6), with the same
// rules as the browser: release '2.0.0', no cookie/authorization/sid/userid headers, parameter
// values masked. It posts one Sentry envelope per fault; a failure to report never affects the answer.
// Faults outside any handler (issue 17 §2) go through createProcessFaultReporter, same rules.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorReporting } from '../../contract/limits';
import type { FaultReporter } from '../plugins/errorHandler';

const STRIPPED_HEADERS = new Set(['cookie', 'authorization', 'sid', 'userid', 'set-cookie']);

interface ParsedDsn {
  envelopeUrl: string;
  publicKey: string;
}

export function parseDsn(dsn: string): ParsedDsn {
  const u = new URL(dsn);
  const projectId = u.pathname.replace(/^\//, '').split('/').pop();
  if (!u.username || !projectId) throw new Error('SENTRY_DSN must look like https://<key>@<host>/<project>');
  const base = `${u.protocol}//${u.host}${u.pathname.replace(/\/[^/]*$/, '')}`;
  return { envelopeUrl: `${base}/api/${projectId}/envelope/`, publicKey: u.username };
}

/** The URL with every query value replaced by '***' (keys kept, so the call is recognisable). */
export function maskQuery(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const masked = query
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=***`)
    .join('&');
  return `${path}?${masked}`;
}

export function scrubHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (STRIPPED_HEADERS.has(k.toLowerCase())) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return out;
}

/** One Sentry envelope holding one event; resolves once posted, rejects if the post failed. */
function postEvent(
  dsn: string,
  send: typeof fetch,
  event: Record<string, unknown> & { event_id: string },
): Promise<void> {
  const { envelopeUrl, publicKey } = parseDsn(dsn);
  const body =
    JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString(), dsn }) +
    '\n' +
    JSON.stringify({ type: 'event' }) +
    '\n' +
    JSON.stringify(event);
  return send(`${envelopeUrl}?sentry_key=${encodeURIComponent(publicKey)}&sentry_version=7`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-sentry-envelope' },
    body,
  }).then(() => undefined);
}

function baseEvent(error: unknown, env: string, label: string, route: string) {
  const err = error instanceof Error ? error : new Error(String(error));
  return {
    event_id: randomUUID().replace(/-/g, ''),
    timestamp: Date.now() / 1000,
    platform: 'node',
    level: 'error',
    release: ErrorReporting.release,
    environment: env,
    tags: { label, route },
    exception: { values: [{ type: err.name, value: err.message }] },
  };
}

export function createFaultReporter(dsn: string, env: string, send: typeof fetch = fetch): FaultReporter {
  parseDsn(dsn);
  return (error: unknown, request: FastifyRequest) => {
    const event = {
      ...baseEvent(error, env, '50X server error', request.routeOptions?.url ?? 'unknown'),
      request: {
        method: request.method,
        url: maskQuery(request.url),
        headers: scrubHeaders(request.headers),
      },
    };
    postEvent(dsn, send, event).catch((e: unknown) =>
      request.log.warn({ err: e }, 'fault report not delivered'),
    );
  };
}

/** What the process-level error policy knows of the request a fault came from (no headers kept). */
export interface FaultContext {
  reqId: string;
  method: string;
  url: string;
}

/**
 * Reports a fault no request handler caught (process/faultPolicy.ts): same scrubbing, the request
 * it came from when known (method and masked URL, no headers: the context keeps none). Resolves
 * once sent; rejects if not delivered, so the worker can log that before it exits.
 */
export type ProcessFaultReporter = (error: unknown, context: FaultContext | undefined) => Promise<void>;

export function createProcessFaultReporter(
  dsn: string,
  env: string,
  send: typeof fetch = fetch,
): ProcessFaultReporter {
  parseDsn(dsn);
  return (error, context) =>
    postEvent(dsn, send, {
      ...baseEvent(error, env, 'process fault', 'none'),
      ...(context
        ? {
            request: { method: context.method, url: maskQuery(context.url) },
            extra: { reqId: context.reqId },
          }
        : {}),
    });
}
