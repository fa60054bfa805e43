// The face engine's configuration (issue 16 §2): FACE_* variables with defaults from the measured
// figures, bad values stop the start naming the variable, and 'human' is the default provider.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
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
