// The one countdown (issue 19 §3): the registration's resend button and the QR dialog both draw it.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMinutesSeconds, secondsUntil, useSecondsLeft } from '../../../src/web/shell/useSecondsLeft';

describe('secondsUntil', () => {
  it('rounds up, so the last millisecond still reads 1, and never goes below 0', () => {
    expect(secondsUntil(60_000, 0)).toBe(60);
    expect(secondsUntil(60_000, 1)).toBe(60);
    expect(secondsUntil(60_000, 59_001)).toBe(1);
    expect(secondsUntil(60_000, 59_999)).toBe(1);
    expect(secondsUntil(60_000, 60_000)).toBe(0);
    expect(secondsUntil(60_000, 70_000)).toBe(0);
    expect(secondsUntil(null, 0)).toBe(0);
  });
});

describe('formatMinutesSeconds', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(formatMinutesSeconds(125)).toBe('2:05');
    expect(formatMinutesSeconds(600)).toBe('10:00');
    expect(formatMinutesSeconds(59)).toBe('0:59');
    expect(formatMinutesSeconds(0)).toBe('0:00');
  });
});

describe('useSecondsLeft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down once a second and stops at 0', () => {
    const { result } = renderHook(() => useSecondsLeft(1_000_000 + 3_000));
    expect(result.current).toBe(3);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(2);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(result.current).toBe(0);
  });

  it('a new deadline counts from now, not from the last tick of the old one', () => {
    const { result, rerender } = renderHook(({ deadline }) => useSecondsLeft(deadline), {
      initialProps: { deadline: null as number | null },
    });
    expect(result.current).toBe(0);
    // Time passed with no deadline (no timer ran): the new deadline must not read the stale clock.
    vi.setSystemTime(1_000_000 + 30_000);
    rerender({ deadline: 1_000_000 + 30_000 + 60_000 });
    expect(result.current).toBe(60);
  });

  it('no deadline: 0, and no timer left running', () => {
    const { result, unmount } = renderHook(() => useSecondsLeft(null));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    unmount();
  });
});
