// A screen's own physics (issue 28, session 12): a display is a periodic lattice of emitters (the
// sub-pixels' colour stripes or dots, a dark gap between rows). A camera that images it shows that
// lattice as isolated peaks in the image's spatial spectrum, at the lattice's frequency when the
// camera resolves it, or folded back (aliased) as moiré when it does not; skin, hair and a room have
// a smooth spectrum that falls off as about 1/f, with no such peaks. Pure: a square crop of the
// frame's own pixels (not rescaled: rescaling would move the JPEG block frequencies) in, a whitened
// spectrum out; the frames' spectra in, the strongest isolated peak's prominence out.
//   whitening   each frequency's power divided by the median power at its radius (the 1/f fall-off
//               of natural images, whatever their content), so a peak reads as "times the typical
//               power at that frequency";
//   channels    luma, and chroma (Cb, Cr): red, green and blue emitters side by side make a colour
//               lattice, whose aliases are the rainbow moiré of a filmed screen;
//   excluded    DC and the lowest frequencies (the face's own shape); the JPEG block grid every
//               phone frame has (multiples of 1/8 cycle per pixel along either axis; 1/16 in chroma,
//               whose 8×8 blocks cover 16×16 pixels after 4:2:0 subsampling, and its axes, where
//               the blocks' edges put ridges); chroma above 1/4
//               cycle per pixel (subsampled away); next to the Nyquist frequency (the camera's own
//               demosaicing and resampling patterns);
//   frames      the spectra are averaged over the frames before the peak is sought: a screen held
//               still keeps its lattice's frequency from frame to frame, noise does not.
// What this cannot see: a lattice far finer than the camera's pixels, which the lens and sensor blur
// to nothing before sampling (docs/decisions/face-presentation-attack.md has the figures).

/** The crop's side in pixels (a power of two, for the FFT). */
export const LATTICE_SIDE = 128;
/** Frequencies nearer DC than this share of the side (cycles per crop) are the face's shape. */
const MIN_RADIUS_SHARE = 0.04;
/** Frequencies beyond this share of the side along either axis are the camera's own: its colour
 *  mosaic's demosaicing and the phone's resampling leave patterns next to the Nyquist frequency. */
const MAX_AXIS_SHARE = 0.44;
/** How far (bins) along its own direction a peak is compared with, to tell a point from a ridge. */
const RIDGE_STEP = 4;
/** Half-width, in frequency bins, of an excluded JPEG grid line; of chroma's axes (their ridges
 *  widen as the compression gets harder: quality 15 leaves one 4 bins off the axis). */
const CHROMA_AXIS_HALF_WIDTH = 5.5;
/** Half-width, in frequency bins, of an excluded JPEG grid line. */
const JPEG_LINE_HALF_WIDTH = 1.5;
/** Log quantisation of a stored spectrum: value = round(log2(power) * LOG_STEPS) + LOG_ZERO. */
const LOG_STEPS = 16;
const LOG_ZERO = 64;

/** A crop's whitened power spectrum, both channels, log-quantised to bytes (small enough to cross
 *  from the engine thread with every frame). Rows are fy = 0..side-1 (FFT order), columns fx =
 *  0..side/2: the other half is the mirror image (a real image's spectrum is symmetric). */
export interface LatticeSpectrum {
  side: number;
  luma: Uint8Array;
  chroma: Uint8Array;
}

export interface LatticePeak {
  /** The strongest isolated peak's power over the typical power at its frequency (3×3 bins, mean
   *  over the frames), and over its own direction's power 4 bins nearer and further (a ridge is no
   *  peak). A few units on a face or a room; a filmed screen far more. */
  value: number;
  channel: 'luma' | 'chroma';
  /** Where: cycles per pixel along x (≥ 0: one of the mirror pair) and y. */
  cyclesPerPixel: [number, number];
}

/** In-place radix-2 FFT of (re, im) over `n` points with stride `step` from `offset`. */
function fft1(re: Float64Array, im: Float64Array, n: number, offset: number, step: number): void {
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const a = offset + i * step;
      const b = offset + j * step;
      [re[a], re[b]] = [re[b]!, re[a]!];
      [im[a], im[b]] = [im[b]!, im[a]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = offset + (i + k) * step;
        const b = offset + (i + k + len / 2) * step;
        const xr = re[b]! * cr - im[b]! * ci;
        const xi = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

/** The power spectrum of an n×n channel (row-major), Hann-windowed, its mean removed. */
export function powerSpectrum(channel: Float64Array, n: number): Float64Array {
  if ((n & (n - 1)) !== 0 || channel.length !== n * n)
    throw new Error('powerSpectrum: n×n, n a power of two');
  let mean = 0;
  for (const v of channel) mean += v;
  mean /= channel.length;
  const hann = geometry(n).hann;
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) re[y * n + x] = (channel[y * n + x]! - mean) * hann[x]! * hann[y]!;
  for (let y = 0; y < n; y++) fft1(re, im, n, y * n, 1);
  for (let x = 0; x < n; x++) fft1(re, im, n, x, n);
  const power = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) power[i] = re[i]! * re[i]! + im[i]! * im[i]!;
  return power;
}

/** Signed frequency (bins) of FFT index i. */
const signed = (i: number, n: number) => (i <= n / 2 ? i : i - n);

/** Per crop side: the Hann window, each bin's (rounded) radius, the bins of each radius, and per
 *  channel where a peak may be sought (searchable): made once. */
interface Geometry {
  hann: Float64Array;
  radius: Int32Array;
  rings: Int32Array[];
  mask: { luma: Uint8Array; chroma: Uint8Array };
}
const geometries = new Map<number, Geometry>();

function geometry(n: number): Geometry {
  let found = geometries.get(n);
  if (!found) {
    const radius = new Int32Array(n * n);
    const members: number[][] = [];
    const mask = { luma: new Uint8Array(n * n), chroma: new Uint8Array(n * n) };
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const i = y * n + x;
        const r = Math.round(Math.hypot(signed(x, n), signed(y, n)));
        radius[i] = r;
        (members[r] ??= []).push(i);
        mask.luma[i] = searchable(signed(x, n), signed(y, n), n, 'luma') ? 1 : 0;
        mask.chroma[i] = searchable(signed(x, n), signed(y, n), n, 'chroma') ? 1 : 0;
      }
    found = {
      hann: Float64Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n)),
      radius,
      rings: members.map((m) => Int32Array.from(m)),
      mask,
    };
    geometries.set(n, found);
  }
  return found;
}

/** The power divided by the median power at its (rounded) radius: the 1/f fall-off taken out. */
export function whiten(power: Float64Array, n: number): Float64Array {
  const { radius, rings } = geometry(n);
  const median = rings.map((ring) => {
    const values = new Float64Array(ring.length);
    for (let k = 0; k < ring.length; k++) values[k] = power[ring[k]!]!;
    values.sort();
    return values[Math.floor(values.length / 2)] ?? 1;
  });
  const out = new Float64Array(n * n);
  const floor = 1e-9;
  for (let i = 0; i < n * n; i++) out[i] = power[i]! / Math.max(floor, median[radius[i]!]!);
  return out;
}

function quantise(white: Float64Array, n: number): Uint8Array {
  const half = n / 2 + 1;
  const out = new Uint8Array(n * half);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < half; x++) {
      const v = Math.round(Math.log2(Math.max(white[y * n + x]!, 2 ** -4)) * LOG_STEPS) + LOG_ZERO;
      out[y * half + x] = Math.max(0, Math.min(255, v));
    }
  return out;
}

/** The full n×n (linear) whitened spectrum back from its stored half. */
function unquantise(half: Uint8Array, n: number): Float64Array {
  const h = n / 2 + 1;
  const out = new Float64Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      // The mirror of (x, y) is (n - x, n - y) modulo n.
      const [sx, sy] = x < h ? [x, y] : [n - x, (n - y) % n];
      out[y * n + x] = 2 ** ((half[sy * h + sx]! - LOG_ZERO) / LOG_STEPS);
    }
  return out;
}

/**
 * The whitened spectra of one n×n RGB crop (interleaved, 3 bytes a pixel, the frame's own pixels).
 */
export function latticeSpectrum(rgb: Uint8Array, n = LATTICE_SIDE): LatticeSpectrum {
  if (rgb.length !== n * n * 3) throw new Error('latticeSpectrum: an n×n RGB crop');
  const luma = new Float64Array(n * n);
  const cb = new Float64Array(n * n);
  const cr = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    cb[i] = -0.1687 * r - 0.3313 * g + 0.5 * b;
    cr[i] = 0.5 * r - 0.4187 * g - 0.0813 * b;
  }
  const chromaWhite = whiten(powerSpectrum(cb, n), n);
  const crWhite = whiten(powerSpectrum(cr, n), n);
  for (let i = 0; i < n * n; i++) chromaWhite[i] = (chromaWhite[i]! + crWhite[i]!) / 2;
  return {
    side: n,
    luma: quantise(whiten(powerSpectrum(luma, n), n), n),
    chroma: quantise(chromaWhite, n),
  };
}

/** Whether frequency (fx, fy) in bins is one the peak may be sought at. */
export function searchable(fx: number, fy: number, n: number, channel: 'luma' | 'chroma'): boolean {
  const r = Math.hypot(fx, fy);
  if (r < MIN_RADIUS_SHARE * n) return false;
  if (Math.max(Math.abs(fx), Math.abs(fy)) > MAX_AXIS_SHARE * n) return false;
  if (channel === 'chroma' && r > n / 4) return false;
  // JPEG blocks: 8 pixels in luma, 16 in chroma (4:2:0). In luma the k = 0 lines are no block
  // frequency; in chroma they are: a compressed frame's chroma is nearly constant over each 16×16
  // block, whose edges put ridges along both axes (between the block frequencies).
  const period = channel === 'luma' ? 8 : 16;
  const onGrid = (f: number) => {
    if (channel === 'chroma' && Math.abs(f) <= CHROMA_AXIS_HALF_WIDTH) return true;
    const k = Math.round((Math.abs(f) * period) / n);
    return k > 0 && Math.abs(Math.abs(f) - (k * n) / period) <= JPEG_LINE_HALF_WIDTH;
  };
  return !onGrid(fx) && !onGrid(fy);
}

/** The strongest isolated peak over the frames' spectra (mean spectrum, 3×3 bins); null without one. */
export function latticePeak(spectra: readonly (LatticeSpectrum | null | undefined)[]): LatticePeak | null {
  const given = spectra.filter((s): s is LatticeSpectrum => !!s);
  if (given.length === 0) return null;
  const n = given[0]!.side;
  if (given.some((s) => s.side !== n)) return null;
  let best: LatticePeak | null = null;
  for (const channel of ['luma', 'chroma'] as const) {
    const mean = new Float64Array(n * n);
    for (const s of given) {
      const full = unquantise(s[channel], n);
      for (let i = 0; i < n * n; i++) mean[i]! += full[i]! / given.length;
    }
    // A windowed peak spreads over about 3×3 bins: each bin's neighbourhood mean, over searchable
    // bins only (else a JPEG line's own bins would lift the bins beside it).
    const mask = geometry(n).mask[channel];
    const box = new Float64Array(n * n);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        let sum = 0;
        let count = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const j = ((y + dy + n) % n) * n + ((x + dx + n) % n);
            if (!mask[j]) continue;
            sum += mean[j]!;
            count++;
          }
        box[y * n + x] = count ? sum / count : 1;
      }
    const boxAt = (fx: number, fy: number) =>
      box[((Math.round(fy) + n) % n) * n + ((Math.round(fx) + n) % n)]!;
    // Only one half: the other is its mirror image.
    for (let y = 0; y < n; y++)
      for (let x = 0; x <= n / 2; x++) {
        if (!mask[y * n + x]) continue;
        const fx = signed(x, n);
        const fy = signed(y, n);
        // Isolated: above the same direction's power a few bins nearer and further out. A face's
        // long features (eyes, brows, mouth, the jaw) and JPEG's ringing along the block edges make
        // ridges through the origin, high at every radius of their direction; a lattice makes a point.
        const r = Math.hypot(fx, fy);
        const k = RIDGE_STEP / r;
        const along = (boxAt(fx * (1 - k), fy * (1 - k)) + boxAt(fx * (1 + k), fy * (1 + k))) / 2;
        const value = box[y * n + x]! / Math.max(1, along);
        if (!best || value > best.value) best = { value, channel, cyclesPerPixel: [fx / n, fy / n] };
      }
  }
  return best;
}

/**
 * Where the crop of a face box lies in the frame's own pixels: a LATTICE_SIDE square centred on the
 * box (a face smaller than that brings a ring of its surroundings), moved inside the frame; null
 * when the frame is smaller than the crop. `scale` takes the box's pixels to the frame's own.
 */
export function latticeCrop(
  box: readonly [number, number, number, number],
  scale: number,
  width: number,
  height: number,
  n = LATTICE_SIDE,
): { left: number; top: number; width: number; height: number } | null {
  if (width < n || height < n) return null;
  const cx = (box[0] + box[2] / 2) * scale;
  const cy = (box[1] + box[3] / 2) * scale;
  const left = Math.round(Math.min(width - n, Math.max(0, cx - n / 2)));
  const top = Math.round(Math.min(height - n, Math.max(0, cy - n / 2)));
  return { left, top, width: n, height: n };
}
