// The slider answer's plausibility rules, one by one (docs/product-rules.md "Slider captcha", WCAG 2.5.7).
import { describe, expect, it } from 'vitest';
import { CaptchaPuzzle } from '../../../src/contract/api/accounts';
import { Limits } from '../../../src/contract/limits';
import { checkSliderAnswer } from '../../../src/server/security/captcha/answerCheck';
import { humanTrail, keyboardAnswer } from './support/accountsClient';

const GAP = 150;
const tol = Limits.captcha.tolerancePx;

describe('slider answer check', () => {
  it('accepts a human drag within the tolerance on both sides, and refuses one pixel beyond', () => {
    expect(checkSliderAnswer({ x: GAP + tol, trail: humanTrail(GAP + tol) }, GAP)).toEqual({ ok: true });
    expect(checkSliderAnswer({ x: GAP - tol, trail: humanTrail(GAP - tol) }, GAP)).toEqual({ ok: true });
    expect(checkSliderAnswer({ x: GAP + tol + 1, trail: humanTrail(GAP + tol + 1) }, GAP)).toEqual({
      ok: false,
      reason: 'position',
    });
    expect(checkSliderAnswer({ x: GAP - tol - 1, trail: humanTrail(GAP - tol - 1) }, GAP)).toEqual({
      ok: false,
      reason: 'position',
    });
  });

  it('refuses a trail that ends elsewhere than the answer', () => {
    expect(checkSliderAnswer({ x: GAP, trail: humanTrail(GAP - 40) }, GAP)).toEqual({
      ok: false,
      reason: 'trailEnd',
    });
  });

  it('refuses a straight line at constant speed (a script), but accepts a straight line with speed changes', () => {
    const robot = Array.from({ length: 11 }, (_, i) => ({ x: (GAP / 10) * i, y: 0, t: i * 30 }));
    expect(checkSliderAnswer({ x: GAP, trail: robot }, GAP)).toEqual({ ok: false, reason: 'robotic' });
    const steady = humanTrail(GAP).map((p) => ({ ...p, y: 0 }));
    expect(checkSliderAnswer({ x: GAP, trail: steady }, GAP)).toEqual({ ok: true });
    // A wobbling hand on a clock that ticks exactly every 30 ms is still a script (issue 22 §2).
    const wobbly = robot.map((p, i) => ({ ...p, y: i % 2 }));
    expect(checkSliderAnswer({ x: GAP, trail: wobbly }, GAP)).toEqual({ ok: false, reason: 'robotic' });
    const unevenClock = wobbly.map((p, i) => ({ ...p, t: p.t + (i % 3) * 4 }));
    expect(checkSliderAnswer({ x: GAP, trail: unevenClock }, GAP)).toEqual({ ok: true });
  });

  it("refuses what the attacker's eased drag gave away: an even clock, a jump, a late start, a blink (issue 22)", () => {
    const eased = Array.from({ length: 31 }, (_, i) => ({
      x: ((1 - Math.cos((Math.PI * i) / 30)) / 2) * GAP,
      y: Math.sin(i) * 2,
      t: i * 16,
    }));
    expect(checkSliderAnswer({ x: GAP, trail: eased }, GAP)).toEqual({ ok: false, reason: 'robotic' });
    const jump = [
      { x: 0, y: 0, t: 0 },
      { x: 2, y: 1, t: 60 },
      { x: 4, y: 1, t: 130 },
      { x: 6, y: 0, t: 190 },
      { x: GAP - 3, y: 1, t: 260 },
      { x: GAP, y: 0, t: 340 },
    ];
    expect(checkSliderAnswer({ x: GAP, trail: jump }, GAP)).toEqual({ ok: false, reason: 'robotic' });
    const lateStart = humanTrail(GAP).map((p) => ({ ...p, x: Math.max(p.x, 40) }));
    expect(checkSliderAnswer({ x: GAP, trail: lateStart }, GAP)).toEqual({ ok: false, reason: 'robotic' });
    const blink = humanTrail(GAP).map((p) => ({ ...p, t: p.t / 4 }));
    expect(checkSliderAnswer({ x: GAP, trail: blink }, GAP)).toEqual({ ok: false, reason: 'tooFast' });
    const fivePoints = humanTrail(GAP).filter((_, i) => i % 4 === 0 || i === 14);
    expect(fivePoints).toHaveLength(5);
    expect(checkSliderAnswer({ x: GAP, trail: fivePoints }, GAP)).toEqual({
      ok: false,
      reason: 'tooFewPoints',
    });
  });

  it('refuses a drag faster than a hand, time going backwards, and too few points', () => {
    const fast = humanTrail(GAP).map((p, i) => ({ ...p, t: i * 5 }));
    expect(checkSliderAnswer({ x: GAP, trail: fast }, GAP)).toEqual({ ok: false, reason: 'tooFast' });
    const backwards = humanTrail(GAP);
    backwards[5]!.t = backwards[3]!.t - 1;
    expect(checkSliderAnswer({ x: GAP, trail: backwards }, GAP)).toEqual({ ok: false, reason: 'time' });
    const twoPoints = [
      { x: 0, y: 0, t: 0 },
      { x: GAP, y: 1, t: 500 },
    ];
    expect(checkSliderAnswer({ x: GAP, trail: twoPoints }, GAP)).toEqual({
      ok: false,
      reason: 'tooFewPoints',
    });
  });

  it('accepts arrow-key steps and refuses positions no key reaches', () => {
    const keys = keyboardAnswer(GAP);
    expect(checkSliderAnswer(keys, GAP)).toEqual({ ok: true });
    const offGrid = {
      x: GAP,
      keyboard: true,
      trail: [
        { x: 0, y: 0, t: 0 },
        { x: 41, y: 0, t: 100 },
        { x: 91, y: 0, t: 200 },
        { x: GAP, y: 0, t: 300 },
      ],
    };
    expect(checkSliderAnswer(offGrid, GAP)).toEqual({ ok: false, reason: 'keySteps' });
  });

  it('accepts the ends (Home / End) and a first key press in the same millisecond as the start', () => {
    const end = CaptchaPuzzle.width - CaptchaPuzzle.pieceSize;
    const trail = [
      { x: 0, y: 0, t: 0 },
      { x: 20, y: 0, t: 0 },
      { x: end, y: 0, t: 150 },
      { x: end - 20, y: 0, t: 300 },
    ];
    expect(checkSliderAnswer({ x: end - 20, keyboard: true, trail }, end - 20)).toEqual({ ok: true });
  });

  it('needs a few key presses over a human time, and time never running backwards', () => {
    const step = CaptchaPuzzle.keyboardLargeStepPx;
    const two = {
      x: 2 * step,
      keyboard: true,
      trail: [
        { x: 0, y: 0, t: 0 },
        { x: step, y: 0, t: 100 },
        { x: 2 * step, y: 0, t: 200 },
      ],
    };
    expect(checkSliderAnswer(two, 2 * step)).toEqual({ ok: false, reason: 'tooFewPoints' });
    const instant = keyboardAnswer(GAP);
    instant.trail.forEach((p, i) => (p.t = i));
    expect(checkSliderAnswer(instant, GAP)).toEqual({ ok: false, reason: 'tooFast' });
    const keys = keyboardAnswer(GAP);
    keys.trail[2]!.t = keys.trail[1]!.t - 1;
    expect(checkSliderAnswer(keys, GAP)).toEqual({ ok: false, reason: 'time' });
  });
});
