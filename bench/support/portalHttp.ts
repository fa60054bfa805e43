// JSON calls to the bench portal from a chosen source address. Every 127.x.y.z is this machine's
// loopback, so each simulated client can come from its own address, as real clients do: the
// per-IP rate limits (plugins/rateLimit.ts, counted in PostgreSQL) stay on at their production
// values and are part of what is measured, instead of being raised or switched off for the bench.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Codes } from '../../src/contract/codes';
import type { Envelope } from '../../src/contract/envelope';
import { IDEMPOTENCY_HEADER } from '../../src/contract/idempotency';
import { Limits } from '../../src/contract/limits';

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

/**
 * What a patient client does when a call fails (bench/resilience.ts sets it; unset, nothing is
 * retried), as the web client does (src/web/api/writeRetry.ts): every POST carries an
 * Idempotency-Key kept across its retries, so a call cut after it was sent — the server may or may
 * not have applied it — is simply sent again; the server repeats the first answer or runs it once.
 * A 503 (refused before any work), a 409 "still being processed" (the first try runs on another
 * worker) and a 429 (too many for now) are waited out and sent again, as a person tries again later.
 */
export interface CallRetry {
  pauseMs: number;
  forMs: number;
  /** How long a 429 may be waited out in all (the discovery ceiling's window is a minute). */
  rateLimitedForMs: number;
  /** Called once for each call that needed one or more retries and then got an answer. */
  onRetried(): void;
}

let callRetry: CallRetry | undefined;

export function setCallRetry(retry: CallRetry | undefined): void {
  callRetry = retry;
}

/** How long to wait before sending again, or null when the answer is final. */
function waitBeforeRepeat(answer: Answer<unknown>): number | null {
  if (answer.status === 503) return 0;
  if (answer.status === 409 && answer.code === Codes.requestInProgress.code) return retryAfterOf(answer);
  if (answer.status === 429) return retryAfterOf(answer);
  return null;
}

function retryAfterOf(answer: Answer<unknown>): number {
  const ms = (answer.data as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof ms === 'number' ? ms : 0;
}

/** One call to `<base>/plat<path>`; the envelope with the HTTP status. Never throws on a 4xx/5xx. */
export async function callJson<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  apiPath: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const retry = callRetry;
  const key = method === 'POST' ? randomUUID() : undefined;
  if (!retry) return callOnce<T>(base, method, apiPath, options, key);
  const deadline = Date.now() + retry.forMs;
  const rateLimitedDeadline = Date.now() + retry.rateLimitedForMs;
  // "Still being processed": the first try is alive and renewing its claim; the web client waits for
  // it within its request timeout, and so does this one.
  const inProgressDeadline = Date.now() + Limits.request.timeoutMs;
  let retried = false;
  for (;;) {
    let wait = 0;
    try {
      const answer = await callOnce<T>(base, method, apiPath, options, key);
      const before = waitBeforeRepeat(answer);
      const until =
        answer.status === 429 ? rateLimitedDeadline : answer.status === 409 ? inProgressDeadline : deadline;
      if (before === null || Date.now() + before > until) {
        if (retried) retry.onRetried();
        return answer;
      }
      wait = before;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    retried = true;
    await new Promise((r) => setTimeout(r, Math.max(wait, retry.pauseMs)));
  }
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
