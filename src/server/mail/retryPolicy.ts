// When a failed delivery is tried again: exponential backoff with jitter (so a fleet of rows that
// failed in the same outage does not hit the server again in the same second), capped, and a
// limit after which the row is marked 'failed' (kept in the table, never deleted).
export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

/** ~10 attempts spread over about 4 hours before a row is given up on. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 10,
};

/**
 * Delay before attempt `attempts + 1`, after `attempts` failed ones (≥ 1). "Equal jitter": half of
 * the exponential step is fixed, half random, so retries never collapse to zero delay.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempts: number,
  random: () => number = Math.random,
): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  const step = Math.min(policy.maxDelayMs, exponential);
  return Math.round(step / 2 + random() * (step / 2));
}

export function isGivenUp(policy: RetryPolicy, attempts: number): boolean {
  return attempts >= policy.maxAttempts;
}
