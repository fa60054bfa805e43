// Small shell rules: toasts, root font scaling, mobile detection, businessInfo verdicts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Limits } from '../../src/contract/limits';
import { verdictFor } from '../../src/web/shell/businessInfoCheck';
import { isMobileDevice } from '../../src/web/shell/device';
import { rootScale } from '../../src/web/shell/rootFont';
import { createToastStore } from '../../src/web/shell/toast/toastStore';

afterEach(() => vi.useRealTimers());

describe('toasts (docs/product-rules.md: 3 s, one at a time)', () => {
  it('shows one toast, replaces it with a newer one, and hides it 3 s after the last', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.show('first');
    vi.advanceTimersByTime(2000);
    store.show('second');
    expect(store.current()?.message).toBe('second');
    vi.advanceTimersByTime(Limits.toast.durationMs - 1);
    expect(store.current()?.message).toBe('second');
    vi.advanceTimersByTime(1);
    expect(store.current()).toBeNull();
    expect(Limits.toast.durationMs).toBe(3000);
  });
});

describe('root font scaling (spec §1)', () => {
  it('desktop: 1920 design width, at least 12 px, with a body zoom factor', () => {
    expect(rootScale(1920, false)).toEqual({ fontSizePx: 16, bodyZoom: 1 });
    expect(rootScale(1440, false)).toEqual({ fontSizePx: 12, bodyZoom: 0.75 });
    expect(rootScale(800, false).fontSizePx).toBe(12);
    expect(rootScale(2560, false).fontSizePx).toBeCloseTo(21.33, 2);
  });
  it('mobile: 375 design width, at least 14 px', () => {
    expect(rootScale(375, true)).toEqual({ fontSizePx: 16, bodyZoom: 1 });
    expect(rootScale(320, true).fontSizePx).toBe(14);
    expect(rootScale(414, true).fontSizePx).toBeCloseTo(17.66, 2);
  });
});

describe('mobile detection', () => {
  const desktopUa = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148', 0, 390, true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/156.0 Mobile Safari/537.36', 5, 412, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5, 1024, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0, 1440, false],
    [desktopUa, 0, 1920, false],
    [desktopUa, 10, 600, true],
    [desktopUa, 10, 1366, false],
  ])('%s touch %i width %i → %s', (userAgent, maxTouchPoints, viewportWidth, expected) => {
    expect(isMobileDevice({ userAgent, maxTouchPoints, viewportWidth })).toBe(expected);
  });
});

describe('businessInfo verdict (spec §7)', () => {
  it('code 200 with no data means the link is invalid', () => {
    expect(verdictFor({ code: 200, msg: '', data: null })).toBe('invalid');
    expect(verdictFor({ code: 200, msg: '', data: { inviteCode: 'X1' } })).toBe('valid');
    expect(verdictFor({ code: 460001, msg: '', data: null })).toBe('unknown');
    expect(verdictFor(false)).toBe('unknown');
  });
});
