// Texture tracking for the flat-picture check (issue 28 §1): points of the IMAGE, not of the mesh
// model, followed from one frame to another. The mesh model puts a face's 3D shape into the
// landmarks of any face it sees, a flat print's too; the picture's own texture cannot lie that
// way: on a print or a screen every texture point moves by one homography, on a head they do not.
// Here: well-textured points inside the face (Shi-Tomasi's smaller eigenvalue, best one per grid
// cell, so the nose, eyes, mouth, cheeks, brows and jaw are all represented), each matched in the
// other frame by normalised cross-correlation of a patch (warped by the mesh homography's local
// stretch, searched around where the mesh's own local motion puts it), the peak refined to a
// sub-pixel by a parabola, and kept only if matching back lands where it started. Pure and
// deterministic: grey images and landmarks in, point pairs out; the work is bounded by counts
// (points per frame, pairs of frames, search radius), never by a clock.
import { robustHomography, type Homography, type Point2 } from './homography';

export interface GreyImage {
  /** One byte a pixel, row-major. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface TrackFrame {
  grey: GreyImage;
  /** The face's mesh landmarks in this frame (pixels). */
  mesh: readonly Point2[];
  /** The engine's head angles (degrees), to choose the pairs furthest apart. */
  yawDeg: number;
  pitchDeg: number;
}

/** The texture points of frame `pair[0]` (`from`) found again in frame `pair[1]` (`to`). */
export interface PairTracks {
  pair: [number, number];
  from: [number, number][];
  to: [number, number][];
}

export const TRACKING = {
  /** Frames whose face is wider are scaled down to this face width (pixels) first: the work grows
   *  with the square of the patch and of the search window, and sub-pixel matching at this size is
   *  still a few thousandths of a face width. */
  workFaceWidth: 180,
  /** Grid cells across the face's width; one point at most per cell. */
  cellsAcross: 14,
  /** At most this many points per frame (the best-textured first). */
  maxPoints: 160,
  /** Frame pairs tracked, the furthest apart in pose first (the figure is their largest; on the
   *  measured sets 8 pairs gave the same ranges as 4 at twice the CPU: 221 against 121 ms median). */
  maxPairs: 4,
  /** Pairs further apart than this (engine degrees, yaw and pitch together) are tracked only when
   *  no pair is nearer (trackPairs). */
  maxPairPoseDeg: 22,
  /** Patch half-side as a share of the face's width, and its bounds in pixels. */
  patchShare: 1 / 22,
  minHalf: 4,
  maxHalf: 9,
  /** Search radius around the mesh's prediction, as a share of the face width, and its bounds. */
  searchShare: 0.04,
  minSearch: 4,
  maxSearch: 10,
  /** Points must lie inside the landmarks' hull shrunk by this (away from the outline and hair). */
  hullShrink: 0.9,
  /** A point's texture (smaller eigenvalue of the structure tensor, grey levels² a pixel) at least
   *  this, and at least `relativeTexture` of the 80th percentile of the face's cells. */
  minTexture: 6,
  relativeTexture: 0.08,
  /** A match is kept with a correlation at least this … */
  minNcc: 0.75,
  /** … and when matching back from it lands within this many pixels of the start. */
  maxBackPx: 0.6,
} as const;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** Convex hull (monotone chain), counter-clockwise in image coordinates' sense of cross > 0. */
function convexHull(points: readonly Point2[]): Point2[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point2, a: Point2, b: Point2) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point2[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point2[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function insideConvex(hull: readonly Point2[], x: number, y: number): boolean {
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    if ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) < 0) return false;
  }
  return hull.length >= 3;
}

function faceWidth(mesh: readonly Point2[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const [x] of mesh) {
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  return max > min ? max - min : 0;
}

/** The patch half-side and search radius for a face of this width (pixels). */
export function trackingScale(width: number): { half: number; search: number } {
  const t = TRACKING;
  return {
    half: clamp(Math.round(width * t.patchShare), t.minHalf, t.maxHalf),
    search: clamp(Math.round(width * t.searchShare), t.minSearch, t.maxSearch),
  };
}

/**
 * Well-textured points inside the face: the structure tensor's smaller eigenvalue (Shi-Tomasi)
 * over a patch-sized window, the best pixel of each grid cell, the strongest `maxPoints` of those.
 * `margin` keeps every point's patch and search window inside the picture.
 */
export function texturePoints(grey: GreyImage, mesh: readonly Point2[], margin: number): [number, number][] {
  const t = TRACKING;
  const width = faceWidth(mesh);
  if (mesh.length < 8 || width <= 0) return [];
  const hull0 = convexHull(mesh);
  let cx = 0;
  let cy = 0;
  for (const [x, y] of mesh) {
    cx += x;
    cy += y;
  }
  cx /= mesh.length;
  cy /= mesh.length;
  const hull = hull0.map(([x, y]): Point2 => [cx + (x - cx) * t.hullShrink, cy + (y - cy) * t.hullShrink]);
  const { half } = trackingScale(width);
  const w = Math.max(2, Math.round(half * 0.6));
  const { data, width: W, height: H } = grey;
  const lo = margin;
  const x0 = clamp(Math.floor(Math.min(...hull.map((p) => p[0]))), lo, W - 1 - lo);
  const x1 = clamp(Math.ceil(Math.max(...hull.map((p) => p[0]))), lo, W - 1 - lo);
  const y0 = clamp(Math.floor(Math.min(...hull.map((p) => p[1]))), lo, H - 1 - lo);
  const y1 = clamp(Math.ceil(Math.max(...hull.map((p) => p[1]))), lo, H - 1 - lo);
  if (x1 - x0 < 4 || y1 - y0 < 4) return [];
  // Gradient products over the box (plus the window), then window sums by an integral image.
  const bx0 = Math.max(1, x0 - w);
  const by0 = Math.max(1, y0 - w);
  const bx1 = Math.min(W - 2, x1 + w);
  const by1 = Math.min(H - 2, y1 + w);
  const bw = bx1 - bx0 + 1;
  const bh = by1 - by0 + 1;
  const sxx = new Float64Array((bw + 1) * (bh + 1));
  const syy = new Float64Array((bw + 1) * (bh + 1));
  const sxy = new Float64Array((bw + 1) * (bh + 1));
  for (let y = 0; y < bh; y++) {
    let rxx = 0;
    let ryy = 0;
    let rxy = 0;
    for (let x = 0; x < bw; x++) {
      const i = (by0 + y) * W + bx0 + x;
      const gx = (data[i + 1]! - data[i - 1]!) / 2;
      const gy = (data[i + W]! - data[i - W]!) / 2;
      rxx += gx * gx;
      ryy += gy * gy;
      rxy += gx * gy;
      const k = (y + 1) * (bw + 1) + x + 1;
      const up = y * (bw + 1) + x + 1;
      sxx[k] = sxx[up]! + rxx;
      syy[k] = syy[up]! + ryy;
      sxy[k] = sxy[up]! + rxy;
    }
  }
  const area = (2 * w + 1) ** 2;
  const box = (s: Float64Array, x: number, y: number) => {
    const ax = x - bx0 - w;
    const ay = y - by0 - w;
    const bxx = x - bx0 + w + 1;
    const byy = y - by0 + w + 1;
    const r = bw + 1;
    return s[byy * r + bxx]! - s[ay * r + bxx]! - s[byy * r + ax]! + s[ay * r + ax]!;
  };
  const cell = width / t.cellsAcross;
  const cols = Math.max(1, Math.ceil((x1 - x0 + 1) / cell));
  const rows = Math.max(1, Math.ceil((y1 - y0 + 1) / cell));
  const best = new Array<{ x: number; y: number; v: number } | null>(cols * rows).fill(null);
  for (let y = y0; y <= y1; y++) {
    if (y - w < by0 || y + w > by1) continue;
    const row = Math.min(rows - 1, Math.floor((y - y0) / cell));
    for (let x = x0; x <= x1; x++) {
      if (x - w < bx0 || x + w > bx1) continue;
      const a = box(sxx, x, y) / area;
      const c = box(syy, x, y) / area;
      const b = box(sxy, x, y) / area;
      const v = (a + c) / 2 - Math.sqrt(((a - c) / 2) ** 2 + b * b);
      const k = row * cols + Math.min(cols - 1, Math.floor((x - x0) / cell));
      const current = best[k];
      if (current && current.v >= v) continue;
      if (!insideConvex(hull, x, y)) continue;
      best[k] = { x, y, v };
    }
  }
  const found = best.filter((b): b is { x: number; y: number; v: number } => b !== null);
  if (found.length === 0) return [];
  const values = found.map((b) => b.v).sort((a, b) => a - b);
  const p80 = values[Math.floor(values.length * 0.8)]!;
  const floor = Math.max(t.minTexture, p80 * t.relativeTexture);
  return found
    .filter((b) => b.v >= floor)
    .sort((a, b) => b.v - a.v || a.y - b.y || a.x - b.x)
    .slice(0, t.maxPoints)
    .map((b) => [b.x, b.y]);
}

function sample(grey: GreyImage, x: number, y: number): number {
  const { data, width, height } = grey;
  const xc = clamp(x, 0, width - 1.001);
  const yc = clamp(y, 0, height - 1.001);
  const ix = Math.floor(xc);
  const iy = Math.floor(yc);
  const fx = xc - ix;
  const fy = yc - iy;
  const i = iy * width + ix;
  return (
    data[i]! * (1 - fx) * (1 - fy) +
    data[i + 1]! * fx * (1 - fy) +
    data[i + width]! * (1 - fx) * fy +
    data[i + width + 1]! * fx * fy
  );
}

/** The local linear part (2×2, row-major) of a homography at a point. */
function jacobian(h: Homography, [x, y]: Point2): [number, number, number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  const u = (h[0]! * x + h[1]! * y + h[2]!) / w;
  const v = (h[3]! * x + h[4]! * y + h[5]!) / w;
  return [(h[0]! - u * h[6]!) / w, (h[1]! - u * h[7]!) / w, (h[3]! - v * h[6]!) / w, (h[4]! - v * h[7]!) / w];
}

/** A zero-mean, unit-norm patch of `grey` around `centre`, sampled through `m` (2×2: patch offsets
 *  to image offsets); null when it has no contrast. */
function template(grey: GreyImage, centre: Point2, m: readonly number[], half: number): Float64Array | null {
  const side = 2 * half + 1;
  const out = new Float64Array(side * side);
  let k = 0;
  let sum = 0;
  for (let dy = -half; dy <= half; dy++)
    for (let dx = -half; dx <= half; dx++) {
      const v = sample(grey, centre[0] + m[0]! * dx + m[1]! * dy, centre[1] + m[2]! * dx + m[3]! * dy);
      out[k++] = v;
      sum += v;
    }
  const mean = sum / out.length;
  let norm = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = out[i]! - mean;
    norm += out[i]! * out[i]!;
  }
  if (norm < out.length) return null; // under one grey level of contrast
  const s = 1 / Math.sqrt(norm);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * s;
  return out;
}

/** The best normalised cross-correlation of `t` in `grey` within `radius` of `around` (integer
 *  centres), refined to a sub-pixel by a parabola through the peak and its neighbours. */
function match(
  grey: GreyImage,
  t: Float64Array,
  half: number,
  around: Point2,
  radius: number,
): { at: [number, number]; ncc: number } | null {
  const { data, width, height } = grey;
  const side = 2 * half + 1;
  const n = side * side;
  const cx = Math.round(around[0]);
  const cy = Math.round(around[1]);
  if (cx - radius - half - 1 < 0 || cy - radius - half - 1 < 0) return null;
  if (cx + radius + half + 1 >= width || cy + radius + half + 1 >= height) return null;
  const span = 2 * radius + 1;
  const scores = new Float64Array(span * span).fill(-1);
  let bestK = -1;
  let best = -Infinity;
  for (let oy = -radius; oy <= radius; oy++)
    for (let ox = -radius; ox <= radius; ox++) {
      let sum = 0;
      let sq = 0;
      let dot = 0;
      let k = 0;
      for (let dy = -half; dy <= half; dy++) {
        let i = (cy + oy + dy) * width + cx + ox - half;
        for (let dx = -half; dx <= half; dx++) {
          const v = data[i++]!;
          sum += v;
          sq += v * v;
          dot += v * t[k++]!;
        }
      }
      const variance = sq - (sum * sum) / n;
      // The template is zero-mean, so Σ t·(v − mean) = Σ t·v.
      const score = variance > 1e-9 ? dot / Math.sqrt(variance) : -1;
      const idx = (oy + radius) * span + ox + radius;
      scores[idx] = score;
      if (score > best) {
        best = score;
        bestK = idx;
      }
    }
  if (bestK < 0) return null;
  const bx = (bestK % span) - radius;
  const by = Math.floor(bestK / span) - radius;
  // A peak on the window's edge is not a peak: the match lies further than the search allowed.
  if (Math.abs(bx) === radius || Math.abs(by) === radius) return null;
  const at = (ox: number, oy: number) => scores[(oy + radius) * span + ox + radius]!;
  const vertex = (l: number, c: number, r: number) => {
    const d = l - 2 * c + r;
    return d < 0 ? clamp((l - r) / (2 * d), -0.5, 0.5) : 0;
  };
  return {
    at: [
      cx + bx + vertex(at(bx - 1, by), best, at(bx + 1, by)),
      cy + by + vertex(at(bx, by - 1), best, at(bx, by + 1)),
    ],
    ncc: best,
  };
}

/**
 * The k landmarks nearest to p (distance, index), nearest first, ties by index: the neighbourhood
 * both the tracking's starting guess and the plane fit's depth at a texture point are weighted over.
 */
export function nearestLandmarks(p: Point2, mesh: readonly Point2[], k: number): { d: number; i: number }[] {
  const near: { d: number; i: number }[] = [];
  for (let i = 0; i < mesh.length; i++) {
    const d = Math.hypot(mesh[i]![0] - p[0], mesh[i]![1] - p[1]);
    if (near.length < k || d < near[near.length - 1]!.d) {
      near.push({ d, i });
      near.sort((x, y) => x.d - y.d || x.i - y.i);
      if (near.length > k) near.pop();
    }
  }
  return near;
}

/** Where the mesh's own local motion puts a point of frame a in frame b: the displacement of its
 *  nearest landmarks, weighted by inverse distance (only a starting guess for the search). */
function meshPrediction(p: Point2, a: readonly Point2[], b: readonly Point2[]): [number, number] {
  const near = nearestLandmarks(p, a, 6);
  let wx = 0;
  let wy = 0;
  let ws = 0;
  for (const { d, i } of near) {
    const w = 1 / (d + 1);
    wx += w * (b[i]![0] - a[i]![0]);
    wy += w * (b[i]![1] - a[i]![1]);
    ws += w;
  }
  return ws > 0 ? [p[0] + wx / ws, p[1] + wy / ws] : [p[0], p[1]];
}

function invert2([a, b, c, d]: readonly number[]): [number, number, number, number] | null {
  const det = a! * d! - b! * c!;
  if (Math.abs(det) < 1e-9) return null;
  return [d! / det, -b! / det, -c! / det, a! / det];
}

/**
 * Tracks `points` of frame a into frame b. `h` is the mesh homography a→b: its local stretch
 * warps each patch so a turned picture's foreshortening does not weaken the match; where the
 * match lands is the image's answer, not the mesh's.
 */
export function trackPoints(
  a: GreyImage,
  b: GreyImage,
  meshA: readonly Point2[],
  meshB: readonly Point2[],
  h: Homography,
  points: readonly Point2[],
): { from: [number, number][]; to: [number, number][] } {
  const t = TRACKING;
  const width = (faceWidth(meshA) + faceWidth(meshB)) / 2;
  const { half, search } = trackingScale(width);
  const from: [number, number][] = [];
  const to: [number, number][] = [];
  for (const p of points) {
    const j = jacobian(h, p);
    const inv = invert2(j);
    if (!inv) continue;
    // Forward: frame a's patch, as it should look in b, searched for in b.
    const ta = template(a, p, inv, half);
    if (!ta) continue;
    const forward = match(b, ta, half, meshPrediction(p, meshA, meshB), search);
    if (!forward || forward.ncc < t.minNcc) continue;
    // Back: b's patch around the match, as it should look in a, searched for near the start.
    const tb = template(b, forward.at, j, half);
    if (!tb) continue;
    const back = match(a, tb, half, p, 2);
    if (!back || back.ncc < t.minNcc) continue;
    if (Math.hypot(back.at[0] - p[0], back.at[1] - p[1]) > t.maxBackPx) continue;
    from.push([p[0], p[1]]);
    to.push(forward.at);
  }
  return { from, to };
}

/**
 * The frame pairs to track: furthest apart in the engine's pose first, at most `maxPairs`, but none
 * further apart than `maxPairPoseDeg` while some pair is within it: a head's texture does not
 * match across a turn from one side to the other (a three-move challenge holds both sides: a
 * rendered head turned 27° right and 27° left, 27 engine-degrees apart, kept no point on any of its
 * four furthest pairs), and one side against the middle or a nod shows its depth as well.
 */
export function trackPairs(frames: readonly Pick<TrackFrame, 'yawDeg' | 'pitchDeg'>[]): [number, number][] {
  const pairs: { pair: [number, number]; d: number }[] = [];
  for (let i = 0; i < frames.length; i++)
    for (let j = i + 1; j < frames.length; j++) {
      const a = frames[i]!;
      const b = frames[j]!;
      pairs.push({ pair: [i, j], d: Math.hypot(a.yawDeg - b.yawDeg, a.pitchDeg - b.pitchDeg) });
    }
  pairs.sort((x, y) => y.d - x.d || x.pair[0] - y.pair[0] || x.pair[1] - y.pair[1]);
  const within = pairs.filter((p) => p.d <= TRACKING.maxPairPoseDeg);
  return (within.length > 0 ? within : pairs).slice(0, TRACKING.maxPairs).map((p) => p.pair);
}

/** `grey` scaled by s ≤ 1, each output pixel the mean of the input pixels it covers (no aliasing
 *  from the skipped ones). */
export function scaleGrey(grey: GreyImage, s: number): GreyImage {
  if (s >= 1) return grey;
  const { data, width, height } = grey;
  const W = Math.max(1, Math.floor(width * s));
  const H = Math.max(1, Math.floor(height * s));
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1]! + row;
    }
  }
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const ya = Math.floor(y / s);
    const yb = Math.max(ya + 1, Math.min(height, Math.floor((y + 1) / s)));
    for (let x = 0; x < W; x++) {
      const xa = Math.floor(x / s);
      const xb = Math.max(xa + 1, Math.min(width, Math.floor((x + 1) / s)));
      const r = width + 1;
      const sum =
        integral[yb * r + xb]! - integral[ya * r + xb]! - integral[yb * r + xa]! + integral[ya * r + xa]!;
      out[y * W + x] = Math.round(sum / ((yb - ya) * (xb - xa)));
    }
  }
  return { data: out, width: W, height: H };
}

/** The part of `grey` inside [x0, x1) × [y0, y1) (clamped to the picture). */
function crop(
  grey: GreyImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): { grey: GreyImage; left: number; top: number } {
  const left = clamp(Math.floor(x0), 0, grey.width - 1);
  const top = clamp(Math.floor(y0), 0, grey.height - 1);
  const width = clamp(Math.ceil(x1), left + 1, grey.width) - left;
  const height = clamp(Math.ceil(y1), top + 1, grey.height) - top;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(
      grey.data.subarray((top + y) * grey.width + left, (top + y) * grey.width + left + width),
      y * width,
    );
  return { grey: { data, width, height }, left, top };
}

/** Texture tracks between the frames' pairs furthest apart (see the file's head), in the frames'
 *  own pixels. Each frame is cut to its face (and a margin for the search) and, when the face is
 *  wider than `workFaceWidth`, scaled down first. */
export function textureTracks(given: readonly TrackFrame[]): PairTracks[] {
  const widths = given.map((f) => faceWidth(f.mesh)).sort((a, b) => a - b);
  const median = widths[Math.floor(widths.length / 2)] ?? 0;
  const s = median > TRACKING.workFaceWidth ? TRACKING.workFaceWidth / median : 1;
  const places = given.map((f) => {
    const xs = f.mesh.map((p) => p[0]);
    const ys = f.mesh.map((p) => p[1]);
    const margin = 0.4 * median;
    const part = crop(
      f.grey,
      Math.min(...xs) - margin,
      Math.min(...ys) - margin,
      Math.max(...xs) + margin,
      Math.max(...ys) + margin,
    );
    // A pixel's centre x maps to (x − left + 0.5)·s − 0.5 in the cut, scaled picture.
    const down = ([x, y]: Point2): Point2 => [
      (x - part.left + 0.5) * s - 0.5,
      (y - part.top + 0.5) * s - 0.5,
    ];
    const up = ([x, y]: Point2): [number, number] => [
      (x + 0.5) / s - 0.5 + part.left,
      (y + 0.5) / s - 0.5 + part.top,
    ];
    return { frame: { ...f, grey: scaleGrey(part.grey, s), mesh: f.mesh.map(down) }, up };
  });
  return trackScaled(places.map((p) => p.frame)).map((t) => ({
    pair: t.pair,
    from: t.from.map(places[t.pair[0]]!.up),
    to: t.to.map(places[t.pair[1]]!.up),
  }));
}

function trackScaled(frames: readonly TrackFrame[]): PairTracks[] {
  const out: PairTracks[] = [];
  const chosen = new Map<number, [number, number][]>();
  for (const [i, j] of trackPairs(frames)) {
    const a = frames[i]!;
    const b = frames[j]!;
    if (a.mesh.length < 8 || a.mesh.length !== b.mesh.length) continue;
    const fit = robustHomography(a.mesh, b.mesh);
    if (!fit) continue;
    const width = faceWidth(a.mesh);
    const { half, search } = trackingScale(width);
    let points = chosen.get(i);
    if (!points) {
      points = texturePoints(a.grey, a.mesh, half + search + 3);
      chosen.set(i, points);
    }
    out.push({ pair: [i, j], ...trackPoints(a.grey, b.grey, a.mesh, b.mesh, fit.h, points) });
  }
  return out;
}
