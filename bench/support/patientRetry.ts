// What a patient client does when a call fails, once for every way the benches call the portal
// (portalHttp.callJson, resilience's fetch wrapper), as the web client does (src/web/api/
// writeRetry.ts): a call cut on the way is sent again (its Idempotency-Key is the caller's, kept
// across tries); a 503 (refused before any work), a 409 "still being processed" (the first try runs
// on another worker) and a 429 (too many for now) are waited out and sent again, each within its own
// deadline, as a person tries again later.
import { Codes } from '../../src/contract/codes';
import { Limits } from '../../src/contract/limits';

export interface RetryPolicy {
  /** The least pause between two tries. */
  pauseMs: number;
  /** How long cut calls and 503s are tried again in all. */
  forMs: number;
  /** How long a 429 may be waited out in all (the discovery ceiling's window is a minute). */
  rateLimitedForMs: number;
}

/** What decides a repeat: the HTTP status, the envelope's code, the server's retryAfterMs. */
export interface AnswerFacts {
  status: number;
  code?: number;
  retryAfterMs?: number;
}

/** How long to wait before sending again, or null when the answer is final. */
export function waitBeforeRepeat(facts: AnswerFacts): number | null {
  if (facts.status === 503) return 0;
  if (facts.status === 409 && facts.code === Codes.requestInProgress.code) return facts.retryAfterMs ?? 0;
  if (facts.status === 429) return facts.retryAfterMs ?? 0;
  return null;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends until the answer is final or its deadline has passed; `retried` says whether it took more
 * than one try. A call that throws (cut, refused) after `forMs` throws to the caller.
 */
export async function sendPatiently<T>(
  send: () => Promise<T>,
  factsOf: (answer: T) => Promise<AnswerFacts> | AnswerFacts,
  policy: RetryPolicy,
): Promise<{ answer: T; retried: boolean }> {
  const started = Date.now();
  const deadline = started + policy.forMs;
  const rateLimitedDeadline = started + policy.rateLimitedForMs;
  // "Still being processed": the first try is alive and renewing its claim; the web client waits for
  // it within its request timeout, and so does this one.
  const inProgressDeadline = started + Limits.request.timeoutMs;
  let retried = false;
  for (;;) {
    let wait = 0;
    try {
      const answer = await send();
      const facts = await factsOf(answer);
      const before = waitBeforeRepeat(facts);
      const until =
        facts.status === 429 ? rateLimitedDeadline : facts.status === 409 ? inProgressDeadline : deadline;
      if (before === null || Date.now() + before > until) return { answer, retried };
      wait = before;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    retried = true;
    await pause(Math.max(wait, policy.pauseMs));
  }
}
