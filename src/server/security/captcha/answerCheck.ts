// Whether a slider answer is right and looks like a person made it (DECISIONS.md "Slider captcha").
// Position: within Limits.captcha.tolerancePx of the gap. Trajectory: a mouse drag takes time and is
// not a perfectly straight line at perfectly constant speed (what a naive script sends); a keyboard
// answer (WCAG 2.5.7) is a series of arrow-key steps of the sizes the page uses.
import { CaptchaPuzzle } from '../../../contract/api/accounts';
import { Limits } from '../../../contract/limits';

export interface TrailPoint {
  x: number;
  y: number;
  t: number;
}

export interface SliderAnswer {
  x: number;
  trail: TrailPoint[];
  keyboard?: boolean | undefined;
}

export type AnswerVerdict =
  | { ok: true }
  | { ok: false; reason: 'position' | 'trailEnd' | 'time' | 'tooFast' | 'tooFewPoints' | 'robotic' | 'keySteps' };

const tolerance = Limits.captcha.tolerancePx;

function timeIncreases(trail: TrailPoint[]): boolean {
  return trail.every((p, i) => i === 0 || p.t > trail[i - 1]!.t);
}

function checkMouseTrail(trail: TrailPoint[]): AnswerVerdict {
  if (trail.length < 3) return { ok: false, reason: 'tooFewPoints' };
  if (!timeIncreases(trail)) return { ok: false, reason: 'time' };
  if (trail.at(-1)!.t - trail[0]!.t < CaptchaPuzzle.minDragMs) return { ok: false, reason: 'tooFast' };
  const ys = trail.map((p) => p.y);
  const straight = Math.max(...ys) - Math.min(...ys) < 0.5;
  const speeds = trail.slice(1).map((p, i) => (p.x - trail[i]!.x) / (p.t - trail[i]!.t));
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const spread = Math.sqrt(speeds.reduce((a, s) => a + (s - mean) ** 2, 0) / speeds.length);
  // A hand never holds the speed to within 2 %, nor the height to half a pixel, for a whole drag.
  const constantSpeed = mean === 0 || spread / Math.abs(mean) < 0.02;
  if (straight && constantSpeed) return { ok: false, reason: 'robotic' };
  return { ok: true };
}

function checkKeyboardTrail(trail: TrailPoint[]): AnswerVerdict {
  if (trail.length - 1 < CaptchaPuzzle.minKeyPresses) return { ok: false, reason: 'tooFewPoints' };
  if (!timeIncreases(trail)) return { ok: false, reason: 'time' };
  if (Math.abs(trail[0]!.x) > 0.5) return { ok: false, reason: 'keySteps' };
  const steps = [CaptchaPuzzle.keyboardStepPx, CaptchaPuzzle.keyboardLargeStepPx];
  const allKeySteps = trail
    .slice(1)
    .every((p, i) => steps.some((step) => Math.abs(Math.abs(p.x - trail[i]!.x) - step) < 0.5));
  return allKeySteps ? { ok: true } : { ok: false, reason: 'keySteps' };
}

export function checkSliderAnswer(answer: SliderAnswer, gapX: number): AnswerVerdict {
  if (Math.abs(answer.x - gapX) > tolerance) return { ok: false, reason: 'position' };
  // The trajectory must end where the piece was let go.
  if (Math.abs(answer.trail.at(-1)!.x - answer.x) > tolerance) return { ok: false, reason: 'trailEnd' };
  return answer.keyboard ? checkKeyboardTrail(answer.trail) : checkMouseTrail(answer.trail);
}
