// The face engine's configuration (issue 16 §2): FACE_* variables with defaults from the measured
// figures, bad values stop the start naming the variable, and 'human' is the default provider.
import { describe, expect, it } from 'vitest';
import {
  FACE_CHALLENGES,
  faceChallengeMoves,
  readFaceChallenge,
  type FaceChallenge,
} from '../../../src/contract/api/verification';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { chooseChallenge } from '../../../src/server/services/verification/challengeChoice';
import { selectFaceProvider } from '../../../src/server/services/verification/faceProvider';

describe('face engine configuration', () => {
  it('defaults: the human engine, one worker, a queue of 4, threshold 0.6, band from 0.45, 5° of pose', () => {
    const config = loadConfig({});
    expect(config.faceProvider).toBe('human');
    expect(config.face).toMatchObject({
      workers: 1,
      queue: 4,
      matchThreshold: 0.6,
      greyBandFrom: 0.45,
      minPoseRangeDeg: 5,
    });
  });

  it('reads each variable', () => {
    const config = loadConfig({
      FACE_PROVIDER: 'builtin',
      FACE_WORKERS: '2',
      FACE_QUEUE: '0',
      FACE_MATCH_THRESHOLD: '0.7',
      FACE_GREY_BAND_FROM: '0.5',
      FACE_MIN_POSE_DEG: '8',
    });
    expect(config.faceProvider).toBe('builtin');
    expect(config.face).toMatchObject({
      workers: 2,
      queue: 0,
      matchThreshold: 0.7,
      greyBandFrom: 0.5,
      minPoseRangeDeg: 8,
    });
  });

  it('a grey band above the threshold is cut down to it (no band rather than a band that verifies less)', () => {
    expect(loadConfig({ FACE_MATCH_THRESHOLD: '0.5', FACE_GREY_BAND_FROM: '0.7' }).face.greyBandFrom).toBe(
      0.5,
    );
  });

  it.each([
    ['FACE_WORKERS', '0'],
    ['FACE_QUEUE', '-1'],
    ['FACE_MATCH_THRESHOLD', '1.5'],
    ['FACE_MIN_POSE_DEG', 'lots'],
  ])('%s=%s stops the start, naming the variable', (variable, value) => {
    try {
      loadConfig({ [variable]: value });
      expect.unreachable('loadConfig accepted it');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.variable)).toContain(variable);
    }
  });

  it('selects the human engine by default, builtin on request, refuses an unknown name', async () => {
    const human = selectFaceProvider(undefined);
    expect(human.name).toBe('human');
    await human.close?.();
    expect(selectFaceProvider('builtin').name).toBe('builtin');
    expect(() => selectFaceProvider('nobody')).toThrow(/unknown face provider/);
  });
});

describe('FACE_CHALLENGES (issue 28 §3)', () => {
  it('defaults to all 32; a comma list narrows it (spaces and repeats ignored); one pins it', () => {
    expect(loadConfig({}).faceChallenges).toEqual([...FACE_CHALLENGES]);
    expect(loadConfig({ FACE_CHALLENGES: '' }).faceChallenges).toEqual([...FACE_CHALLENGES]);
    expect(
      loadConfig({ FACE_CHALLENGES: ' down-left-up , left-up-right,down-left-up' }).faceChallenges,
    ).toEqual(['down-left-up', 'left-up-right']);
    expect(loadConfig({ FACE_CHALLENGES: 'right-up-left' }).faceChallenges).toEqual(['right-up-left']);
  });

  it('an unknown name stops the start, naming the variable and the known names', () => {
    try {
      loadConfig({ FACE_CHALLENGES: 'left-up-right,spin,leftThenRight' });
      expect.unreachable('loadConfig accepted it');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problem = (error as ConfigError).problems.find((p) => p.variable === 'FACE_CHALLENGES');
      // An older two-move name is no challenge to choose any more.
      expect(problem?.message).toBe(
        "unknown challenge spin, leftThenRight (known: three of left, right, up, down joined by '-', none twice in a row, turns and nods mixed, e.g. left-right-up)",
      );
    }
  });
});

describe('chooseChallenge', () => {
  it('never the previous one, and every other allowed one in turn (crypto randomness)', () => {
    let previous: FaceChallenge | null = null;
    const seen = new Map<FaceChallenge, number>();
    for (let i = 0; i < 3200; i++) {
      const next = chooseChallenge(FACE_CHALLENGES, previous);
      expect(next).not.toBe(previous);
      seen.set(next, (seen.get(next) ?? 0) + 1);
      previous = next;
    }
    // 3200 draws over 32 (100 expected each): every one far above zero, none far above its share
    // (a fixed or biased pick would leave some out or favour one).
    expect(seen.size).toBe(FACE_CHALLENGES.length);
    for (const challenge of FACE_CHALLENGES) {
      expect(seen.get(challenge)).toBeGreaterThan(40);
      expect(seen.get(challenge)).toBeLessThan(180);
    }
  });

  it('draws among the allowed ones less the previous, by the given randomness', () => {
    const asked: number[] = [];
    const pickLast = (max: number) => (asked.push(max), max - 1);
    expect(
      chooseChallenge(['left-up-right', 'down-left-up', 'up-right-down'], 'down-left-up', pickLast),
    ).toBe('up-right-down');
    expect(asked).toEqual([2]);
    expect(chooseChallenge(FACE_CHALLENGES, null, () => 0)).toBe(FACE_CHALLENGES[0]);
    // The previous one of an older session row (two moves) is in no list: all 32 may follow.
    expect(chooseChallenge(FACE_CHALLENGES, 'left-right', (max) => (asked.push(max), 0))).toBe(
      FACE_CHALLENGES[0],
    );
    expect(asked.at(-1)).toBe(32);
  });

  it('one allowed: that one, even again; none allowed: any of the 32', () => {
    expect(chooseChallenge(['up-left-down'], 'up-left-down')).toBe('up-left-down');
    expect(FACE_CHALLENGES).toContain(chooseChallenge([], null));
  });
});

describe('FACE_CHALLENGES, the three-move sequences (issue 28 §3, session 13)', () => {
  const moves = FACE_CHALLENGES.map(faceChallengeMoves);
  const isYaw = (move: string) => move === 'left' || move === 'right';

  it('are 32: three moves, none twice in a row, each mixing a turn and a nod, each once', () => {
    expect(FACE_CHALLENGES).toHaveLength(32);
    expect(new Set(FACE_CHALLENGES).size).toBe(32);
    for (const list of moves) {
      expect(list).toHaveLength(3);
      expect(list[0]).not.toBe(list[1]);
      expect(list[1]).not.toBe(list[2]);
      expect(list.some(isYaw)).toBe(true);
      expect(list.every(isYaw)).toBe(false);
    }
  });

  it('leave out exactly the one-axis sequences: a yaw-only or pitch-only recording fits none', () => {
    for (const oneAxis of ['left-right-left', 'right-left-right', 'up-down-up', 'down-up-down'])
      expect(FACE_CHALLENGES).not.toContain(oneAxis);
    // Every move begins, sits in the middle of and ends some challenge.
    for (const at of [0, 1, 2])
      expect(new Set(moves.map((list) => list[at]))).toEqual(new Set(['left', 'right', 'up', 'down']));
  });

  it('readFaceChallenge: a stored challenge, an older two-move name as its moves, anything else null', () => {
    expect(readFaceChallenge('left-up-right')).toBe('left-up-right');
    expect(readFaceChallenge('leftThenRight')).toBe('left-right');
    expect(readFaceChallenge('rightThenLeft')).toBe('right-left');
    expect(readFaceChallenge('downThenUp')).toBe('down-up');
    expect(readFaceChallenge('upThenDown')).toBe('up-down');
    for (const bad of ['left-left-up', 'spin', 'left', 'left-up-right-down', 'constructor', '', null, 7])
      expect(readFaceChallenge(bad)).toBeNull();
  });
});
