// What leaves the browser for the error service (spec §7, docs/product-rules.md): no cookie, sid or userid
// header, no parameter value. Pure; used by beforeSend and beforeSendTransaction, and 403 dropped.
import { HttpStatus } from '../../contract/httpStatus';

export const MASK = '***';
export const STRIPPED_HEADERS = ['cookie', 'sid', 'userid'] as const;

/** Every leaf value replaced by the mask; keys and shape kept so the report stays readable. */
export function maskValues(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map(maskValues);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskValues(v)]),
    );
  }
  return MASK;
}

/** 'a=1&b=2' → 'a=***&b=***'. */
export function maskQueryString(query: string): string {
  const leading = query.startsWith('?') ? '?' : '';
  const body = leading ? query.slice(1) : query;
  if (!body) return query;
  return (
    leading +
    body
      .split('&')
      .map((pair) => {
        const key = pair.split('=')[0] ?? '';
        return `${key}=${MASK}`;
      })
      .join('&')
  );
}

/** Masks the query values of a URL, absolute or relative; the hash goes. */
export function maskUrl(url: string): string {
  const [beforeHash] = url.split('#');
  const base = beforeHash ?? '';
  const q = base.indexOf('?');
  if (q < 0) return base;
  return `${base.slice(0, q)}${maskQueryString(base.slice(q))}`;
}

function stripHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!headers) return headers;
  const stripped = STRIPPED_HEADERS as readonly string[];
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !stripped.includes(name.toLowerCase())),
  );
}

function maskBody(data: unknown): unknown {
  if (typeof data !== 'string') return maskValues(data);
  try {
    return maskValues(JSON.parse(data));
  } catch {
    return data.includes('=') ? maskQueryString(data) : MASK;
  }
}

interface ScrubbableRequest {
  url?: string;
  headers?: Record<string, string>;
  cookies?: unknown;
  query_string?: unknown;
  data?: unknown;
  [key: string]: unknown;
}

interface ScrubbableEvent {
  request?: ScrubbableRequest;
  breadcrumbs?: Array<{ data?: Record<string, unknown>; [key: string]: unknown }>;
  contexts?: Record<string, Record<string, unknown> | undefined>;
  spans?: Array<{ data?: Record<string, unknown>; description?: string; [key: string]: unknown }>;
  tags?: Record<string, unknown>;
  [key: string]: unknown;
}

function scrubRequest(request: ScrubbableRequest): ScrubbableRequest {
  const { cookies: _cookies, ...rest } = request;
  const out: ScrubbableRequest = { ...rest, headers: stripHeaders(request.headers) };
  if (out.headers === undefined) delete out.headers;
  if (typeof request.url === 'string') out.url = maskUrl(request.url);
  if (request.query_string !== undefined) {
    out.query_string =
      typeof request.query_string === 'string'
        ? maskQueryString(request.query_string)
        : maskValues(request.query_string);
  }
  if (request.data !== undefined) out.data = maskBody(request.data);
  return out;
}

function scrubData(data: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!data) return data;
  const out = { ...data };
  for (const key of ['url', 'http.url', 'to', 'from']) {
    if (typeof out[key] === 'string') out[key] = maskUrl(out[key]);
  }
  if (typeof out['http.query'] === 'string') out['http.query'] = maskQueryString(out['http.query']);
  return out;
}

/** A copy of the event with the headers stripped and the parameter values masked. */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const out: E = { ...event };
  if (event.request) out.request = scrubRequest(event.request);
  if (event.breadcrumbs) out.breadcrumbs = event.breadcrumbs.map((b) => ({ ...b, data: scrubData(b.data) }));
  if (event.spans) {
    out.spans = event.spans.map((s) => ({
      ...s,
      data: scrubData(s.data),
      ...(typeof s.description === 'string' ? { description: maskUrl(s.description) } : {}),
    }));
  }
  const api = event.contexts?.api;
  if (api) {
    out.contexts = {
      ...event.contexts,
      api: {
        ...api,
        url: maskUrl(typeof api.url === 'string' ? api.url : ''),
        params: maskValues(api.params),
        body: maskBody(api.body),
      },
    };
  }
  return out;
}

/** HTTP 403 is never reported (spec §6). */
export function isForbidden(event: ScrubbableEvent): boolean {
  const forbidden = (status: unknown) => Number(status) === HttpStatus.forbidden;
  return forbidden(event.tags?.status) || forbidden(event.contexts?.api?.status);
}

/** beforeSend / beforeSendTransaction: drop 403, scrub the rest. */
export function prepareForSending<E extends object>(event: E): E | null {
  // Sentry's event types are wider than what this module touches; it only reads the parts above.
  const scrubbable = event as unknown as ScrubbableEvent;
  return isForbidden(scrubbable) ? null : (scrubEvent(scrubbable) as unknown as E);
}
