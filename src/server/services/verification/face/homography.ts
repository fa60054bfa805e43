// Plane projective transforms (homographies) between two sets of corresponding 2D points: the
// geometry behind the flat-picture check (planeFit.ts) and the face unwrapping of the ID-reuse check
// (faceTexture.ts). A flat picture seen by a camera, however it is turned, moves every point of it
// by one homography; the points of a head (nose tip, eyes, cheeks, the face's outline) lie at
// different depths and do not (parallax). Pure arithmetic, no dependencies.

export type Point2 = readonly [number, number];
/** Row-major 3×3, h[8] fixed to 1. */
export type Homography = readonly number[];

/** Solves A·x = b (n×n, row-major) by Gaussian elimination with partial pivoting; null if singular. */
export function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]!;
    for (let r = col + 1; r < n; r++) {
      const row = m[r]!;
      const f = row[col]! / p[col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) row[c] = row[c]! - f * p[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r]!;
    let s = row[n]!;
    for (let c = r + 1; c < n; c++) s -= row[c]! * x[c]!;
    x[r] = s / row[r]!;
  }
  return x;
}

/** Hartley normalisation: centre on the mean, scale so the mean distance is √2. */
function normaliser(points: readonly Point2[]): { t: Homography; apply: (p: Point2) => Point2 } {
  let mx = 0;
  let my = 0;
  for (const [x, y] of points) {
    mx += x;
    my += y;
  }
  mx /= points.length;
  my /= points.length;
  let d = 0;
  for (const [x, y] of points) d += Math.hypot(x - mx, y - my);
  d /= points.length;
  const s = d > 0 ? Math.SQRT2 / d : 1;
  return {
    t: [s, 0, -s * mx, 0, s, -s * my, 0, 0, 1],
    apply: ([x, y]) => [s * (x - mx), s * (y - my)],
  };
}

function multiply(a: Homography, b: Homography): number[] {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += a[r * 3 + k]! * b[k * 3 + c]!;
      out[r * 3 + c] = s;
    }
  return out;
}

function invertSimilarity(t: Homography): number[] {
  // t = [s 0 tx; 0 s ty; 0 0 1]
  const s = t[0]!;
  return [1 / s, 0, -t[2]! / s, 0, 1 / s, -t[5]! / s, 0, 0, 1];
}

export function applyHomography(h: Homography, [x, y]: Point2): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/**
 * The least-squares homography taking `from[i]` to `to[i]` (direct linear transform on normalised
 * coordinates, h33 = 1), or null when the points do not determine one (fewer than 4, collinear).
 */
export function fitHomography(from: readonly Point2[], to: readonly Point2[]): number[] | null {
  if (from.length !== to.length || from.length < 4) return null;
  const nf = normaliser(from);
  const nt = normaliser(to);
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  const add = (row: number[], rhs: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i] = atb[i]! + row[i]! * rhs;
      const ai = ata[i]!;
      for (let j = 0; j < 8; j++) ai[j] = ai[j]! + row[i]! * row[j]!;
    }
  };
  for (let i = 0; i < from.length; i++) {
    const [x, y] = nf.apply(from[i]!);
    const [u, v] = nt.apply(to[i]!);
    add([x, y, 1, 0, 0, 0, -x * u, -y * u], u);
    add([0, 0, 0, x, y, 1, -x * v, -y * v], v);
  }
  const h = solve(ata, atb);
  if (!h) return null;
  // Undo the normalisations: H = T_to⁻¹ · Hn · T_from.
  const full = multiply(multiply(invertSimilarity(nt.t), [...h, 1]), nf.t);
  const scale = full[8]!;
  if (Math.abs(scale) < 1e-12) return null;
  return full.map((v) => v / scale);
}

/** Distance of each mapped point from its target. */
export function transferErrors(h: Homography, from: readonly Point2[], to: readonly Point2[]): number[] {
  return from.map((p, i) => {
    const [u, v] = applyHomography(h, p);
    const [tu, tv] = to[i]!;
    return Math.hypot(u - tu, v - tv);
  });
}

export interface RobustFit {
  h: number[];
  /** Root mean square of the transfer errors of the points kept (pixels of `to`). */
  rms: number;
  /** How many points the last fit used. */
  kept: number;
}

/**
 * A homography that is not pulled by a few bad points: fit on all, keep the `keep` share with the
 * smallest errors, fit again (a few rounds). The share is large on purpose: parallax moves many
 * points a little, and a fit allowed to drop half of them could explain a head as a plane; what it
 * must drop is a landmark the mesh misplaced.
 */
export function robustHomography(
  from: readonly Point2[],
  to: readonly Point2[],
  options: { keep?: number; rounds?: number } = {},
): RobustFit | null {
  const keep = options.keep ?? 0.85;
  const rounds = options.rounds ?? 3;
  let idx = from.map((_, i) => i);
  let h = fitHomography(from, to);
  if (!h) return null;
  for (let round = 0; round < rounds; round++) {
    const errors = transferErrors(h, from, to);
    const order = from.map((_, i) => i).sort((a, b) => errors[a]! - errors[b]!);
    idx = order.slice(0, Math.max(4, Math.round(from.length * keep)));
    const next = fitHomography(
      idx.map((i) => from[i]!),
      idx.map((i) => to[i]!),
    );
    if (!next) break;
    h = next;
  }
  const errors = transferErrors(
    h,
    idx.map((i) => from[i]!),
    idx.map((i) => to[i]!),
  );
  const rms = Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / Math.max(1, errors.length));
  return { h, rms, kept: idx.length };
}
