// The flat-picture check (issue 28 §1): how much of the landmarks' movement between frames one plane
// projective transform leaves unexplained. A printed photo or a screen, turned and tilted, moves
// every landmark by a homography, so what is left is the mesh's own jitter; a head turning shows
// parallax (the nose tip, the eyes and the face's outline lie at different depths). The figure is
// relative to the face's size, so distance and resolution do not matter.
import { robustHomography, type Point2 } from './homography';

export interface PlaneFitResult {
  /** The largest trimmed-RMS residual over the frame pairs judged, in face widths. */
  residual: number;
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
export function planeResidual(meshes: readonly (readonly Point2[])[]): PlaneFitResult {
  let best: PlaneFitResult = { residual: 0, pair: null };
  for (let i = 0; i < meshes.length; i++) {
    for (let j = i + 1; j < meshes.length; j++) {
      const a = meshes[i]!;
      const b = meshes[j]!;
      if (a.length < 8 || a.length !== b.length) continue;
      const fit = robustHomography(a, b);
      const width = (meshWidth(a) + meshWidth(b)) / 2;
      if (!fit || width <= 0) continue;
      const residual = fit.rms / width;
      if (residual > best.residual) best = { residual, pair: [i, j] };
    }
  }
  return best;
}
