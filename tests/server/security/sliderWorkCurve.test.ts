// Issue 29 §1: the proof of work's price list (src/server/security/captcha/workCurve.ts). A person's
// first puzzles are level 0; past that, the one who asks pays double per doubling of their asking;
// a flood on the portal or one email adds at most two levels for everybody, and never refuses.
import { describe, expect, it } from 'vitest';
import {
  addressLevel,
  combinedLevel,
  sharedLevel,
  WorkCurve,
  workOf,
} from '../../../src/server/security/captcha/workCurve';

describe('the work curve', () => {
  it('an address pays level 0 for its first puzzles, then one level per doubling', () => {
    const free = WorkCurve.address.free;
    expect([1, free].map(addressLevel)).toEqual([0, 0]);
    expect([free + 1, free * 2, free * 2 + 1, free * 4, free * 8 + 1].map(addressLevel)).toEqual([
      1, 1, 2, 2, 4,
    ]);
  });

  it('shared pressure adds nothing below 1, one level from 1, two from 2, and never more', () => {
    expect([0, 0.99, 1, 1.99, 2, 50, Infinity].map(sharedLevel)).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expect(sharedLevel(Number.NaN)).toBe(0);
  });

  it('the address or what it owes, plus the shared levels, capped', () => {
    expect(combinedLevel({ address: 1, owed: 2, shared: 1 })).toBe(3);
    expect(combinedLevel({ address: 3, owed: 0, shared: 0 })).toBe(3);
    expect(combinedLevel({ address: 9, owed: 0, shared: 2 })).toBe(WorkCurve.maxLevel);
  });

  it('each level doubles the largest counter; the scale shrinks it but never below one attempt', () => {
    expect(workOf(0)).toEqual({ cost: WorkCurve.cost, maxCounter: WorkCurve.maxCounter });
    expect(workOf(3).maxCounter).toBe(WorkCurve.maxCounter * 8);
    expect(workOf(0, 0.01).maxCounter).toBe(Math.round(WorkCurve.maxCounter * 0.01));
    expect(workOf(0, 0.0001).maxCounter).toBe(1);
  });
});
