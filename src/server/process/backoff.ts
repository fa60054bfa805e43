// When to replace a worker that ended (issue 17 §2): at once if it had run for a stable period,
// otherwise after a delay that doubles with each quick death in a row, up to a bound. A worker that
// dies as it starts (a bad release, a database gone) is retried ever more slowly, never in a spin,
// and never given up on: the portal comes back by itself once the cause is gone.
export interface BackoffSettings {
  /** The delay after the second quick death in a row (the first is replaced at once). */
  baseMs: number;
  maxMs: number;
  /** A worker that served (listened) this long resets the count. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 250, maxMs: 30_000, stableMs: 10_000 };

export interface RestartPlan {
  delayMs: number;
  /** Quick deaths in a row, this one included: pass it back next time. */
  streak: number;
}

export function planRestart(
  streak: number,
  livedMs: number,
  s: BackoffSettings = DEFAULT_BACKOFF,
): RestartPlan {
  const before = livedMs >= s.stableMs ? 0 : streak;
  const delayMs = before === 0 ? 0 : Math.min(s.maxMs, s.baseMs * 2 ** (before - 1));
  return { delayMs, streak: before + 1 };
}
