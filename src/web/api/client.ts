// The one HTTP client of the web app (spec §7, §8), on redaxios. Every call goes through `request`:
// headers, prefix, timeout, cancellation, envelope handling, toasts and failure reports live here
// and nowhere else. The app's wired instance is in ./api.ts; tests build their own with real deps.
import redaxios from 'redaxios';
import {
  messageFor,
  messageForCode,
  SESSION_INVALID_CODES,
  SILENT_CODES,
  SUCCESS_CODE,
} from '../../contract/codes';
import { LANGUAGE_HEADER, languageHeaderFor, type Envelope, type Locale } from '../../contract/envelope';
import { normaliseErrorCode } from '../../contract/errorCode';
import { isErrorStatus, isSuccessStatus } from '../../contract/httpStatus';
import { Limits } from '../../contract/limits';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_METHODS } from '../../contract/idempotency';
import { fetchWithRetry, newIdempotencyKey } from './writeRetry';
import { labelFailure, type ApiFailureReporter } from './apiFailure';
import { RequestCancelledError, type RequestRegistry } from './requestRegistry';
import type { SessionGate } from './sessionGate';
import { TransportFailureError } from './transportFailure';

/** Spec §4: the exact rejection while a session invalidation is in progress. */
export const TOKEN_INVALID_MESSAGE = 'Token已失效，取消请求';
/** Cancellation by the caller (a page that unmounts, react-query dropping a query). */
export const REQUEST_CANCELLED_MESSAGE = 'request cancelled';

export const DEFAULT_PREFIX = '/plat';
export const NO_PREFIX = 'NONE';

export interface RequestOptions {
  /** Path prefix; '/plat' when absent, none when 'NONE' (spec §7). */
  prefix?: string;
  /**
   * The calling page handles every answer itself and receives the raw envelope (spec §8). With no
   * answer at all (connection failed, timeout) the call rejects with a TransportFailureError.
   */
  isPageHandle?: boolean;
  /** Cancels this request. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * What a call resolves to: the data (or false on failure), or the raw envelope with isPageHandle.
 * A cancellation always rejects (RequestCancelledError); a transport failure rejects only with
 * isPageHandle (TransportFailureError), otherwise it toasts and resolves to false.
 */
export type ApiResult<T, O> = O extends { isPageHandle: true } ? Envelope<T> : T | false;

export type FormFields = Record<string, string | number | boolean | null | undefined>;
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiClientDeps {
  /** Origin the paths are resolved against; '' in the browser (same origin). */
  baseURL: string;
  getToken(): string | null;
  getLocale(): Locale;
  toast(message: string): void;
  gate: SessionGate;
  registry: RequestRegistry;
  report: ApiFailureReporter;
  timeoutMs?: number;
  /** Pauses before a cut write is sent again with its key (default Limits.idempotency.retryDelaysMs). */
  writeRetryDelaysMs?: readonly number[];
}

interface CallSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: QueryParams;
  body?: unknown;
  encoding: 'json' | 'form' | 'none';
  binary?: boolean;
}

export function withPrefix(url: string, prefix: string | undefined): string {
  if (prefix === NO_PREFIX || /^https?:\/\//.test(url)) return url;
  const p = (prefix ?? DEFAULT_PREFIX).replace(/\/+$/, '');
  return `${p}${url.startsWith('/') ? url : `/${url}`}`;
}

function definedEntries(record: Record<string, unknown> | undefined): [string, string][] {
  return Object.entries(record ?? {})
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, String(v)]);
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

async function readBody(response: { data: unknown; headers?: Headers }, binary: boolean): Promise<unknown> {
  if (!binary) return response.data;
  // A binary call answered with JSON carries an envelope (an error), not the document.
  const type = response.headers?.get?.('content-type') ?? '';
  // Duck-typed: the fetch in use may come from another realm than this window's Blob.
  const data = response.data as Partial<Blob> | null;
  if (type.includes('application/json') && typeof data?.text === 'function') {
    try {
      return JSON.parse(await data.text()) as unknown;
    } catch {
      return response.data;
    }
  }
  return response.data;
}

export function createApiClient(deps: ApiClientDeps) {
  const timeoutMs = deps.timeoutMs ?? Limits.request.timeoutMs;
  const writeRetryDelaysMs = deps.writeRetryDelaysMs ?? Limits.idempotency.retryDelaysMs;

  const defaultMessage = () => messageFor('internal', deps.getLocale());

  async function request<T, O extends RequestOptions>(spec: CallSpec, options?: O): Promise<ApiResult<T, O>> {
    type R = ApiResult<T, O>;
    const pageHandles = options?.isPageHandle === true;
    if (deps.gate.isRejectingRequests()) throw new RequestCancelledError(TOKEN_INVALID_MESSAGE);

    const url = withPrefix(spec.url, options?.prefix);
    const controller = new AbortController();
    const release = deps.registry.track(controller);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, timeoutMs);
    const callerSignal = options?.signal;
    const onCallerAbort = () => controller.abort(new RequestCancelledError(REQUEST_CANCELLED_MESSAGE));
    if (callerSignal?.aborted) onCallerAbort();
    callerSignal?.addEventListener('abort', onCallerAbort);

    const token = deps.getToken();
    // A write carries a key, kept across its retries: the server applies it at most once.
    const isWrite = IDEMPOTENT_METHODS.includes(spec.method);
    const headers: Record<string, string> = {
      [LANGUAGE_HEADER]: languageHeaderFor(deps.getLocale()),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(isWrite ? { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } : {}),
      ...options?.headers,
    };
    const data =
      spec.encoding === 'form'
        ? new URLSearchParams(definedEntries(spec.body as FormFields))
        : spec.encoding === 'json'
          ? (spec.body ?? {})
          : undefined;
    const failureBase = { method: spec.method, url, params: spec.params, body: spec.body };

    try {
      const response = await redaxios<unknown>({
        url: `${deps.baseURL}${url}`,
        method: spec.method,
        headers,
        params: spec.params ? new URLSearchParams(definedEntries(spec.params)) : undefined,
        data,
        responseType: spec.binary ? 'blob' : 'text',
        // Every HTTP status is answered with an envelope; this module decides what is a failure.
        validateStatus: () => true,
        // redaxios has no `signal`: the fetch it calls gets ours, for cancellation and the timeout.
        // A write cut on the way (no answer) is sent again with its key, as is one the server says
        // is still running elsewhere; a read is left to its caller (react-query retries reads).
        fetch: (input: RequestInfo | URL, init?: RequestInit) =>
          isWrite
            ? fetchWithRetry(input, { ...init, signal: controller.signal }, writeRetryDelaysMs)
            : fetch(input, { ...init, signal: controller.signal }),
      });
      const status = response.status;
      const body = await readBody(response, spec.binary === true);

      if (!isEnvelope(body)) {
        if (isSuccessStatus(status)) return body as R;
        const label = labelFailure({ status });
        if (label) deps.report({ ...failureBase, label, status });
        if (pageHandles) return { code: status, msg: defaultMessage(), data: null } as R;
        deps.toast(defaultMessage());
        return false as R;
      }

      const code = normaliseErrorCode(body.code);
      if (code === SUCCESS_CODE) return (pageHandles ? { ...body, code } : body.data) as R;

      if (typeof code === 'number' && SESSION_INVALID_CODES.has(code)) {
        // The session machine shows the message, cancels the rest and logs out (spec §4).
        deps.gate.reportSessionInvalid(code);
        return (pageHandles ? body : false) as R;
      }
      if (typeof code === 'number' && SILENT_CODES.has(code)) return (pageHandles ? body : false) as R;

      const label = labelFailure({ status: isErrorStatus(status) ? status : undefined });
      if (label) deps.report({ ...failureBase, label, status, code });
      if (pageHandles) return body as R;
      const mapped = typeof code === 'number' ? messageForCode(code, deps.getLocale()) : undefined;
      deps.toast(body.msg || mapped || defaultMessage());
      return false as R;
    } catch {
      if (controller.signal.aborted && !timedOut) {
        const reason: unknown = controller.signal.reason;
        throw reason instanceof RequestCancelledError
          ? reason
          : new RequestCancelledError(REQUEST_CANCELLED_MESSAGE);
      }
      deps.report({ ...failureBase, label: timedOut ? 'interface timeout' : 'call exception' });
      // No envelope to hand over: the page's flow takes its error branch and explains it there.
      if (pageHandles) throw new TransportFailureError(spec.method, url, timedOut);
      deps.toast(defaultMessage());
      return false as R;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      release();
    }
  }

  return {
    /** GET with query parameters. */
    get<T, O extends RequestOptions = RequestOptions>(url: string, params?: QueryParams, options?: O) {
      return request<T, O>({ method: 'GET', url, params, encoding: 'none' }, options);
    },
    /** POST with a JSON body. */
    post<T, O extends RequestOptions = RequestOptions>(url: string, body?: unknown, options?: O) {
      return request<T, O>({ method: 'POST', url, body, encoding: 'json' }, options);
    },
    /** POST, form-encoded (application/x-www-form-urlencoded). */
    postForm<T, O extends RequestOptions = RequestOptions>(url: string, fields: FormFields, options?: O) {
      return request<T, O>({ method: 'POST', url, body: fields, encoding: 'form' }, options);
    },
    /** POST with a JSON body, answered by a binary stream (a document or an image). */
    postBinary<O extends RequestOptions = RequestOptions>(url: string, body?: unknown, options?: O) {
      return request<Blob, O>({ method: 'POST', url, body, encoding: 'json', binary: true }, options);
    },
    /** PUT, form-encoded. */
    putForm<T, O extends RequestOptions = RequestOptions>(url: string, fields: FormFields, options?: O) {
      return request<T, O>({ method: 'PUT', url, body: fields, encoding: 'form' }, options);
    },
    /** DELETE with a JSON body. */
    delete<T, O extends RequestOptions = RequestOptions>(url: string, body?: unknown, options?: O) {
      return request<T, O>({ method: 'DELETE', url, body, encoding: 'json' }, options);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
