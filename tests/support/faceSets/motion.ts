// Movements as poses over time. A capture's movement runs over t = 0..1: the first frame (t = 0)
// is frontal, then the movement the server asked for (FACE_CHALLENGES), in the person's own
// directions (geometry.ts states the convention: yaw > 0 is the person's left, which an unmirrored
// front camera shows as the face turning toward the image's right; pitch > 0 is up).
import type { FaceChallenge } from '../../../src/contract/api/verification';
import { between, type Pose } from './geometry';

/** A server-chosen challenge, or a plain turn to one side and back (no challenge asked). */
export type Movement = FaceChallenge | 'turn';

export const MOVEMENTS: readonly Movement[] = [
  'leftThenRight',
  'rightThenLeft',
  'downThenUp',
  'upThenDown',
  'turn',
];

/** How a movement is performed: amplitudes of its two strokes (degrees), the other axis's drift,
 *  a slight roll, and where in time the strokes peak. */
export interface MotionStyle {
  firstDeg: number;
  secondDeg: number;
  /** For 'turn': +1 the person's left, −1 their right; for a nod 'turn' is never used. */
  turnSign: 1 | -1;
  driftDeg: number;
  rollDeg: number;
  /** The pose at t = 0 (within the frontal limits: |yaw| ≤ 5°, |pitch| ≤ 8°). */
  startYawDeg: number;
  startPitchDeg: number;
  firstPeakAt: number;
  secondPeakAt: number;
  phase: number;
}

export function motionStyle(
  random: () => number,
  range: { minDeg: number; maxDeg: number } = { minDeg: 12, maxDeg: 30 },
): MotionStyle {
  return {
    firstDeg: between(random, range.minDeg, range.maxDeg),
    secondDeg: between(random, range.minDeg, range.maxDeg),
    turnSign: random() < 0.5 ? 1 : -1,
    driftDeg: between(random, 1, 4),
    rollDeg: between(random, -3, 3),
    startYawDeg: between(random, -3, 3),
    startPitchDeg: between(random, -3, 3),
    firstPeakAt: between(random, 0.33, 0.45),
    secondPeakAt: between(random, 0.72, 0.85),
    phase: between(random, 0, Math.PI * 2),
  };
}

/** Smooth step between key values (cosine ease), keys sorted by time. */
function keyed(keys: readonly [number, number][], t: number): number {
  if (t <= keys[0]![0]) return keys[0]![1];
  for (let i = 1; i < keys.length; i++) {
    const [t1, v1] = keys[i]!;
    const [t0, v0] = keys[i - 1]!;
    if (t <= t1) {
      const s = (t - t0) / (t1 - t0 || 1);
      return v0 + (v1 - v0) * (1 - Math.cos(Math.PI * s)) * 0.5;
    }
  }
  return keys[keys.length - 1]![1];
}

/** The pose at time t (0..1) of `movement` performed in `style`. */
export function movementPose(movement: Movement, style: MotionStyle, t: number): Pose {
  const { firstDeg: a, secondDeg: b, firstPeakAt: p1, secondPeakAt: p2 } = style;
  // Positive first stroke, negative second: left then right, or up then down, etc.
  const strokes = (sign: 1 | -1): [number, number][] => [
    [0, 0],
    [0.1, 0],
    [p1, sign * a],
    [p2, -sign * b],
    [1, -sign * b * 0.45],
  ];
  const oneWay: [number, number][] = [
    [0, 0],
    [0.1, 0],
    [0.55, style.turnSign * a],
    [1, style.turnSign * a * 0.3],
  ];
  let main: [number, number][];
  let yawAxis = true;
  switch (movement) {
    case 'leftThenRight':
      main = strokes(1);
      break;
    case 'rightThenLeft':
      main = strokes(-1);
      break;
    case 'upThenDown':
      main = strokes(1);
      yawAxis = false;
      break;
    case 'downThenUp':
      main = strokes(-1);
      yawAxis = false;
      break;
    case 'turn':
      main = oneWay;
      break;
  }
  const value = keyed(main, t);
  // A person never moves on one axis alone: a little of the other, and a little roll.
  const drift = style.driftDeg * Math.sin(style.phase + t * 5) * Math.min(1, t * 8);
  const roll = style.rollDeg * Math.sin(style.phase * 0.7 + t * 3) * Math.min(1, t * 8);
  const yawDeg = style.startYawDeg + (yawAxis ? value : drift);
  const pitchDeg = style.startPitchDeg + (yawAxis ? drift : value);
  return { yawDeg, pitchDeg, rollDeg: roll };
}

/** When the frames are taken: t = 0 first, then evenly with a little irregularity. */
export function frameTimes(count: number, random: () => number): number[] {
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? 0 : Math.min(1, i / (count - 1) + (i < count - 1 ? between(random, -0.03, 0.03) : 0)),
  );
}

/** The phone shaking in the hand at time t: smooth, a fraction of a degree and a few millimetres. */
export function handShake(amount: number, phase: number, t: number) {
  const s = (k: number) => Math.sin(phase * (k + 1) + t * (7 + k * 3.1));
  return {
    yawDeg: 0.5 * amount * s(0),
    pitchDeg: 0.5 * amount * s(1),
    rollDeg: 0.8 * amount * s(2),
    shift: [0.3 * amount * s(3), 0.3 * amount * s(4), 0.6 * amount * s(5)] as [number, number, number],
  };
}
