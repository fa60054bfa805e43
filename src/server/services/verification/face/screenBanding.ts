// A display's flicker through a rolling shutter (issue 28, session 13). Many displays dim by
// pulse-width modulation (an OLED phone at 240–490 Hz, LCD backlights at 180–1000 Hz); a phone's
// CMOS sensor exposes its rows one after another over the frame's readout. Unless the exposure
// holds a whole number of pulse periods, the rows collect different shares of the pulses and the
// screen shows horizontal bands of a few percent to tens of percent, whose place moves with the
// pulses' phase from frame to frame. A live head under steady light shows none: a scene's own
// structure is not a function of the row alone. This cue does not need the display's pixels to be
// resolved (screenPhysics.ts does): the bands are as wide as the frame is tall over the pulses seen.
// Pure: the frames' grey pictures in, the strongest periodic row pattern of their ratios out.
//   ratio      consecutive frames divided, pixel by pixel, in log, after laying one on the other by
//              their overall shift (the picture's own content and a multiplicative exposure change
//              cancel; the bands, being multiplicative and in the sensor's rows, remain);
//   rows       each row's median ratio over the frame's width: a moving face or hand covers a part
//              of a row, a display's band covers all of the display's part of it;
//   periodic   the row profile, its slow trend taken out (exposure, vignetting) and what varies
//              faster than the bands can averaged away, fitted by one sinusoid at every frequency
//              from 2 cycles a frame to one cycle in 24 rows: the
//              best fit's amplitude, and the share of the profile it explains (a head moving, a shaken
//              camera's horizontal edge, make a profile that no single period explains);
//   frames     at each frequency the median over the pairs: a display's bands are in every pair at
//              one frequency (its pulses' against the readout), a chance profile at a different one
//              in each.
// What it cannot see: a display that does not pulse (dimmed by current, or at full brightness), an
// exposure that holds whole periods (a 240 Hz display under 60 Hz anti-banding), a display that
// covers less than half of the frame's width. A live head under a lamp whose flicker the camera's
// anti-banding does not cancel shows bands too (docs/decisions/face-presentation-attack.md).

export interface GreyFrame {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface BandFit {
  /** The light's modulation one row period explains (0.05 = ±5 % of the mean light, times the
   *  share of the row profile it explains), median over the pairs, at the strongest frequency. */
  depth: number;
  /** That frequency, in cycles per frame height. */
  cyclesPerFrame: number;
  /** The median share of the pairs' row profiles it explains (0..1). */
  share: number;
  pairs: number;
}

/** The edge profiles that find the frames' shift sample every this many pixels across. */
const STEP = 2;
/** The ratio is taken between blocks of this many pixels a side (their mean log value): bands are
 *  at least 24 rows a cycle and pass; a fine pattern (a striped shirt, a screen's pixels, JPEG's
 *  blocks), which a sub-pixel misregistration would turn into rows of one sign, averages out. */
const BLOCK = 3;
/** Pixels darker or brighter than these are clipped or lost in noise: no ratio. */
const DARK = 16;
const BRIGHT = 242;
/** A row needs this share of its blocks to have a ratio. */
const ROW_VALID_SHARE = 0.15;
/** A block whose log values spread more than this (about ±6 % of the light) has detail: no ratio. */
const FLAT_LOG_SD = 0.06;
/** Frequencies sought: from this many cycles a frame … */
const MIN_CYCLES = 2;
/** … to one cycle in this many rows (a display pulsing at 1 kHz read out in 25 ms gives 21 rows
 *  a cycle at 540 rows; finer patterns are the scene's). */
const MIN_PERIOD_ROWS = 24;
const CYCLE_STEP = 0.125;
/** The largest overall shift between two frames sought, as a share of the frame's longer side. */
const MAX_SHIFT = 0.04;
/** Light against the grey value (gamma ≈ 2.2): log(light) = 2.2 · log(value). */
const GAMMA = 2.2;

/** Weights of the rows a block row averages: a triangle over 2·BLOCK rows (a box of BLOCK rows
 *  twice), so a pattern finer than BLOCK rows is not folded back into the bands' frequencies. */
const ROW_WEIGHTS = Array.from({ length: 2 * BLOCK }, (_, t) => Math.min(t + 1, 2 * BLOCK - t));

const LOG = Float64Array.from({ length: 256 }, (_, v) => Math.log(v + 1));

function median(values: Float32Array, n: number): number {
  const part = values.subarray(0, n).sort();
  return n % 2 ? part[n >> 1]! : (part[(n >> 1) - 1]! + part[n >> 1]!) / 2;
}

/** The mean of each row (axis 'y') or column ('x') of a grey frame, its derivative taken (a
 *  profile's edges place it; its level is the exposure's). */
function edgeProfile(f: GreyFrame, axis: 'x' | 'y'): Float64Array {
  const n = axis === 'y' ? f.height : f.width;
  const sums = new Float64Array(n);
  const { data, width, height } = f;
  // Every row (or column) summed over every STEP-th pixel across it.
  for (let y = 0; y < height; y += axis === 'y' ? 1 : STEP) {
    const o = y * width;
    if (axis === 'y') {
      let sum = 0;
      for (let x = 0; x < width; x += STEP) sum += data[o + x]!;
      sums[y] = sum;
    } else for (let x = 0; x < width; x++) sums[x]! += data[o + x]!;
  }
  // Smoothed as the blocks are (ROW_WEIGHTS): a fine periodic pattern (a striped shirt) would
  // otherwise give as good a fit one period off, and the frames would be laid on each other wrongly.
  const half = ROW_WEIGHTS.length / 2;
  const smooth = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let weight = 0;
    for (let t = 0; t < ROW_WEIGHTS.length; t++) {
      const j = i - half + t;
      if (j < 0 || j >= n) continue;
      sum += ROW_WEIGHTS[t]! * sums[j]!;
      weight += ROW_WEIGHTS[t]!;
    }
    smooth[i] = sum / weight;
  }
  const out = new Float64Array(n);
  for (let i = 1; i < n; i++) out[i] = smooth[i]! - smooth[i - 1]!;
  return out;
}

/** The shift d (pixels, sub-pixel) that best lays profile b(i + d) on a(i), within ±max. */
function profileShift(a: Float64Array, b: Float64Array, max: number): number {
  const score = (d: number) => {
    let sum = 0;
    for (let i = max + 1; i < a.length - max; i++) sum += a[i]! * b[i + d]!;
    return sum;
  };
  let best = 0;
  let bestScore = -Infinity;
  const scores = new Map<number, number>();
  for (let d = -max; d <= max; d++) {
    const v = score(d);
    scores.set(d, v);
    if (v > bestScore) [best, bestScore] = [d, v];
  }
  if (Math.abs(best) === max) return best;
  const [l, c, r] = [scores.get(best - 1)!, bestScore, scores.get(best + 1)!];
  const curve = l - 2 * c + r;
  return curve < 0 ? best + (0.5 * (l - r)) / curve : best;
}

/** A frame's mean log value over blocks BLOCK pixels apart: BLOCK columns wide, ROW_WEIGHTS over
 *  the 2·BLOCK rows around the block (NaN where under half the weight is neither dark nor clipped,
 *  or where the block has detail). Separable: each row's sums over each block's columns first. */
function blockLog(f: GreyFrame): { values: Float64Array; cols: number; rows: number } {
  const { data, width, height } = f;
  const cols = Math.floor(width / BLOCK);
  const rows = Math.floor(height / BLOCK);
  const s1 = new Float64Array(height * cols);
  const s2 = new Float64Array(height * cols);
  const count = new Float64Array(height * cols);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    const r = y * cols;
    for (let c = 0; c < cols; c++) {
      let a = 0;
      let b = 0;
      let n = 0;
      for (let x = c * BLOCK; x < (c + 1) * BLOCK; x++) {
        const v = data[o + x]!;
        if (v < DARK || v > BRIGHT) continue;
        const l = LOG[v]!;
        a += l;
        b += l * l;
        n++;
      }
      s1[r + c] = a;
      s2[r + c] = b;
      count[r + c] = n;
    }
  }
  const values = new Float64Array(cols * rows);
  const full = BLOCK * ROW_WEIGHTS.reduce((a, b) => a + b, 0);
  const before = Math.floor(BLOCK / 2);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      let sum = 0;
      let sumSq = 0;
      let weight = 0;
      for (let t = 0; t < ROW_WEIGHTS.length; t++) {
        const y = r * BLOCK - before + t;
        if (y < 0 || y >= height) continue;
        const w = ROW_WEIGHTS[t]!;
        const i = y * cols + c;
        sum += w * s1[i]!;
        sumSq += w * s2[i]!;
        weight += w * count[i]!;
      }
      const mean = sum / weight;
      // Only flat blocks: where the picture has detail (an edge, a stripe, an eye), the smallest
      // misregistration of two frames changes the ratio; where it is flat (skin, a wall), only the
      // light does.
      const flat = Math.sqrt(Math.max(0, sumSq / weight - mean * mean)) <= FLAT_LOG_SD;
      values[r * cols + c] = weight >= full / 2 && flat ? mean : NaN;
    }
  return { values, cols, rows };
}

/**
 * Each block row's median log ratio b/a (NaN where too few blocks have one), b first laid on a by
 * the frames' overall shift (a shaken camera's: else a horizontal edge that moved up or down, a
 * shelf or a blind's slats, would make rows of one sign). A display's bands are in the sensor's
 * rows, so after the shift they are still bands of the same period.
 */
export function rowProfile(a: GreyFrame, b: GreyFrame): Float64Array | null {
  return a.width === b.width && a.height === b.height ? preparedProfile(prepare(a), prepare(b)) : null;
}

/** What a frame's profiles need, made once per frame. */
interface Prepared {
  x: Float64Array;
  y: Float64Array;
  blocks: ReturnType<typeof blockLog>;
  max: number;
}

function prepare(f: GreyFrame): Prepared {
  return {
    x: edgeProfile(f, 'x'),
    y: edgeProfile(f, 'y'),
    blocks: blockLog(f),
    max: Math.max(2, Math.round(MAX_SHIFT * Math.max(f.width, f.height))),
  };
}

function preparedProfile(a: Prepared, b: Prepared): Float64Array {
  const dx = profileShift(a.x, b.x, a.max) / BLOCK;
  const dy = profileShift(a.y, b.y, a.max) / BLOCK;
  const A = a.blocks;
  const B = b.blocks;
  const { cols, rows } = A;
  const at = (x: number, y: number) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    if (x0 < 0 || y0 < 0 || x0 + 1 >= cols || y0 + 1 >= rows) return NaN;
    const [fx, fy] = [x - x0, y - y0];
    const i = y0 * cols + x0;
    const v = B.values;
    return (
      (v[i]! * (1 - fx) + v[i + 1]! * fx) * (1 - fy) + (v[i + cols]! * (1 - fx) + v[i + cols + 1]! * fx) * fy
    );
  };
  const out = new Float64Array(rows);
  const buffer = new Float32Array(cols);
  const need = ROW_VALID_SHARE * cols;
  for (let r = 0; r < rows; r++) {
    let n = 0;
    for (let c = 0; c < cols; c++) {
      const d = at(c + dx, r + dy) - A.values[r * cols + c]!;
      if (!Number.isNaN(d)) buffer[n++] = d;
    }
    out[r] = n >= need ? median(buffer, n) : NaN;
  }
  return out;
}

/** Solves a small symmetric system (Gaussian elimination); null when singular. */
function solve(m: number[][], v: number[]): number[] | null {
  const n = v.length;
  const a = m.map((row, i) => [...row, v[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    if (Math.abs(a[p]![c]!) < 1e-12) return null;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const k = a[r]![c]! / a[c]![c]!;
      for (let j = c; j <= n; j++) a[r]![j]! -= k * a[c]![j]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/** Least squares of `y` on the given basis columns (rows with NaN left out): coefficients. */
function fit(basis: Float64Array[], y: Float64Array): number[] | null {
  const k = basis.length;
  const m = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const v = new Array<number>(k).fill(0);
  for (let i = 0; i < y.length; i++) {
    if (Number.isNaN(y[i]!)) continue;
    for (let p = 0; p < k; p++) {
      v[p]! += basis[p]![i]! * y[i]!;
      for (let q = p; q < k; q++) m[p]![q]! += basis[p]![i]! * basis[q]![i]!;
    }
  }
  for (let p = 0; p < k; p++) for (let q = 0; q < p; q++) m[p]![q] = m[q]![p]!;
  return solve(m, v);
}

/** One frequency's sinusoid fitted to a row profile. */
export interface PeriodFit {
  /** Cycles per frame height. */
  cycles: number;
  /** Amplitude in log units of the grey value, and the share of the detrended profile explained. */
  amplitude: number;
  share: number;
}

/** The frequencies sought for a profile of `n` sampled rows (cycles per frame height). */
function frequencies(n: number): number[] {
  const out: number[] = [];
  for (let cycles = MIN_CYCLES; cycles <= (n * BLOCK) / MIN_PERIOD_ROWS; cycles += CYCLE_STEP)
    out.push(cycles);
  return out;
}

/**
 * One sinusoid fitted at every frequency sought to a row profile (log ratios, one per sampled row),
 * its slow trend (a quadratic: exposure, vignetting) taken out first. Null with too few valid rows.
 */
export function periodFits(profile: Float64Array): PeriodFit[] | null {
  const n = profile.length;
  let valid = 0;
  for (const v of profile) if (!Number.isNaN(v)) valid++;
  if (valid < Math.max(16, n / 2)) return null;
  const t = Float64Array.from({ length: n }, (_, i) => (2 * i) / (n - 1) - 1);
  const one = new Float64Array(n).fill(1);
  const t2 = t.map((x) => x * x);
  const trend = fit([one, t, t2], profile);
  if (!trend) return null;
  const detrended = profile.map((v, i) => v - trend[0]! - trend[1]! * t[i]! - trend[2]! * t2[i]!);
  // Only the bands' frequencies: what varies faster than MIN_PERIOD_ROWS / 2 rows (a fine pattern's
  // residue where two frames were not laid exactly on each other) is averaged away first, so that
  // it does not count in the profile the sinusoid is to explain.
  const reach = Math.floor(MIN_PERIOD_ROWS / 2 / BLOCK / 2);
  const rest = detrended.map((_, i) => {
    let sum = 0;
    let count = 0;
    for (let j = Math.max(0, i - reach); j <= Math.min(n - 1, i + reach); j++)
      if (!Number.isNaN(detrended[j]!)) {
        sum += detrended[j]!;
        count++;
      }
    return Number.isNaN(detrended[i]!) || count === 0 ? NaN : sum / count;
  });
  let total = 0;
  for (const v of rest) if (!Number.isNaN(v)) total += v * v;
  return frequencies(n).map((cycles) => {
    if (total <= 0) return { cycles, amplitude: 0, share: 0 };
    // The least-squares a·cos + b·sin (normal equations over the valid rows); the sum of squares it
    // explains is a·Σ(cos·y) + b·Σ(sin·y). cos and sin by rotation, not by call.
    const w = (2 * Math.PI * cycles) / n;
    const [cw, sw] = [Math.cos(w), Math.sin(w)];
    let c = 1;
    let s = 0;
    let cc = 0;
    let ss = 0;
    let cs = 0;
    let cy = 0;
    let sy = 0;
    for (let i = 0; i < n; i++) {
      const y = rest[i]!;
      if (!Number.isNaN(y)) {
        cc += c * c;
        ss += s * s;
        cs += c * s;
        cy += c * y;
        sy += s * y;
      }
      const next = c * cw - s * sw;
      s = c * sw + s * cw;
      c = next;
    }
    const det = cc * ss - cs * cs;
    if (Math.abs(det) < 1e-12) return { cycles, amplitude: 0, share: 0 };
    const a = (cy * ss - sy * cs) / det;
    const b = (sy * cc - cy * cs) / det;
    return { cycles, amplitude: Math.hypot(a, b), share: (a * cy + b * sy) / total };
  });
}

/** A fit's light modulation, counted as far as its one period explains the profile: the ratio of two
 *  frames' bands is about twice one frame's, and log light is GAMMA times log grey. */
const depthOf = (f: PeriodFit) => ((Math.exp(GAMMA * f.amplitude) - 1) / 2) * f.share;

const middle = (values: number[]) => [...values].sort((x, y) => x - y)[(values.length - 1) >> 1]!;

/**
 * The frames' bands: every consecutive pair's row profile fitted at every frequency; at each
 * frequency the median over the pairs of the light modulation that one period explains (a display's
 * pulses and the camera's readout give every pair the same frequency; a moving head or hand puts
 * its chance pattern at a different one in each pair); the strongest frequency's figures. Null with
 * fewer than two frames of one size.
 */
export function screenBands(frames: readonly GreyFrame[]): BandFit | null {
  const first = frames[0];
  if (!first || frames.some((f) => f.width !== first.width || f.height !== first.height)) return null;
  const prepared = frames.map(prepare);
  const pairs: PeriodFit[][] = [];
  for (let i = 1; i < prepared.length; i++) {
    const fits = periodFits(preparedProfile(prepared[i - 1]!, prepared[i]!));
    if (fits) pairs.push(fits);
  }
  if (pairs.length === 0) return null;
  // Frames of one size give every pair the same frequencies.
  const count = Math.min(...pairs.map((p) => p.length));
  let best: BandFit = { depth: 0, cyclesPerFrame: 0, share: 0, pairs: pairs.length };
  for (let k = 0; k < count; k++) {
    const depth = middle(pairs.map((p) => depthOf(p[k]!)));
    if (depth > best.depth)
      best = {
        depth,
        cyclesPerFrame: pairs[0]![k]!.cycles,
        share: middle(pairs.map((p) => p[k]!.share)),
        pairs: pairs.length,
      };
  }
  return best;
}
