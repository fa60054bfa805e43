// Sending a write again (issue 17 §5). A write whose connection failed before any answer may or may
// not have been applied; with its Idempotency-Key the server applies it at most once, so the client
// can simply send it again: after each pause in `delaysMs`, then it gives up and the caller shows the
// spec's network message. An answer "still being processed" (409 requestInProgress: the first try is
// running on another worker) is waited for as long as its Retry-After says, within the same request's
// timeout (the signal). Cancellation and the timeout end the retries at once.
import { Codes } from '../../contract/codes';
import { HttpStatus } from '../../contract/httpStatus';
import { Limits, Time } from '../../contract/limits';

/** 128 random bits, hex. getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function pause(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Milliseconds to wait when the answer is "the first try is still running", else null. */
async function stillRunningFor(response: Response): Promise<number | null> {
  if (response.status !== HttpStatus.conflict) return null;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    if (body.code !== Codes.requestInProgress.code) return null;
  } catch {
    return null;
  }
  const seconds = Number(response.headers.get('retry-after'));
  const ms =
    Number.isFinite(seconds) && seconds > 0 ? seconds * Time.SECOND : Limits.idempotency.renewEveryMs;
  return Math.min(ms, Limits.idempotency.leaseMs);
}

export async function fetchWithRetry(
  input: RequestInfo | URL,
  init: RequestInit,
  delaysMs: readonly number[],
): Promise<Response> {
  let cuts = 0;
  for (;;) {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      if (init.signal?.aborted || cuts >= delaysMs.length) throw error;
      await pause(delaysMs[cuts++]!, init.signal);
      continue;
    }
    const wait = await stillRunningFor(response);
    if (wait === null) return response;
    await pause(wait, init.signal);
  }
}
