// The server reports its own faults to Sentry when SENTRY_DSN is set (issue 3 §6), with the same
// rules as the browser: release '2.0.0', no cookie/authorization/sid/userid headers, parameter
// values masked. It posts one Sentry envelope per fault; a failure to report never affects the answer.
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

export function createFaultReporter(dsn: string, env: string, send: typeof fetch = fetch): FaultReporter {
  const { envelopeUrl, publicKey } = parseDsn(dsn);
  return (error: unknown, request: FastifyRequest) => {
    const err = error instanceof Error ? error : new Error(String(error));
    const eventId = randomUUID().replace(/-/g, '');
    const event = {
      event_id: eventId,
      timestamp: Date.now() / 1000,
      platform: 'node',
      level: 'error',
      release: ErrorReporting.release,
      environment: env,
      tags: { label: '50X server error', route: request.routeOptions?.url ?? 'unknown' },
      exception: { values: [{ type: err.name, value: err.message }] },
      request: {
        method: request.method,
        url: maskQuery(request.url),
        headers: scrubHeaders(request.headers as Record<string, unknown>),
      },
    };
    const body =
      JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn }) +
      '\n' +
      JSON.stringify({ type: 'event' }) +
      '\n' +
      JSON.stringify(event);
    send(`${envelopeUrl}?sentry_key=${encodeURIComponent(publicKey)}&sentry_version=7`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body,
    }).catch((e: unknown) => request.log.warn({ err: e }, 'fault report not delivered'));
  };
}
