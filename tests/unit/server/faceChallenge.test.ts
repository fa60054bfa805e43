// The challenge check (issue 28 §3): the movements the head poses show relative to the first frame,
// and whether they are the asked two in order. Poses in the engine's convention (challenge.ts):
// yaw < 0 is the person's own left, pitch > 0 is looking down.
import { describe, expect, it } from 'vitest';
import { FACE_CHALLENGES, type FaceChallenge } from '../../../src/contract/api/verification';
import {
  CHALLENGE_MOVES,
  CHALLENGE_THRESHOLDS,
  challengeSeen,
  type HeadPose,
} from '../../../src/server/services/verification/face/challenge';

/** A frontal first frame (a little off, as the engine reads a real face), then `moves`. */
const FRONT: HeadPose = { yawDeg: -1.5, pitchDeg: 6 };
const pose = (yaw: number, pitch: number): HeadPose => ({
  yawDeg: FRONT.yawDeg + yaw,
  pitchDeg: FRONT.pitchDeg + pitch,
});
const LEFT = pose(-14, 1);
const RIGHT = pose(13, -1);
const DOWN = pose(1, 12);
const UP = pose(-1, -11);
const AT: Record<string, HeadPose> = { left: LEFT, right: RIGHT, down: DOWN, up: UP };

/** The six frames of a person doing `challenge`: frontal, two frames each way, one on the way back. */
function doing(challenge: FaceChallenge): HeadPose[] {
  const [first, second] = CHALLENGE_MOVES[challenge];
  return [FRONT, AT[first]!, AT[first]!, pose(0, 0), AT[second]!, AT[second]!];
}

const REVERSED: Record<FaceChallenge, FaceChallenge> = {
  leftThenRight: 'rightThenLeft',
  rightThenLeft: 'leftThenRight',
  downThenUp: 'upThenDown',
  upThenDown: 'downThenUp',
};

describe('challengeSeen', () => {
  it.each(FACE_CHALLENGES)('%s done as asked passes, and shows its two movements', (challenge) => {
    expect(challengeSeen(doing(challenge), challenge)).toEqual({
      seen: [...CHALLENGE_MOVES[challenge]],
      passed: true,
    });
  });

  it.each(FACE_CHALLENGES)('%s done in the reverse order fails', (challenge) => {
    const result = challengeSeen(doing(REVERSED[challenge]), challenge);
    expect(result.passed).toBe(false);
    expect(result.seen).toEqual([...CHALLENGE_MOVES[REVERSED[challenge]]]);
  });

  it('the other axis fails: a nod for a turn, a turn for a nod', () => {
    expect(challengeSeen(doing('downThenUp'), 'leftThenRight')).toEqual({
      seen: ['down', 'up'],
      passed: false,
    });
    expect(challengeSeen(doing('rightThenLeft'), 'upThenDown')).toEqual({
      seen: ['right', 'left'],
      passed: false,
    });
  });

  it('the directions are the person’s own: yaw below the first frame’s is left, pitch above is down', () => {
    expect(challengeSeen([FRONT, pose(-9, 0), pose(9, 0)], 'leftThenRight').passed).toBe(true);
    expect(challengeSeen([FRONT, pose(0, 9), pose(0, -9)], 'downThenUp').passed).toBe(true);
  });

  it('a movement smaller than the threshold is not seen; at the threshold it is', () => {
    const t = CHALLENGE_THRESHOLDS;
    const small = [FRONT, pose(-(t.enterYawDeg - 0.1), 0), pose(t.enterYawDeg - 0.1, 0)];
    expect(challengeSeen(small, 'leftThenRight')).toEqual({ seen: [], passed: false });
    const nod = [FRONT, pose(0, t.enterPitchDeg - 0.1), pose(0, -(t.enterPitchDeg - 0.1))];
    expect(challengeSeen(nod, 'downThenUp')).toEqual({ seen: [], passed: false });
    const exact = [FRONT, pose(-t.enterYawDeg, 0), pose(t.enterYawDeg, 0)];
    expect(challengeSeen(exact, 'leftThenRight')).toEqual({ seen: ['left', 'right'], passed: true });
  });

  it('only half the turn (one direction) fails', () => {
    expect(challengeSeen([FRONT, LEFT, LEFT, LEFT, FRONT], 'leftThenRight')).toEqual({
      seen: ['left'],
      passed: false,
    });
  });

  it('a still head (a photo held up) shows nothing, whatever the small jitter', () => {
    const still = [FRONT, pose(1.2, -0.8), pose(-2, 1.5), pose(0.5, 2.5), pose(-1, -3)];
    for (const challenge of FACE_CHALLENGES) expect(challengeSeen(still, challenge).seen).toEqual([]);
  });

  it('is relative to the first frame: a face read off-centre throughout shows nothing', () => {
    const offCentre = [pose(12, 10), pose(13, 11), pose(11, 9), pose(12, 10)];
    expect(challengeSeen(offCentre, 'leftThenRight').seen).toEqual([]);
  });

  it('a return to the middle and the same way again is one movement, not two', () => {
    expect(challengeSeen([FRONT, LEFT, FRONT, LEFT, RIGHT], 'leftThenRight')).toEqual({
      seen: ['left', 'right'],
      passed: true,
    });
  });

  it('only the first two movements count: right-left-right fits rightThenLeft, never leftThenRight', () => {
    const frames = [FRONT, RIGHT, LEFT, RIGHT];
    expect(challengeSeen(frames, 'rightThenLeft')).toEqual({
      seen: ['right', 'left', 'right'],
      passed: true,
    });
    expect(challengeSeen(frames, 'leftThenRight').passed).toBe(false);
  });

  it('a nod before the asked turn fails (the first movement must be the asked one)', () => {
    expect(challengeSeen([FRONT, DOWN, LEFT, RIGHT], 'leftThenRight')).toEqual({
      seen: ['down', 'left', 'right'],
      passed: false,
    });
  });

  it('the other axis’s tilt that comes with a turn is not a movement of its own (dominant axis)', () => {
    // Turning left far while the engine also reads some pitch: still left.
    const turnWithTilt = [FRONT, pose(-16, 9), pose(15, 10)];
    expect(challengeSeen(turnWithTilt, 'leftThenRight')).toEqual({ seen: ['left', 'right'], passed: true });
  });

  it('hysteresis: on the way back, a frame still half-way turned with a bigger tilt stays the turn', () => {
    const t = CHALLENGE_THRESHOLDS;
    const hold = t.holdShare * t.enterYawDeg;
    // Left, then still left by more than the hold share, while the pitch reads past its threshold.
    const frames = [FRONT, LEFT, pose(-(hold + 0.5), t.enterPitchDeg + 1), RIGHT];
    expect(challengeSeen(frames, 'leftThenRight')).toEqual({ seen: ['left', 'right'], passed: true });
    // Below the hold share the turn is over, and the tilt counts as what it is.
    const over = [FRONT, LEFT, pose(-(hold - 0.5), t.enterPitchDeg + 1), RIGHT];
    expect(challengeSeen(over, 'leftThenRight').seen).toEqual(['left', 'down', 'right']);
  });

  it('hysteresis: a wobble around the threshold does not make one turn two', () => {
    const t = CHALLENGE_THRESHOLDS;
    const frames = [
      FRONT,
      pose(-(t.enterYawDeg + 0.5), 0),
      pose(-(t.enterYawDeg - 1), 0),
      pose(-(t.enterYawDeg + 0.5), 0),
    ];
    expect(challengeSeen(frames, 'leftThenRight').seen).toEqual(['left']);
  });

  it('noise: a jittering head that does the asked movement still passes', () => {
    const jitter = [0.8, -1.1, 1.4, -0.6, 0.3, -1.3];
    const frames = doing('upThenDown').map((p, i) => ({
      yawDeg: p.yawDeg + jitter[i]!,
      pitchDeg: p.pitchDeg - jitter[(i + 2) % jitter.length]!,
    }));
    expect(challengeSeen(frames, 'upThenDown')).toEqual({ seen: ['up', 'down'], passed: true });
  });

  it('a frame without a pose counts as the middle; no frames or one frame show nothing', () => {
    expect(challengeSeen([FRONT, LEFT, { yawDeg: Number.NaN, pitchDeg: 0 }, RIGHT], 'leftThenRight')).toEqual(
      {
        seen: ['left', 'right'],
        passed: true,
      },
    );
    expect(challengeSeen([], 'leftThenRight')).toEqual({ seen: [], passed: false });
    expect(challengeSeen([FRONT], 'leftThenRight')).toEqual({ seen: [], passed: false });
    expect(challengeSeen([{ yawDeg: Number.NaN, pitchDeg: 0 }, LEFT, RIGHT], 'leftThenRight').seen).toEqual(
      [],
    );
  });

  it('options change the thresholds', () => {
    const frames = [FRONT, pose(-3, 0), pose(3, 0)];
    expect(challengeSeen(frames, 'leftThenRight').passed).toBe(false);
    expect(challengeSeen(frames, 'leftThenRight', { enterYawDeg: 2.5 }).passed).toBe(true);
    const nod = [FRONT, pose(0, 5), pose(0, -5)];
    expect(challengeSeen(nod, 'downThenUp').passed).toBe(false);
    expect(challengeSeen(nod, 'downThenUp', { enterPitchDeg: 4 }).passed).toBe(true);
    expect(challengeSeen(nod, 'downThenUp', { enterYawDeg: 2.5 }).passed).toBe(false);
  });

  it('the defaults: 4° of the engine’s yaw (about half a real turn), 6° of its pitch', () => {
    expect(CHALLENGE_THRESHOLDS).toEqual({ enterYawDeg: 4, enterPitchDeg: 6, holdShare: 0.5 });
  });
});
