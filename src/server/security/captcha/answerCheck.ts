// Whether a slider answer is right and looks like a person made it (docs/product-rules.md "Slider captcha").
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
  | {
      ok: false;
      reason: 'position' | 'trailEnd' | 'time' | 'tooFast' | 'tooFewPoints' | 'robotic' | 'keySteps';
    };

const tolerance = Limits.captcha.tolerancePx;

/** Time never runs backwards; equal stamps happen (events within one millisecond, rounded). */
function timeMovesForward(trail: TrailPoint[]): boolean {
  return trail.every((p, i) => i === 0 || p.t >= trail[i - 1]!.t);
}

function lastsLongEnough(trail: TrailPoint[]): boolean {
  return trail.at(-1)!.t - trail[0]!.t >= CaptchaPuzzle.minDragMs;
}

/**
 * Issue 22 §2 — what a scripted eased drag gave away, each a rule a hand meets without trying:
 * - it starts where the piece starts (x = 0) and has a handful of points, over a hand's time;
 * - its clock ticks unevenly: a script stamps points every k ms exactly, while a browser's pointer
 *   events, rounded to the millisecond, never keep one interval for a whole drag;
 * - it has no jump across most of the way in one step.
 * A careful script can imitate all of this; the rules only make the cheap scripts fail. What stops
 * the rest is the picture (decoy gaps) and the limits behind the captcha (docs/decisions/security.md "What can the slider puzzle stop?").
 */
function checkHandMotion(trail: TrailPoint[], x: number): AnswerVerdict {
  if (trail.length < Limits.captcha.minMousePoints) return { ok: false, reason: 'tooFewPoints' };
  if (trail.at(-1)!.t - trail[0]!.t < Limits.captcha.minMouseDragMs) return { ok: false, reason: 'tooFast' };
  if (Math.abs(trail[0]!.x) > tolerance) return { ok: false, reason: 'robotic' };
  const intervals = new Set(trail.slice(1).map((p, i) => p.t - trail[i]!.t));
  if (intervals.size < 2) return { ok: false, reason: 'robotic' };
  const longestStep = Math.max(...trail.slice(1).map((p, i) => Math.abs(p.x - trail[i]!.x)));
  if (x > 0 && longestStep > x * Limits.captcha.maxStepShare) return { ok: false, reason: 'robotic' };
  return { ok: true };
}

function checkMouseTrail(trail: TrailPoint[], x: number): AnswerVerdict {
  if (trail.length < 3) return { ok: false, reason: 'tooFewPoints' };
  if (!timeMovesForward(trail)) return { ok: false, reason: 'time' };
  if (!lastsLongEnough(trail)) return { ok: false, reason: 'tooFast' };
  const motion = checkHandMotion(trail, x);
  if (!motion.ok) return motion;
  const ys = trail.map((p) => p.y);
  const straight = Math.max(...ys) - Math.min(...ys) < 0.5;
  const speeds = trail
    .slice(1)
    .map((p, i) => ({ dx: p.x - trail[i]!.x, dt: p.t - trail[i]!.t }))
    .filter((s) => s.dt > 0)
    .map((s) => s.dx / s.dt);
  const mean = speeds.reduce((a, b) => a + b, 0) / Math.max(1, speeds.length);
  const spread = Math.sqrt(speeds.reduce((a, s) => a + (s - mean) ** 2, 0) / Math.max(1, speeds.length));
  // A hand never holds the speed to within 2 %, nor the height to half a pixel, for a whole drag.
  const constantSpeed = mean === 0 || spread / Math.abs(mean) < 0.02;
  if (straight && constantSpeed) return { ok: false, reason: 'robotic' };
  return { ok: true };
}

/** Where arrow keys, Page keys, Home and End can put the piece: the key grid and the two ends. */
function onKeyGrid(x: number): boolean {
  const max = CaptchaPuzzle.width - CaptchaPuzzle.pieceSize;
  const onGrid =
    Math.abs(x / CaptchaPuzzle.keyboardStepPx - Math.round(x / CaptchaPuzzle.keyboardStepPx)) < 1e-6;
  return (onGrid && x >= 0 && x <= max) || x === max;
}

function checkKeyboardTrail(trail: TrailPoint[]): AnswerVerdict {
  if (trail.length - 1 < CaptchaPuzzle.minKeyPresses) return { ok: false, reason: 'tooFewPoints' };
  if (!timeMovesForward(trail)) return { ok: false, reason: 'time' };
  if (!lastsLongEnough(trail)) return { ok: false, reason: 'tooFast' };
  // The page may thin a long trail, so positions are judged rather than the steps between them.
  return trail.every((p) => onKeyGrid(p.x)) ? { ok: true } : { ok: false, reason: 'keySteps' };
}

export function checkSliderAnswer(answer: SliderAnswer, gapX: number): AnswerVerdict {
  if (Math.abs(answer.x - gapX) > tolerance) return { ok: false, reason: 'position' };
  // The trajectory must end where the piece was let go.
  if (Math.abs(answer.trail.at(-1)!.x - answer.x) > tolerance) return { ok: false, reason: 'trailEnd' };
  return answer.keyboard ? checkKeyboardTrail(answer.trail) : checkMouseTrail(answer.trail, answer.x);
}
