// The supervisor's restart rule (src/server/process/backoff.ts): a worker that had served a while
// is replaced at once; quick deaths in a row wait 250 ms, 500 ms, 1 s… up to 30 s.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, planRestart } from '../../../src/server/process/backoff';

describe('restart back-off', () => {
  it('doubles with each quick death, bounded, and resets after a stable period', () => {
    let streak = 0;
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const plan = planRestart(streak, 0);
      delays.push(plan.delayMs);
      streak = plan.streak;
    }
    expect(delays).toEqual([0, 250, 500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(planRestart(streak, DEFAULT_BACKOFF.stableMs)).toEqual({ delayMs: 0, streak: 1 });
    expect(planRestart(streak, DEFAULT_BACKOFF.stableMs - 1).delayMs).toBe(30000);
  });
});
