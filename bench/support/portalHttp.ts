// JSON calls to the bench portal from a chosen source address. Every 127.x.y.z is this machine's
// loopback, so each simulated client can come from its own address, as real clients do: the
// per-IP rate limits (plugins/rateLimit.ts, counted in PostgreSQL) stay on at their production
// values and are part of what is measured, instead of being raised or switched off for the bench.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Envelope } from '../../src/contract/envelope';
import { IDEMPOTENCY_HEADER } from '../../src/contract/idempotency';
import { sendPatiently, type RetryPolicy } from './patientRetry';

export interface Answer<T> extends Envelope<T> {
  status: number;
}

/** Hands out distinct loopback source addresses: 127.<1-254>.<0-255>.<1-254>. */
export class LoopbackAddresses {
  private next = 0;
  constructor(private readonly secondOctetFrom = 1) {}
  take(): string {
    const n = this.next++;
    const d = (n % 254) + 1;
    const c = Math.floor(n / 254) % 256;
    const b = this.secondOctetFrom + Math.floor(n / (254 * 256));
    if (b > 254) throw new Error('out of loopback addresses');
    return `127.${b}.${c}.${d}`;
  }
}

export const EN_US_HEADERS = {
  language: '1',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
} as const;

export interface CallOptions {
  /** Source address of the connection (a fresh connection per call, as a new client makes). */
  from?: string;
  token?: string;
  body?: unknown;
}

/** The retry of support/patientRetry.ts (bench/resilience.ts sets it; unset, nothing is retried). */
export interface CallRetry extends RetryPolicy {
  /** Called once for each call that needed one or more retries and then got an answer. */
  onRetried(): void;
}

let callRetry: CallRetry | undefined;

export function setCallRetry(retry: CallRetry | undefined): void {
  callRetry = retry;
}

/** One call to `<base>/plat<path>`; the envelope with the HTTP status. Never throws on a 4xx/5xx. */
export async function callJson<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  apiPath: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const retry = callRetry;
  // One key for all of this call's tries: the server runs the write once.
  const key = method === 'POST' ? randomUUID() : undefined;
  if (!retry) return callOnce<T>(base, method, apiPath, options, key);
  const { answer, retried } = await sendPatiently(
    () => callOnce<T>(base, method, apiPath, options, key),
    (a) => ({ status: a.status, code: a.code, retryAfterMs: retryAfterOf(a) }),
    retry,
  );
  if (retried) retry.onRetried();
  return answer;
}

function retryAfterOf(answer: Answer<unknown>): number | undefined {
  const ms = (answer.data as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof ms === 'number' ? ms : undefined;
}

function callOnce<T>(
  base: string,
  method: 'GET' | 'POST',
  apiPath: string,
  options: CallOptions = {},
  idempotencyKey?: string,
): Promise<Answer<T>> {
  const url = new URL(`/plat${apiPath}`, base);
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        localAddress: options.from,
        headers: {
          ...EN_US_HEADERS,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode ?? 0, ...(JSON.parse(text) as Envelope<T>) });
          } catch {
            reject(new Error(`${method} ${apiPath}: HTTP ${response.statusCode}, not JSON: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The data of a successful answer (code 200), or an error naming the call and the answer. */
export function dataOf<T>(answer: Answer<T>, what: string): T {
  if (answer.status !== 200 || answer.code !== 200)
    throw new Error(`${what}: HTTP ${answer.status}, code ${answer.code} ${answer.msg}`);
  return answer.data;
}
