// The challenge check (issue 28 §3): the movements the head poses show relative to the first frame,
// and whether they are the asked three in order. Poses in the engine's convention (challenge.ts):
// yaw < 0 is the person's own left, pitch > 0 is looking down.
import { describe, expect, it } from 'vitest';
import {
  FACE_CHALLENGES,
  faceChallengeMoves,
  type FaceChallenge,
} from '../../../src/contract/api/verification';
import {
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

/** The phone's seven frames of a person doing `challenge`: frontal, then two frames per move, going
 *  straight from one move to the next. */
function doing(challenge: FaceChallenge): HeadPose[] {
  return [FRONT, ...faceChallengeMoves(challenge).flatMap((move) => [AT[move]!, AT[move]!])];
}

const reversed = (challenge: FaceChallenge) =>
  faceChallengeMoves(challenge).reverse().join('-') as FaceChallenge;

describe('challengeSeen, three moves', () => {
  it.each(FACE_CHALLENGES)('%s done as asked passes, and shows its three movements', (challenge) => {
    expect(challengeSeen(doing(challenge), challenge)).toEqual({
      seen: faceChallengeMoves(challenge),
      passed: true,
    });
  });

  it.each(FACE_CHALLENGES)('%s fits no other challenge', (challenge) => {
    for (const other of FACE_CHALLENGES.filter((c) => c !== challenge))
      expect(challengeSeen(doing(challenge), other).passed).toBe(false);
  });

  it('the wrong order fails: the moves in reverse, or two swapped', () => {
    expect(challengeSeen(doing('left-up-right'), 'right-up-left')).toEqual({
      seen: ['left', 'up', 'right'],
      passed: false,
    });
    expect(challengeSeen(doing(reversed('down-left-up')), 'down-left-up').passed).toBe(false);
    expect(challengeSeen(doing('left-down-up'), 'down-left-up').passed).toBe(false);
  });

  it('a missing move fails: two of three, the middle one left out, or the last one never reached', () => {
    expect(challengeSeen([FRONT, LEFT, LEFT, UP, UP], 'left-up-right')).toEqual({
      seen: ['left', 'up'],
      passed: false,
    });
    expect(challengeSeen([FRONT, LEFT, LEFT, RIGHT, RIGHT], 'left-up-right').passed).toBe(false);
    expect(challengeSeen([FRONT, LEFT, UP, pose(0, 0), pose(1, -1)], 'left-up-right').passed).toBe(false);
  });

  it('one axis only fits nothing: a turn left-right-left, a nod down-up-down, a one-sided turn', () => {
    const turn = [FRONT, LEFT, LEFT, RIGHT, RIGHT, LEFT, LEFT];
    const nod = [FRONT, DOWN, DOWN, UP, UP, DOWN, DOWN];
    const oneSided = [FRONT, LEFT, LEFT, LEFT, pose(-3, 0), pose(-1, 0), FRONT];
    for (const challenge of FACE_CHALLENGES) {
      expect(challengeSeen(turn, challenge).passed).toBe(false);
      expect(challengeSeen(nod, challenge).passed).toBe(false);
      expect(challengeSeen(oneSided, challenge).passed).toBe(false);
    }
    expect(challengeSeen(turn, 'left-right-up').seen).toEqual(['left', 'right', 'left']);
  });

  it('the directions are the person’s own: yaw below the first frame’s is left, pitch above is down', () => {
    expect(challengeSeen([FRONT, pose(-9, 0), pose(0, 9), pose(9, 0)], 'left-down-right').passed).toBe(true);
    expect(challengeSeen([FRONT, pose(0, -9), pose(9, 0), pose(0, 9)], 'up-right-down').passed).toBe(true);
  });

  it('a movement smaller than the threshold is not seen; at the threshold it is', () => {
    const t = CHALLENGE_THRESHOLDS;
    const y = t.enterYawDeg;
    const p = t.enterPitchDeg;
    const small = [FRONT, pose(-(y - 0.1), 0), pose(0, -(p - 0.1)), pose(y - 0.1, 0)];
    expect(challengeSeen(small, 'left-up-right')).toEqual({ seen: [], passed: false });
    const exact = [FRONT, pose(-y, 0), pose(0, -p), pose(y, 0)];
    expect(challengeSeen(exact, 'left-up-right')).toEqual({ seen: ['left', 'up', 'right'], passed: true });
  });

  it('a still head (a photo held up) shows nothing, whatever the small jitter', () => {
    const still = [FRONT, pose(1.2, -0.8), pose(-2, 1.5), pose(0.5, 2.5), pose(-1, -3), pose(1, 1)];
    for (const challenge of FACE_CHALLENGES) expect(challengeSeen(still, challenge).seen).toEqual([]);
  });

  it('is relative to the first frame: a face read off-centre throughout shows nothing', () => {
    const offCentre = [pose(12, 10), pose(13, 11), pose(11, 9), pose(12, 10)];
    expect(challengeSeen(offCentre, 'left-up-right').seen).toEqual([]);
  });

  it('a return to the middle and the same way again is one movement, not two', () => {
    expect(challengeSeen([FRONT, LEFT, FRONT, LEFT, UP, RIGHT], 'left-up-right')).toEqual({
      seen: ['left', 'up', 'right'],
      passed: true,
    });
  });

  it('only the asked number of movements count: what follows the third may be anything', () => {
    const frames = [FRONT, RIGHT, DOWN, LEFT, UP];
    expect(challengeSeen(frames, 'right-down-left')).toEqual({
      seen: ['right', 'down', 'left', 'up'],
      passed: true,
    });
    expect(challengeSeen(frames, 'down-left-up').passed).toBe(false);
  });

  it('a movement before the asked ones fails (the first movement must be the asked one)', () => {
    expect(challengeSeen([FRONT, DOWN, LEFT, UP, RIGHT], 'left-up-right')).toEqual({
      seen: ['down', 'left', 'up', 'right'],
      passed: false,
    });
  });

  it('the other axis’s tilt that comes with a turn is not a movement of its own (dominant axis)', () => {
    const turnWithTilt = [FRONT, pose(-16, 9), pose(2, -12), pose(15, 10)];
    expect(challengeSeen(turnWithTilt, 'left-up-right')).toEqual({
      seen: ['left', 'up', 'right'],
      passed: true,
    });
  });

  it('hysteresis: on the way to the next move, a frame still half-way turned stays the turn', () => {
    const t = CHALLENGE_THRESHOLDS;
    const hold = t.holdShare * t.enterYawDeg;
    const frames = [FRONT, LEFT, pose(-(hold + 0.5), t.enterPitchDeg + 1), UP, RIGHT];
    expect(challengeSeen(frames, 'left-up-right')).toEqual({ seen: ['left', 'up', 'right'], passed: true });
    // Below the hold share the turn is over, and the tilt counts as what it is.
    const over = [FRONT, LEFT, pose(-(hold - 0.5), t.enterPitchDeg + 1), UP, RIGHT];
    expect(challengeSeen(over, 'left-up-right').seen).toEqual(['left', 'down', 'up', 'right']);
  });

  it('a move of the other axis takes over from a held one when it dominates twice over (straight from a turn to a nod)', () => {
    const t = CHALLENGE_THRESHOLDS;
    // The engine's reading of a rendered head (genuine-personB-right-left-down): after the left
    // turn, looking 20° down still reads 2.5° of left yaw (past the hold share) with 17° of pitch.
    const stillTurned = pose(-2.5, 17);
    expect(challengeSeen([FRONT, RIGHT, LEFT, stillTurned, stillTurned], 'right-left-down')).toEqual({
      seen: ['right', 'left', 'down'],
      passed: true,
    });
    // Under twice the held share the turn holds: a tilt that comes with a turn is not a nod.
    const held = t.holdShare + 0.25; // of the yaw threshold
    const tilt = pose(-held * t.enterYawDeg, (t.takeOverRatio * held - 0.1) * t.enterPitchDeg);
    expect(challengeSeen([FRONT, LEFT, tilt, RIGHT], 'left-right-down').seen).toEqual(['left', 'right']);
    const nod = pose(-held * t.enterYawDeg, (t.takeOverRatio * held + 0.1) * t.enterPitchDeg);
    expect(challengeSeen([FRONT, LEFT, nod, RIGHT], 'left-down-right').seen).toEqual([
      'left',
      'down',
      'right',
    ]);
    // The same axis never takes over while held: the way back from a turn is not the other turn.
    expect(challengeSeen([FRONT, LEFT, pose(-3, 0), RIGHT], 'left-right-up').seen).toEqual(['left', 'right']);
  });

  it('hysteresis: a wobble around the threshold does not make one turn two', () => {
    const t = CHALLENGE_THRESHOLDS;
    const frames = [
      FRONT,
      pose(-(t.enterYawDeg + 0.5), 0),
      pose(-(t.enterYawDeg - 1), 0),
      pose(-(t.enterYawDeg + 0.5), 0),
    ];
    expect(challengeSeen(frames, 'left-up-right').seen).toEqual(['left']);
  });

  it('noise: a jittering head that does the asked movements still passes', () => {
    const jitter = [0.8, -1.1, 1.4, -0.6, 0.3, -1.3, 0.9];
    const frames = doing('up-down-left').map((p, i) => ({
      yawDeg: p.yawDeg + jitter[i]!,
      pitchDeg: p.pitchDeg - jitter[(i + 2) % jitter.length]!,
    }));
    expect(challengeSeen(frames, 'up-down-left')).toEqual({ seen: ['up', 'down', 'left'], passed: true });
  });

  it('a frame without a pose counts as the middle; no frames or one frame show nothing', () => {
    const none = { yawDeg: Number.NaN, pitchDeg: 0 };
    expect(challengeSeen([FRONT, LEFT, none, UP, RIGHT], 'left-up-right')).toEqual({
      seen: ['left', 'up', 'right'],
      passed: true,
    });
    expect(challengeSeen([], 'left-up-right')).toEqual({ seen: [], passed: false });
    expect(challengeSeen([FRONT], 'left-up-right')).toEqual({ seen: [], passed: false });
    expect(challengeSeen([none, LEFT, UP, RIGHT], 'left-up-right').seen).toEqual([]);
  });

  it('options change the thresholds', () => {
    const frames = [FRONT, pose(-3, 0), pose(0, -4), pose(3, 0)];
    expect(challengeSeen(frames, 'left-up-right').passed).toBe(false);
    expect(challengeSeen(frames, 'left-up-right', { enterYawDeg: 2.5 }).passed).toBe(false);
    expect(challengeSeen(frames, 'left-up-right', { enterYawDeg: 2.5, enterPitchDeg: 3.5 }).passed).toBe(
      true,
    );
  });

  it('the defaults: 4° of the engine’s yaw (about half a real turn), 4.5° of its pitch', () => {
    expect(CHALLENGE_THRESHOLDS).toEqual({
      enterYawDeg: 4,
      enterPitchDeg: 4.5,
      holdShare: 0.5,
      takeOverRatio: 2,
    });
  });
});

describe('challengeSeen, a two-move challenge (a session row from before session 13)', () => {
  it('asks its two moves in order; what follows them may be anything', () => {
    expect(challengeSeen([FRONT, LEFT, LEFT, RIGHT, RIGHT], 'left-right')).toEqual({
      seen: ['left', 'right'],
      passed: true,
    });
    expect(challengeSeen([FRONT, RIGHT, LEFT, UP], 'right-left').passed).toBe(true);
    expect(challengeSeen([FRONT, RIGHT, LEFT], 'left-right').passed).toBe(false);
    expect(challengeSeen([FRONT, LEFT], 'left-right').passed).toBe(false);
  });
});
