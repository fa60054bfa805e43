// The face verdict's rules without the engine (issue 16 §2, §7): thresholds and grey band, the
// head-pose change of the motion challenge, each quality reason, the similarity measure and the
// reference cache. The analyses are made by hand, so each limit is tested on both of its sides.
import { describe, expect, it } from 'vitest';
import type { FoundFace, ImageAnalysis } from '../../../src/server/services/verification/face/analysis';
import {
  decide,
  FRAME_QUALITY,
  frameQuality,
  poseChange,
  referenceEmbedding,
  type DecideInput,
} from '../../../src/server/services/verification/face/decide';
import { DEFAULT_FACE_ENGINE_CONFIG } from '../../../src/server/services/verification/face/engineConfig';
import { ReferenceCache } from '../../../src/server/services/verification/face/referenceCache';
import { faceSimilarity } from '../../../src/server/services/verification/face/similarity';

const DIM = 8;
/** An embedding whose similarity to BASE is about `target` (moves one axis until it is). */
const BASE = Array.from({ length: DIM }, () => 0);
function embeddingAt(target: number): number[] {
  // similarity = (1 - sqrt(25·d²)/100 - 0.2)/0.6 → d = (0.8 - 0.6·s)·100/5
  const d = ((0.8 - 0.6 * target) * 100) / 5;
  return [d, ...BASE.slice(1)];
}

function face(overrides: Partial<FoundFace> = {}): FoundFace {
  return {
    box: [150, 80, 190, 190],
    score: 0.99,
    yawDeg: 0,
    pitchDeg: 5,
    rollDeg: 0,
    brightness: 130,
    sharpness: 700,
    touchesEdge: false,
    embedding: BASE,
    mesh: [],
    meshDepth: [],
    antispoof: null,
    liveModel: null,
    texture: null,
    ...overrides,
  };
}

function image(
  faces: FoundFace[],
  overrides: Partial<{ brightness: number; sharpness: number }> = {},
): ImageAnalysis {
  return { ok: true, width: 480, height: 480, brightness: 130, sharpness: 900, faces, ...overrides };
}

const engine = { name: 'human', version: 'test' };
const config = { matchThreshold: 0.6, greyBandFrom: 0.45, minPoseRangeDeg: 5 };
/** A head turn: yaw −6 … +6, every frame the reference's face. */
const turning = (embedding = BASE) => [0, -6, 6].map((yawDeg) => image([face({ yawDeg, embedding })]));

function run(overrides: Partial<DecideInput>) {
  return decide({ source: 'camera', frames: turning(), reference: BASE, config, engine, ...overrides });
}

describe('similarity', () => {
  it('is 1 for the same embedding and falls with distance, as Human defines it', () => {
    expect(faceSimilarity(BASE, BASE)).toBe(1);
    expect(faceSimilarity(BASE, embeddingAt(0.7))).toBeCloseTo(0.7, 2);
    expect(faceSimilarity(BASE, embeddingAt(0.3))).toBeCloseTo(0.3, 2);
    expect(faceSimilarity(BASE, [1])).toBe(0); // different lengths never match
  });
});

describe('match threshold and grey band', () => {
  it('verified at or above the threshold', () => {
    const frames = turning(embeddingAt(0.61));
    const result = run({ frames });
    expect(result).toMatchObject({ outcome: 'verified', liveness: { passed: true, frames: 3 } });
    expect(result.score).toBeCloseTo(0.61, 2);
  });
  it('referred (greyBand) between the band and the threshold', () => {
    expect(run({ frames: turning(embeddingAt(0.55)) })).toMatchObject({
      outcome: 'referred',
      reason: 'greyBand',
    });
    expect(run({ frames: turning(embeddingAt(0.46)) })).toMatchObject({
      outcome: 'referred',
      reason: 'greyBand',
    });
  });
  it('failed (noMatch) below the band', () => {
    expect(run({ frames: turning(embeddingAt(0.44)) })).toMatchObject({
      outcome: 'failed',
      reason: 'noMatch',
    });
  });
  it('the score is the lowest frame: one other face in the sequence fails it', () => {
    const frames = turning();
    frames[2] = image([face({ yawDeg: 6, embedding: embeddingAt(0.2) })]);
    const result = run({ frames });
    expect(result).toMatchObject({ outcome: 'failed', reason: 'noMatch' });
  });
  it('follows the configured threshold', () => {
    const frames = turning(embeddingAt(0.61));
    expect(run({ frames, config: { ...config, matchThreshold: 0.7 } })).toMatchObject({ reason: 'greyBand' });
  });
  it('the defaults: threshold 0.6, grey band from 0.45 (chosen from the measured pairs)', () => {
    expect(DEFAULT_FACE_ENGINE_CONFIG).toMatchObject({
      matchThreshold: 0.6,
      greyBandFrom: 0.45,
      minPoseRangeDeg: 5,
    });
  });
});

describe('the motion challenge (head-pose change)', () => {
  it('passes on a yaw range or a pitch range at the minimum', () => {
    expect(poseChange([face({ yawDeg: -2.5 }), face({ yawDeg: 2.5 })], 5)).toMatchObject({
      passed: true,
      yawRangeDeg: 5,
    });
    expect(poseChange([face({ pitchDeg: 2 }), face({ pitchDeg: 7 })], 5)).toMatchObject({
      passed: true,
      pitchRangeDeg: 5,
    });
  });
  it('fails just below it, and with a single frame', () => {
    expect(poseChange([face({ yawDeg: -2.4 }), face({ yawDeg: 2.5 })], 5).passed).toBe(false);
    expect(poseChange([face({ yawDeg: 30 })], 5).passed).toBe(false);
  });
  it('a still photo repeated fails noLiveness even when it is the right person', () => {
    const still = [0, 1, 2].map(() => image([face()]));
    const result = run({ frames: still });
    expect(result).toMatchObject({ outcome: 'failed', reason: 'noLiveness', liveness: { passed: false } });
    expect(result.score).toBe(1);
  });
  it('the file fallback has no motion to check: referred, never verified', () => {
    const result = run({ source: 'file', frames: [image([face()])] });
    expect(result).toMatchObject({ outcome: 'referred', reason: 'fileFallback' });
    expect(result.liveness).toBeUndefined();
  });
});

describe('quality reasons, one frame at a time', () => {
  const first = { mustBeFrontal: true };
  it.each([
    ['noFace', image([])],
    ['tooDark', image([], { brightness: FRAME_QUALITY.minBrightness - 1 })],
    ['blurred', image([], { sharpness: FRAME_QUALITY.minSharpness - 1 })],
    ['multipleFaces', image([face(), face({ box: [10, 10, 80, 80] })])],
    ['faceTooSmall', image([face({ box: [10, 10, 95, 95] })])],
    ['faceCutOff', image([face({ touchesEdge: true })])],
    ['tooDark', image([face({ brightness: FRAME_QUALITY.minBrightness - 1 })])],
    ['blurred', image([face({ sharpness: FRAME_QUALITY.minSharpness - 1 })])],
    ['notFrontal', image([face({ yawDeg: FRAME_QUALITY.maxFrontalYawDeg + 0.5 })])],
    ['notFrontal', image([face({ pitchDeg: -FRAME_QUALITY.maxFrontalPitchDeg - 0.5 })])],
    ['notAnImage', { ok: false, problem: 'notAnImage' } as const],
  ] as const)('%s', (problem, analysis) => {
    expect(frameQuality(analysis, first)).toEqual({ problem });
  });
  it('each limit lets through what is just inside it', () => {
    const ok = (f: FoundFace) => 'face' in frameQuality(image([f]), first);
    expect(ok(face({ box: [10, 10, 96, 96] }))).toBe(true); // 0.2 × 480
    expect(ok(face({ brightness: FRAME_QUALITY.minBrightness }))).toBe(true);
    expect(ok(face({ sharpness: FRAME_QUALITY.minSharpness }))).toBe(true);
    expect(ok(face({ yawDeg: -FRAME_QUALITY.maxFrontalYawDeg }))).toBe(true);
    // A small face far behind (a poster, a passer-by) is not a second person.
    expect('face' in frameQuality(image([face(), face({ box: [0, 0, 70, 70] })]), first)).toBe(true);
  });
  it('only the first frame must look straight at the camera', () => {
    expect('face' in frameQuality(image([face({ yawDeg: 25 })]), { mustBeFrontal: false })).toBe(true);
    const frames = [image([face({ yawDeg: 25 })]), ...turning().slice(1)];
    expect(run({ frames })).toMatchObject({ outcome: 'failed', reason: 'notFrontal' });
  });
  it('the first failing frame decides, before the match', () => {
    const frames = turning(embeddingAt(0.1));
    frames[1] = image([]);
    expect(run({ frames })).toMatchObject({ outcome: 'failed', reason: 'noFace' });
  });
});

describe('the reference', () => {
  it('none → referred noReference; no usable face → referred referenceHasNoFace', () => {
    expect(run({ reference: undefined })).toMatchObject({ outcome: 'referred', reason: 'noReference' });
    expect(run({ reference: null })).toMatchObject({ outcome: 'referred', reason: 'referenceHasNoFace' });
  });
  it('takes the largest face of the ID photo, none when too small or absent', () => {
    const big = face({ box: [0, 0, 120, 120], embedding: [1] });
    expect(referenceEmbedding(image([face({ box: [0, 0, 41, 41], embedding: [2] }), big]))).toEqual([1]);
    expect(referenceEmbedding(image([face({ box: [0, 0, 30, 30] })]))).toBeNull();
    expect(referenceEmbedding(image([]))).toBeNull();
    expect(referenceEmbedding({ ok: false, problem: 'notAnImage' })).toBeNull();
  });
  it('without a reference, a person swapped mid-challenge still fails', () => {
    const frames = turning();
    frames[1] = image([face({ yawDeg: -6, embedding: embeddingAt(0.2) })]);
    expect(run({ frames, reference: undefined })).toMatchObject({ outcome: 'failed', reason: 'noMatch' });
  });
});

describe('the reference cache', () => {
  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new ReferenceCache(2);
    cache.set('a', [1]);
    cache.set('b', null);
    expect(cache.get('a')).toEqual([1]); // a is now the most recent
    cache.set('c', [3]);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toEqual([1]);
    expect(cache.get('c')).toEqual([3]);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined(); // unknown, not "no face"
  });
  it('remembers an ID with no face as null', () => {
    const cache = new ReferenceCache(2);
    cache.set('none', null);
    expect(cache.get('none')).toBeNull();
  });
});
