// The answer a slider sends: the piece's final x and the trajectory that got it there, within the
// bounds the contract accepts (CaptchaAnswerBounds: 2–500 points, x −50…1000, y ±500, t ≤ 2 min).
import type { SliderAnswer, TrailPoint } from '../../../../machines/captcha.machine';
import { CaptchaAnswerBounds as B } from '../../../contract/limits';

const MAX_POINTS = B.maxPoints;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function trailPoint(x: number, y: number, t: number): TrailPoint {
  return {
    x: clamp(Math.round(x), B.minTrailX, B.maxX),
    y: clamp(Math.round(y), -B.maxAbsY, B.maxAbsY),
    t: clamp(Math.round(t), 0, B.maxTrailMs),
  };
}

/** Evenly thinned to at most 500 points, always keeping the first and the last. */
export function thinTrail(trail: readonly TrailPoint[]): TrailPoint[] {
  if (trail.length <= MAX_POINTS) return [...trail];
  const step = (trail.length - 1) / (MAX_POINTS - 1);
  return Array.from({ length: MAX_POINTS }, (_, i) => trail[Math.round(i * step)] as TrailPoint);
}

export function sliderAnswer(x: number, trail: readonly TrailPoint[], keyboard: boolean): SliderAnswer {
  const points = trail.length >= 2 ? thinTrail(trail) : [trailPoint(0, 0, 0), trailPoint(x, 0, 1)];
  return { x: clamp(Math.round(x), 0, B.maxX), trail: points, keyboard };
}
