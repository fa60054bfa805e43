// The face engine's configuration (issue 16 §2): FACE_* variables with defaults from the measured
// figures, bad values stop the start naming the variable, and 'human' is the default provider.
import { describe, expect, it } from 'vitest';
import { FACE_CHALLENGES, type FaceChallenge } from '../../../src/contract/api/verification';
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
  it('defaults to all four; a comma list narrows it (spaces and repeats ignored); one pins it', () => {
    expect(loadConfig({}).faceChallenges).toEqual([...FACE_CHALLENGES]);
    expect(loadConfig({ FACE_CHALLENGES: '' }).faceChallenges).toEqual([...FACE_CHALLENGES]);
    expect(loadConfig({ FACE_CHALLENGES: ' downThenUp , leftThenRight,downThenUp' }).faceChallenges).toEqual([
      'downThenUp',
      'leftThenRight',
    ]);
    expect(loadConfig({ FACE_CHALLENGES: 'rightThenLeft' }).faceChallenges).toEqual(['rightThenLeft']);
  });

  it('an unknown name stops the start, naming the variable and the known names', () => {
    try {
      loadConfig({ FACE_CHALLENGES: 'leftThenRight,spin' });
      expect.unreachable('loadConfig accepted it');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problem = (error as ConfigError).problems.find((p) => p.variable === 'FACE_CHALLENGES');
      expect(problem?.message).toBe(`unknown challenge spin (known: ${FACE_CHALLENGES.join(', ')})`);
    }
  });
});

describe('chooseChallenge', () => {
  it('never the previous one, and every other allowed one in turn (crypto randomness)', () => {
    let previous: FaceChallenge | null = null;
    const seen = new Map<FaceChallenge, number>();
    for (let i = 0; i < 400; i++) {
      const next = chooseChallenge(FACE_CHALLENGES, previous);
      expect(next).not.toBe(previous);
      seen.set(next, (seen.get(next) ?? 0) + 1);
      previous = next;
    }
    // 400 draws over 4: each far above zero (a fixed or biased pick would leave one out).
    for (const challenge of FACE_CHALLENGES) expect(seen.get(challenge)).toBeGreaterThan(40);
  });

  it('draws among the allowed ones less the previous, by the given randomness', () => {
    const asked: number[] = [];
    const pickLast = (max: number) => (asked.push(max), max - 1);
    expect(chooseChallenge(['leftThenRight', 'downThenUp', 'upThenDown'], 'downThenUp', pickLast)).toBe(
      'upThenDown',
    );
    expect(asked).toEqual([2]);
    expect(chooseChallenge(FACE_CHALLENGES, null, () => 0)).toBe('leftThenRight');
  });

  it('one allowed: that one, even again; none allowed: any of the four', () => {
    expect(chooseChallenge(['upThenDown'], 'upThenDown')).toBe('upThenDown');
    expect(FACE_CHALLENGES).toContain(chooseChallenge([], null));
  });
});
