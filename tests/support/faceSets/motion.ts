// Movements as poses over time. A capture's movement runs over t = 0..1: the first frame (t = 0)
// is frontal, then the movements the server asked for (FACE_CHALLENGES: three, 'left-up-right'), in
// the person's own directions (geometry.ts states the convention: yaw > 0 is the person's left,
// which an unmirrored front camera shows as the face turning toward the image's right; pitch > 0 is
// up). A three-move challenge is performed on the phone's own timeline (cameraActor.ts
// challengeTimeline): each move prompted, reached after a reaction, held through its frames.
import {
  faceChallengeMoves,
  readFaceChallenge,
  type FaceChallenge,
  type FaceMove,
} from '../../../src/contract/api/verification';
import { challengeTimeline } from '../../../src/web/features/identity/cameraActor';
import { between, type Pose } from './geometry';

/** The two-move challenges of before session 13, still performed by older material (an ordinary
 *  left-right turn or nod: what a recording of a genuine turn shows). */
export type TwoMoveMovement = 'leftThenRight' | 'rightThenLeft' | 'downThenUp' | 'upThenDown';

/** A server-chosen challenge, an older two-move one, or a plain turn to one side and back. */
export type Movement = FaceChallenge | TwoMoveMovement | 'turn';

/** The three-move challenges the main sets perform: every axis pattern (turn-nod-turn,
 *  nod-turn-nod, two turns then a nod, two nods then a turn), every move in every place. */
export const SET_CHALLENGES: readonly FaceChallenge[] = [
  'left-up-right',
  'down-right-up',
  'right-left-down',
  'up-down-left',
];

export const MOVEMENTS: readonly Movement[] = [...SET_CHALLENGES, 'turn'];

/** The moves of a challenge movement (a two-move name as its two), null for the plain turn. */
export function movementMoves(movement: Movement): FaceMove[] | null {
  if (movement === 'turn') return null;
  const challenge = readFaceChallenge(movement);
  if (!challenge) throw new Error(`not a movement: ${movement}`);
  return faceChallengeMoves(challenge);
}

/** The server's challenge a movement obeys (a two-move name as its move list), null for 'turn'. */
export function askedChallenge(movement: Movement): FaceChallenge | null {
  return movement === 'turn' ? null : readFaceChallenge(movement);
}

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
  const moves = movementMoves(movement);
  if (moves && moves.length === 3) return threeMovePose(moves, style, t);
  return twoMovePose(movement, style, t);
}

/** A plain turn or a two-move challenge: two strokes peaking at style.firstPeakAt/secondPeakAt. */
function twoMovePose(movement: Movement, style: MotionStyle, t: number): Pose {
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
  const moves = movementMoves(movement);
  if (!moves) main = oneWay;
  else {
    // Positive first stroke: left (yaw > 0) or up (pitch > 0).
    main = strokes(moves[0] === 'left' || moves[0] === 'up' ? 1 : -1);
    yawAxis = moves[0] === 'left' || moves[0] === 'right';
  }
  const value = keyed(main, t);
  // A person never moves on one axis alone: a little of the other, and a little roll.
  const drift = style.driftDeg * Math.sin(style.phase + t * 5) * Math.min(1, t * 8);
  const roll = style.rollDeg * Math.sin(style.phase * 0.7 + t * 3) * Math.min(1, t * 8);
  const yawDeg = style.startYawDeg + (yawAxis ? value : drift);
  const pitchDeg = style.startPitchDeg + (yawAxis ? drift : value);
  return { yawDeg, pitchDeg, rollDeg: roll };
}

const NOD_SHARE = 0.75;

/** How fast the person follows a prompt: a reaction of 0.3–0.6 s, a move of 0.4–0.7 s. */
function pace(style: MotionStyle) {
  return {
    reactionMs: 300 + 300 * (style.phase / (Math.PI * 2)),
    moveMs: 400 + 300 * ((style.firstPeakAt - 0.33) / 0.12),
  };
}

/**
 * For each move of `movement`, a time (0..1) at which the head holds it: the middle of the hold of
 * a three-move challenge, the stroke's peak of an older two-move one (tests and videos time by it).
 */
export function moveHoldTimes(movement: Movement, style: MotionStyle): number[] {
  const moves = movementMoves(movement);
  if (!moves || moves.length !== 3) return [style.firstPeakAt, style.secondPeakAt];
  const timeline = challengeTimeline(moves.length);
  const { reactionMs, moveMs } = pace(style);
  return timeline.moves.map((phase, i) => {
    const arrive = phase.promptAtMs + reactionMs + moveMs;
    const leave = (timeline.moves[i + 1]?.promptAtMs ?? timeline.lastFrameMs) + (i < 2 ? reactionMs : 0);
    return (arrive + leave) / 2 / timeline.lastFrameMs;
  });
}

/** Where a move takes the head: [yaw, pitch] of `deg` (yaw > 0 the person's left, pitch > 0 up). */
function target(move: FaceMove, deg: number): [number, number] {
  switch (move) {
    case 'left':
      return [deg, 0];
    case 'right':
      return [-deg, 0];
    case 'up':
      return [0, deg];
    case 'down':
      return [0, -deg];
  }
}

/**
 * Three moves on the phone's timeline (t = 0..1 spans its first to its last frame): after each
 * prompt the person reacts (0.3–0.6 s), moves (0.4–0.7 s) straight from where the head is to the
 * new position, and holds it until the next prompt's reaction. The style's random fields give the
 * reaction, the speed and the third amplitude, so the random draws of every recipe stay as they
 * were before three-move challenges (the other sets render the same).
 */
function threeMovePose(moves: readonly FaceMove[], style: MotionStyle, t: number): Pose {
  const timeline = challengeTimeline(moves.length);
  const totalMs = timeline.lastFrameMs;
  const { reactionMs, moveMs } = pace(style);
  const amplitudes = [style.firstDeg, style.secondDeg, (style.firstDeg + style.secondDeg) / 2];
  // A nod asked on its own is smaller than a turn: three quarters (9–22.5° of the 12–30° range).
  const nod = (move: FaceMove) => (move === 'up' || move === 'down' ? NOD_SHARE : 1);
  const yawKeys: [number, number][] = [[0, 0]];
  const pitchKeys: [number, number][] = [[0, 0]];
  let at: [number, number] = [0, 0];
  for (const [i, move] of moves.entries()) {
    const prompt = timeline.moves[i]!.promptAtMs;
    const leave = (prompt + reactionMs) / totalMs;
    const arrive = (prompt + reactionMs + moveMs) / totalMs;
    const next = target(move, amplitudes[i]! * nod(move));
    yawKeys.push([leave, at[0]], [arrive, next[0]]);
    pitchKeys.push([leave, at[1]], [arrive, next[1]]);
    at = next;
  }
  const drift = style.driftDeg * 0.5 * Math.sin(style.phase + t * 5) * Math.min(1, t * 8);
  const roll = style.rollDeg * Math.sin(style.phase * 0.7 + t * 3) * Math.min(1, t * 8);
  return {
    yawDeg: style.startYawDeg + keyed(yawKeys, t) + drift,
    pitchDeg: style.startPitchDeg + keyed(pitchKeys, t) - drift,
    rollDeg: roll,
  };
}

/** When the phone takes a three-move capture's frames (its timeline, 0..1), each but the first a
 *  little late as on a busy phone (0–60 ms). */
export function phoneFrameTimes(moves: number, random: () => number): number[] {
  const timeline = challengeTimeline(moves);
  return [0, ...timeline.moves.flatMap((m) => m.framesAtMs)].map((ms, i) =>
    i === 0 ? 0 : Math.min(1, (ms + between(random, 0, 60)) / timeline.lastFrameMs),
  );
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
