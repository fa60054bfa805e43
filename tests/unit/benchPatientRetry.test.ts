// The benches' patient client (bench/support/patientRetry.ts): what it repeats, for how long, and
// what it hands back at once. The resilience figures (no failed journey, no lost write) rest on it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendPatiently, waitBeforeRepeat } from '../../bench/support/patientRetry';
import { Codes } from '../../src/contract/codes';

const POLICY = { pauseMs: 200, forMs: 30_000, rateLimitedForMs: 150_000 };

describe('waitBeforeRepeat', () => {
  it('repeats a 503 at once, waits out 429 and "still being processed" as told, keeps the rest', () => {
    expect(waitBeforeRepeat({ status: 503 })).toBe(0);
    expect(waitBeforeRepeat({ status: 429, retryAfterMs: 4000 })).toBe(4000);
    expect(waitBeforeRepeat({ status: 409, code: Codes.requestInProgress.code, retryAfterMs: 500 })).toBe(
      500,
    );
    // A conflict that is not "in progress" (an edited draft) is the answer.
    expect(waitBeforeRepeat({ status: 409, code: Codes.idempotencyKeyReused.code })).toBeNull();
    expect(waitBeforeRepeat({ status: 200 })).toBeNull();
    expect(waitBeforeRepeat({ status: 422 })).toBeNull();
    expect(waitBeforeRepeat({ status: 500 })).toBeNull();
  });
});

describe('sendPatiently', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a cut call again until it is answered, and says it retried', async () => {
    let tries = 0;
    const send = () => (++tries < 3 ? Promise.reject(new Error('socket hang up')) : Promise.resolve(200));
    const done = sendPatiently(send, (status) => ({ status }), POLICY);
    await vi.runAllTimersAsync();
    await expect(done).resolves.toEqual({ answer: 200, retried: true });
    expect(tries).toBe(3);
  });

  it('waits at least the server retryAfterMs before the next try', async () => {
    const sentAt: number[] = [];
    const answers = [429, 200];
    const send = () => (sentAt.push(Date.now()), Promise.resolve(answers.shift()!));
    const done = sendPatiently(send, (status) => ({ status, retryAfterMs: 5000 }), POLICY);
    await vi.runAllTimersAsync();
    await expect(done).resolves.toEqual({ answer: 200, retried: true });
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(5000);
  });

  it('a final answer returns at once, without a retry', async () => {
    const send = vi.fn(() => Promise.resolve(422));
    await expect(sendPatiently(send, (status) => ({ status }), POLICY)).resolves.toEqual({
      answer: 422,
      retried: false,
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('gives a cut call up after forMs, with its error', async () => {
    const done = sendPatiently(
      () => Promise.reject(new Error('ECONNREFUSED')),
      () => ({ status: 0 }),
      POLICY,
    );
    const outcome = expect(done).rejects.toThrow('ECONNREFUSED');
    await vi.advanceTimersByTimeAsync(POLICY.forMs + 1000);
    await outcome;
  });

  it('hands back a 429 whose wait would end after rateLimitedForMs', async () => {
    const send = vi.fn(() => Promise.resolve(429));
    const done = sendPatiently(
      send,
      (status) => ({ status, retryAfterMs: POLICY.rateLimitedForMs + 1 }),
      POLICY,
    );
    await expect(done).resolves.toEqual({ answer: 429, retried: false });
  });
});
