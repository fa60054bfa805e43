// The flat-picture check (issue 28 §1): how much of the landmarks' movement between frames one plane
// projective transform leaves unexplained. A printed photo or a screen, turned and tilted, moves
// every landmark by a homography, so what is left is the mesh's own jitter; a head turning shows
// parallax (the nose tip, the eyes and the face's outline lie at different depths). The figure is
// relative to the face's size, so distance and resolution do not matter.
import { applyHomography, robustHomography, solve, type Point2 } from './homography';
import { nearestLandmarks, type PairTracks } from './textureTracking';

export interface PlaneFitResult {
  /** The largest trimmed-RMS residual over the frame pairs judged, in face widths. */
  residual: number;
  /** The largest part of a pair's residual that follows the landmarks' depth (face widths): what a
   *  turning head's parallax looks like. Landmark noise, which a blurred or small picture has more
   *  of, does not follow depth. 0 without depths. */
  depthParallax: number;
  /** The pair it came from (frame indices), for the evidence. */
  pair: [number, number] | null;
}

/** Width of the landmarks' extent: the face's size in the frame. */
export function meshWidth(mesh: readonly Point2[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const [x] of mesh) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return max > min ? max - min : 0;
}

/**
 * Residual between the frames with the most pose change: every frame against the first (frontal)
 * one and against each other, the largest value (parallax grows with the rotation between the two
 * views, so the pair furthest apart says the most; a flat picture stays flat in every pair).
 */
export function planeResidual(
  meshes: readonly (readonly Point2[])[],
  depths: readonly (readonly number[])[] = [],
): PlaneFitResult {
  let best: PlaneFitResult = { residual: 0, depthParallax: 0, pair: null };
  for (let i = 0; i < meshes.length; i++) {
    for (let j = i + 1; j < meshes.length; j++) {
      const a = meshes[i]!;
      const b = meshes[j]!;
      if (a.length < 8 || a.length !== b.length) continue;
      const fit = robustHomography(a, b);
      const width = (meshWidth(a) + meshWidth(b)) / 2;
      if (!fit || width <= 0) continue;
      const residual = fit.rms / width;
      const depth = depths[i];
      const parallax = depth && depth.length === a.length ? alongDepth(a, b, depth, fit.h) / width : 0;
      if (residual > best.residual) best = { ...best, residual, pair: [i, j] };
      if (parallax > best.depthParallax) best = { ...best, depthParallax: parallax };
    }
  }
  return best;
}

/** Depth with its best plane (z ≈ αx + βy + γ) taken out: the part a homography cannot absorb. */
function depthOffPlane(points: readonly Point2[], depth: readonly number[]): number[] {
  // Normal equations of the 3-parameter least squares fit.
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const r = [0, 0, 0];
  points.forEach(([x, y], k) => {
    const row = [x, y, 1];
    for (let i = 0; i < 3; i++) {
      r[i]! += row[i]! * depth[k]!;
      for (let j = 0; j < 3; j++) m[i]![j]! += row[i]! * row[j]!;
    }
  });
  const coef = solve(m, r);
  if (!coef) return depth.map(() => 0);
  return points.map(([x, y], k) => depth[k]! - (coef[0]! * x + coef[1]! * y + coef[2]!));
}

/**
 * How much of what the homography leaves follows depth: the residual vectors regressed on the
 * landmarks' depth off its plane (one 2D direction of parallax for the pair), answered as the RMS
 * displacement that regression explains, in pixels. A flat picture's residual is noise, and noise
 * is nearly orthogonal to a 468-point depth pattern; a head's residual is that pattern.
 */
function alongDepth(
  a: readonly Point2[],
  b: readonly Point2[],
  depth: readonly number[],
  h: readonly number[],
): number {
  const off = depthOffPlane(a, depth);
  let dd = 0;
  let dx = 0;
  let dy = 0;
  a.forEach((p, k) => {
    const [u, v] = applyHomography(h, p);
    const ex = b[k]![0] - u;
    const ey = b[k]![1] - v;
    dd += off[k]! * off[k]!;
    dx += off[k]! * ex;
    dy += off[k]! * ey;
  });
  if (dd <= 0) return 0;
  // Explained displacement of point k: off[k]·(dx, dy)/dd; its RMS over the points.
  return (Math.hypot(dx, dy) / dd) * Math.sqrt(dd / a.length);
}

/** What the image's own texture says (textureTracking.ts): the same figures as planeResidual, over
 *  tracked texture points instead of the mesh model's landmarks. */
export interface TextureFitResult extends PlaneFitResult {
  /** The fewest points tracked in a pair that was judged (the figure rests on at least these). */
  points: number;
  /** Pairs with enough tracked points to be judged. */
  pairs: number;
}

/** A pair needs at least this many tracked points to be judged (a homography has 8 unknowns; a
 *  few dozen points over the face say where its parallax is). */
export const MIN_TRACKED_POINTS = 24;

/** The mesh model's depth at a texture point: its nearest landmarks' depths, inverse-distance
 *  weighted (only a regressor: what parallax would follow, never a movement itself). */
function depthAt(p: Point2, mesh: readonly Point2[], depth: readonly number[]): number {
  const near = nearestLandmarks(p, mesh, 4);
  let s = 0;
  let w = 0;
  for (const { d, i } of near) {
    s += depth[i]! / (d + 1);
    w += 1 / (d + 1);
  }
  return w > 0 ? s / w : 0;
}

/**
 * The plane fit over texture tracks: per pair, a robust homography over the tracked points, its
 * trimmed RMS and the part of its residual that follows the mesh's depth at those points, both in
 * face widths; the largest over the pairs with at least MIN_TRACKED_POINTS tracks. A flat object's
 * texture moves by one homography whatever the mesh model believes, so its figures are matching
 * noise; a head's are its parallax.
 */
export function textureResidual(
  tracks: readonly PairTracks[],
  meshes: readonly (readonly Point2[])[],
  depths: readonly (readonly number[])[] = [],
): TextureFitResult {
  let best: TextureFitResult = { residual: 0, depthParallax: 0, pair: null, points: 0, pairs: 0 };
  let fewest = Infinity;
  for (const { pair, from, to } of tracks) {
    const [i, j] = pair;
    const a = meshes[i];
    const b = meshes[j];
    if (!a || !b || from.length < MIN_TRACKED_POINTS || from.length !== to.length) continue;
    const fit = robustHomography(from, to);
    const width = (meshWidth(a) + meshWidth(b)) / 2;
    if (!fit || width <= 0) continue;
    best.pairs++;
    fewest = Math.min(fewest, from.length);
    const residual = fit.rms / width;
    const depth = depths[i];
    const parallax =
      depth && depth.length === a.length
        ? alongDepth(
            from,
            to,
            from.map((p) => depthAt(p, a, depth)),
            fit.h,
          ) / width
        : 0;
    if (residual > best.residual) best = { ...best, residual, pair: [i, j] };
    if (parallax > best.depthParallax) best = { ...best, depthParallax: parallax };
  }
  return { ...best, points: best.pairs ? fewest : 0 };
}
