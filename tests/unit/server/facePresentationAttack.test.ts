// The presentation-attack rules without the engine (issue 28): the homography fit, the plane-fit
// residual of a flat picture against a head with depth, the unwrapped face's hash, and the verdict's
// place in decide(). The geometry is made here from 3D points under a perspective camera, so each
// rule is tested on the physics it relies on, not on pictures.
import { describe, expect, it } from 'vitest';
import { lcgRandom } from '../../support/lcgRandom';
import {
  applyHomography,
  fitHomography,
  robustHomography,
  type Point2,
} from '../../../src/server/services/verification/face/homography';
import { meshWidth, planeResidual } from '../../../src/server/services/verification/face/planeFit';
import {
  hashDistance,
  textureHash,
  unwrapFace,
  TEXTURE_SIDE,
} from '../../../src/server/services/verification/face/faceTexture';
import {
  judgePresentation,
  type FaceAttackThresholds,
} from '../../../src/server/services/verification/face/presentationAttack';
import { decide } from '../../../src/server/services/verification/face/decide';
import type { FoundFace, ImageAnalysis } from '../../../src/server/services/verification/face/analysis';
import { DEFAULT_FACE_ENGINE_CONFIG } from '../../../src/server/services/verification/face/engineConfig';

const random = lcgRandom;

/** 200 points of a face-sized object (units: cm), depth given by `depth(x, y)`. */
function object(depth: (x: number, y: number) => number, seed = 1): [number, number, number][] {
  const r = random(seed);
  return Array.from({ length: 200 }, () => {
    const x = (r() - 0.5) * 14;
    const y = (r() - 0.5) * 18;
    return [x, y, depth(x, y)];
  });
}
/** A head: the nose and the face's middle stand out, the sides fall back (an ellipsoid's front). */
const head = (x: number, y: number) => -6 * Math.sqrt(Math.max(0, 1 - (x / 8) ** 2 - (y / 11) ** 2));
const flat = () => 0;

/** Rotated about the vertical (yaw) and horizontal (pitch) axes through (0, 0, 5), seen from 45 cm. */
function project(
  points: [number, number, number][],
  yawDeg: number,
  pitchDeg = 0,
  noise = 0,
  seed = 7,
): Point2[] {
  const r = random(seed);
  const a = (yawDeg * Math.PI) / 180;
  const b = (pitchDeg * Math.PI) / 180;
  const focal = 600;
  return points.map(([x, y, z0]) => {
    const z = z0 - 5;
    const x1 = x * Math.cos(a) + z * Math.sin(a);
    const z1 = -x * Math.sin(a) + z * Math.cos(a);
    const y2 = y * Math.cos(b) - z1 * Math.sin(b);
    const z2 = y * Math.sin(b) + z1 * Math.cos(b) + 5 + 45;
    return [320 + (focal * x1) / z2 + (r() - 0.5) * noise, 240 + (focal * y2) / z2 + (r() - 0.5) * noise];
  });
}

/** The depth a mesh model gives each point (a face's shape, whatever it is shown: a flat picture of
 *  a face gets a face's depth too), in the camera's frame after the turn. */
function modelDepth(points: [number, number, number][], yawDeg: number): number[] {
  const a = (yawDeg * Math.PI) / 180;
  return points.map(([x, y]) => {
    const z = head(x, y) - 5;
    return -x * Math.sin(a) + z * Math.cos(a);
  });
}

const thresholds: FaceAttackThresholds = DEFAULT_FACE_ENGINE_CONFIG.attack;

describe('homography', () => {
  it('recovers a known transform exactly and maps points through it', () => {
    const h = [1.1, 0.05, 12, -0.03, 0.95, -7, 0.0004, -0.0002, 1];
    const from: Point2[] = object(flat).map(([x, y]) => [x * 10, y * 10]);
    const to = from.map((p) => applyHomography(h, p));
    const fit = fitHomography(from, to)!;
    fit.forEach((v, i) => expect(v).toBeCloseTo(h[i]!, 6));
  });
  it('refuses fewer than four points, unequal lists and degenerate (collinear) sets', () => {
    const line: Point2[] = [0, 1, 2, 3, 4].map((i) => [i, i]);
    expect(fitHomography(line.slice(0, 3), line.slice(0, 3))).toBeNull();
    expect(fitHomography(line, line.slice(0, 4))).toBeNull();
    expect(fitHomography(line, line)).toBeNull();
  });
  it('is not pulled by a few misplaced points (the trimmed fit)', () => {
    const from = project(object(flat), 0);
    const to = project(object(flat), 20);
    const spoiled = to.map(([x, y], i) => (i % 25 === 0 ? ([x + 40, y - 30] as Point2) : ([x, y] as Point2)));
    expect(robustHomography(from, spoiled)!.rms).toBeLessThan(1e-6);
    expect(robustHomography(from, spoiled, { rounds: 0 })!.rms).toBeGreaterThan(1);
  });
});

describe('the plane-fit residual', () => {
  it('a flat picture turned and tilted any way is explained by one plane: residual near zero', () => {
    const pts = object(flat);
    for (const [yaw, pitch] of [
      [25, 0],
      [-30, 10],
      [0, -25],
      [15, 15],
    ] as const) {
      const r = planeResidual([project(pts, 0), project(pts, yaw, pitch)]);
      expect(r.residual).toBeLessThan(1e-6);
    }
  });
  it('a head turning 15° or more leaves parallax far above the threshold; with landmark noise too', () => {
    const pts = object(head);
    for (const [yaw, pitch] of [
      [15, 0],
      [-20, 0],
      [0, 15],
    ] as const) {
      const r = planeResidual([project(pts, 0, 0, 1), project(pts, yaw, pitch, 1, 9)]);
      const flatNoisy = planeResidual([
        project(object(flat), 0, 0, 1),
        project(object(flat), yaw, pitch, 1, 9),
      ]);
      expect(r.residual).toBeGreaterThan(flatNoisy.residual * 3);
    }
  });
  it("the part of the residual that follows depth: all of a head's, almost none of a noisy flat picture's", () => {
    const pts = object(head);
    const live = planeResidual([project(pts, 0, 0, 1), project(pts, 20, 0, 1, 9)], [modelDepth(pts, 0)]);
    expect(live.depthParallax).toBeGreaterThan(thresholds.planeResidualMin * 1.5);
    expect(live.depthParallax).toBeGreaterThan(live.residual * 0.8);
    // Heavy landmark noise (3 px) on a flat picture: a large residual, little of it along depth.
    const flatPts = object(flat);
    const noisy = planeResidual(
      [project(flatPts, 0, 0, 3), project(flatPts, 20, 0, 3, 9)],
      [modelDepth(pts, 0)],
    );
    expect(noisy.residual).toBeGreaterThan(noisy.depthParallax * 3);
    expect(noisy.depthParallax).toBeLessThan(thresholds.planeResidualMin);
    // Without depths there is nothing to follow.
    expect(planeResidual([project(pts, 0), project(pts, 20)]).depthParallax).toBe(0);
  });
  it('is relative to the face: the same scene nearer the camera gives the same residual', () => {
    const pts = object(head);
    const near = [project(pts, 0), project(pts, 20)];
    const scale = (ps: Point2[]) => ps.map(([x, y]) => [x * 2, y * 2] as Point2);
    expect(planeResidual(near.map(scale)).residual).toBeCloseTo(planeResidual(near).residual, 6);
  });
  it('takes the frame pair with the most parallax and names it', () => {
    const pts = object(head);
    const r = planeResidual([project(pts, 2), project(pts, -20), project(pts, 20)]);
    expect(r.pair).toEqual([1, 2]);
  });
  it('measures the face width from the landmarks', () => {
    expect(
      meshWidth([
        [3, 0],
        [10, 5],
        [-2, 1],
      ]),
    ).toBe(12);
    expect(meshWidth([])).toBe(0);
  });
});

describe('the unwrapped face and its hash', () => {
  const side = 120;
  /** A picture with a pattern, and a "mesh" of grid points on it. */
  function picture(seed: number): Uint8Array {
    const r = random(seed);
    const blobs = Array.from({ length: 12 }, () => [r() * side, r() * side, 8 + r() * 14, r() * 255]);
    const px = new Uint8Array(side * side);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        let v = 90;
        for (const [bx, by, br, bv] of blobs) if ((x - bx!) ** 2 + (y - by!) ** 2 < br! ** 2) v = bv!;
        px[y * side + x] = v;
      }
    return px;
  }
  const uv: Point2[] = [];
  for (let i = 0; i <= 6; i++) for (let j = 0; j <= 6; j++) uv.push([i / 6, j / 6]);
  const mesh = (h: number[]): Point2[] =>
    uv.map(([u, v]) => applyHomography(h, [u * 100 + 10, v * 100 + 10]));

  it('the same picture seen through another homography unwraps to nearly the same hash', () => {
    const px = picture(3);
    const a = unwrapFace(px, side, side, mesh([1, 0, 0, 0, 1, 0, 0, 0, 1]), uv)!;
    // The same picture, the landmarks found where they are: identical; a second picture: far.
    expect(a).toHaveLength(TEXTURE_SIDE * TEXTURE_SIDE);
    expect(hashDistance(textureHash(a), textureHash(a))).toBe(0);
    const other = unwrapFace(picture(4), side, side, mesh([1, 0, 0, 0, 1, 0, 0, 0, 1]), uv)!;
    expect(hashDistance(textureHash(a), textureHash(other))).toBeGreaterThan(12);
  });
  it('is brightness-blind (the DC term is left out)', () => {
    const px = picture(5);
    const brighter = px.map((v) => Math.min(255, v + 30));
    const m = mesh([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(
      hashDistance(
        textureHash(unwrapFace(px, side, side, m, uv)!),
        textureHash(unwrapFace(brighter, side, side, m, uv)!),
      ),
    ).toBeLessThanOrEqual(2);
  });
  it('needs landmarks to place the face', () => {
    expect(unwrapFace(picture(1), side, side, [], uv)).toBeNull();
  });
});

const BASE = [0, 0, 0, 0];
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
    antispoof: 0.8,
    liveModel: 0.9,
    texture: null,
    ...overrides,
  };
}
const image = (f: FoundFace): ImageAnalysis => ({
  ok: true,
  width: 640,
  height: 480,
  brightness: 130,
  sharpness: 900,
  faces: [f],
});
const engine = { name: 'human', version: 'test' };
const config = { ...DEFAULT_FACE_ENGINE_CONFIG };

/** Frames of an object turning 0 → −yaw → +yaw, its landmarks projected. */
function capture(depth: (x: number, y: number) => number, yaw = 20): FoundFace[] {
  const pts = object(depth);
  return [0, -yaw, yaw].map((y) =>
    face({ yawDeg: y / 2, mesh: project(pts, y) as [number, number][], meshDepth: modelDepth(pts, y) }),
  );
}

describe('the verdict', () => {
  it('a head that turns is verified; a flat picture turned the same way fails presentationAttack', () => {
    const live = decide({
      source: 'camera',
      frames: capture(head).map(image),
      reference: BASE,
      config,
      engine,
    });
    expect(live).toMatchObject({ outcome: 'verified', attack: { planeResidual: { passed: true } } });
    const flatOne = decide({
      source: 'camera',
      frames: capture(flat).map(image),
      reference: BASE,
      config,
      engine,
    });
    expect(flatOne).toMatchObject({
      outcome: 'failed',
      reason: 'presentationAttack',
      attack: { planeResidual: { passed: false, threshold: config.attack.planeResidualMin } },
    });
  });
  it('a flat picture is never referred either: not without a reference, not in the grey band', () => {
    for (const reference of [undefined, null]) {
      expect(
        decide({ source: 'camera', frames: capture(flat).map(image), reference, config, engine }),
      ).toMatchObject({ outcome: 'failed', reason: 'presentationAttack' });
    }
  });
  it('the movement is judged first: a picture held still fails noLiveness, not as an attack', () => {
    const pts = object(flat);
    const still = [0, 0, 0].map(() => image(face({ mesh: project(pts, 0) as [number, number][] })));
    expect(decide({ source: 'camera', frames: still, reference: BASE, config, engine })).toMatchObject({
      outcome: 'failed',
      reason: 'noLiveness',
    });
  });
  it('the ID portrait reused fails even from the file picker; a look-alike picture does not', () => {
    const texture = Array.from({ length: TEXTURE_SIDE * TEXTURE_SIDE }, (_, i) => (i * 37) % 251);
    const reference = { embedding: BASE, texture };
    const same = decide({
      source: 'file',
      frames: [image(face({ texture }))],
      reference,
      config,
      engine,
    });
    expect(same).toMatchObject({
      outcome: 'failed',
      reason: 'presentationAttack',
      attack: { idReuse: { reused: true, hashDistance: 0, similarity: 1 } },
    });
    const otherTexture = Array.from({ length: TEXTURE_SIDE * TEXTURE_SIDE }, (_, i) => (i * 53) % 241);
    expect(
      decide({ source: 'file', frames: [image(face({ texture: otherTexture }))], reference, config, engine }),
    ).toMatchObject({ outcome: 'referred', reason: 'fileFallback', attack: { idReuse: { reused: false } } });
  });
  it('ID reuse needs both signals: the same pixels but another identity is not reuse', () => {
    const texture = Array.from({ length: TEXTURE_SIDE * TEXTURE_SIDE }, (_, i) => (i * 37) % 251);
    const judged = judgePresentation(
      [face({ texture, embedding: [30, 0, 0, 0] })],
      { embedding: BASE, texture },
      thresholds,
    );
    expect(judged.evidence.idReuse).toMatchObject({ hashDistance: 0, reused: false });
    expect(judged.verdict).toBeNull();
  });
  it('ID reuse is judged frame by frame: one frame as similar and another as close in pixels is not one picture', () => {
    const texture = Array.from({ length: TEXTURE_SIDE * TEXTURE_SIDE }, (_, i) => (i * 37) % 251);
    const otherTexture = Array.from({ length: TEXTURE_SIDE * TEXTURE_SIDE }, (_, i) => (i * 53) % 241);
    const reference = { embedding: BASE, texture };
    const split = judgePresentation(
      [face({ texture: otherTexture }), face({ texture, embedding: [30, 0, 0, 0] })],
      reference,
      thresholds,
    );
    // The frame shown is the most similar one, with its own hash distance.
    expect(split.evidence.idReuse).toMatchObject({ similarity: 1, reused: false });
    expect(split.evidence.idReuse!.hashDistance).toBeGreaterThan(thresholds.reuseHashMax);
    // One reused frame among others is enough, and it is the frame shown.
    const oneReused = judgePresentation(
      [face({ texture: otherTexture }), face({ texture }), face({ texture, embedding: [30, 0, 0, 0] })],
      reference,
      thresholds,
    );
    expect(oneReused.evidence.idReuse).toMatchObject({ similarity: 1, hashDistance: 0, reused: true });
    expect(oneReused.verdict).toBe('idReused');
  });
  it('the asked movement must be seen in its order, before any attack is judged', () => {
    // capture(): yaw 0 → −10 (the person's own left) → +10 (right)
    const asked = (challenge: 'left-right' | 'right-left', depth = head) =>
      decide({
        source: 'camera',
        frames: capture(depth).map(image),
        challenge,
        reference: BASE,
        config,
        engine,
      });
    expect(asked('left-right')).toMatchObject({
      outcome: 'verified',
      attack: { challenge: { asked: 'left-right', seen: ['left', 'right'], passed: true } },
    });
    expect(asked('right-left')).toMatchObject({
      outcome: 'failed',
      reason: 'challengeNotSeen',
      attack: { challenge: { asked: 'right-left', seen: ['left', 'right'], passed: false } },
    });
    // A flat picture turned as asked still fails as what it is.
    expect(asked('left-right', flat)).toMatchObject({ outcome: 'failed', reason: 'presentationAttack' });
    // The file picker has no movement to ask for.
    const file = decide({
      source: 'file',
      frames: [image(face())],
      challenge: 'left-right',
      reference: BASE,
      config,
      engine,
    });
    expect(file).toMatchObject({ outcome: 'referred', reason: 'fileFallback', attack: { challenge: null } });
  });
  it('the models vote only when a threshold is set; their lowest score is the evidence', () => {
    const frames = capture(head);
    frames[1] = { ...frames[1]!, antispoof: 0.2 };
    const evidenceOnly = judgePresentation(frames, undefined, thresholds);
    expect(evidenceOnly.evidence.antispoof).toEqual({ score: 0.2, threshold: 0, decides: false });
    expect(evidenceOnly.verdict).toBeNull();
    const voting = judgePresentation(frames, undefined, { ...thresholds, antispoofMin: 0.3 });
    expect(voting.verdict).toBe('modelSpoof');
    const live = judgePresentation(frames, undefined, { ...thresholds, liveModelMin: 0.95 });
    expect(live.verdict).toBe('modelSpoof');
    expect(judgePresentation(frames, undefined, { ...thresholds, liveModelMin: 0.85 }).verdict).toBeNull();
  });
});
