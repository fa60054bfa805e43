import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGivenUp, retryDelayMs, type RetryPolicy } from '../../../src/server/mail/retryPolicy';

const policy: RetryPolicy = { baseDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 8 };

describe('outbox retry policy', () => {
  it('doubles the delay per failed attempt, with jitter in the upper half of the step', () => {
    expect(retryDelayMs(policy, 1, () => 0)).toBe(500);
    expect(retryDelayMs(policy, 1, () => 1)).toBe(1_000);
    expect(retryDelayMs(policy, 2, () => 0)).toBe(1_000);
    expect(retryDelayMs(policy, 3, () => 1)).toBe(4_000);
  });

  it('never waits longer than the cap, and never less than half a step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempts, r) => {
          const delay = retryDelayMs(policy, attempts, () => r);
          const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1));
          return delay <= policy.maxDelayMs && delay >= step / 2 && Number.isFinite(delay);
        },
      ),
    );
  });

  it('gives up after the last attempt only', () => {
    expect(isGivenUp(policy, policy.maxAttempts - 1)).toBe(false);
    expect(isGivenUp(policy, policy.maxAttempts)).toBe(true);
  });
});
