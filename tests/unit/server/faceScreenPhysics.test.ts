// The screen check's physics without the engine (issue 28, session 12): a display is a lattice of
// emitters, which a camera shows as an isolated spectral peak; a face's smooth texture and a JPEG's
// 8×8 blocks have none. The pictures are made here: a smooth face-like texture, and the same shown
// on a screen (sub-pixels at several pitches and angles, seen through the camera's blur and pixels).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lcgRandom } from '../../support/lcgRandom';
import { DEFAULT_FACE_ENGINE_CONFIG } from '../../../src/server/services/verification/face/engineConfig';
import {
  LATTICE_SIDE,
  latticeCrop,
  latticePeak,
  latticeSpectrum,
  powerSpectrum,
  searchable,
  type LatticeSpectrum,
} from '../../../src/server/services/verification/face/screenPhysics';
import { judgePresentation } from '../../../src/server/services/verification/face/presentationAttack';
import type { FoundFace } from '../../../src/server/services/verification/face/analysis';

const N = LATTICE_SIDE;
const threshold = DEFAULT_FACE_ENGINE_CONFIG.attack.screenLatticeMax;

const random = lcgRandom;

/** Smooth unevenness without any period: Gaussian bumps of `size` pixels at random places. */
function smoothNoise(seed: number, size: number): (x: number, y: number) => number {
  const r = random(seed);
  const count = Math.round((2 * N * N) / (size * size));
  const bumps = Array.from({ length: count }, () => ({
    x: r() * (N + 4 * size) - 2 * size,
    y: r() * (N + 4 * size) - 2 * size,
    s: size * (0.6 + 0.8 * r()),
    a: r() - 0.5,
  }));
  return (x, y) => {
    let sum = 0;
    for (const b of bumps) {
      const d2 = (x - b.x) ** 2 + (y - b.y) ** 2;
      if (d2 < 9 * b.s * b.s) sum += b.a * Math.exp(-d2 / (2 * b.s * b.s));
    }
    return sum;
  };
}

/** A face-like brightness at (x, y) in crop pixels (0..255): a lit oval, dark eyes and mouth,
 *  skin's smooth unevenness at several scales. */
function faceBrightness(seed: number): (x: number, y: number) => number {
  const coarse = smoothNoise(seed, 24);
  const fine = smoothNoise(seed + 1, 6);
  const blob = (x: number, y: number, cx: number, cy: number, sx: number, sy: number) =>
    Math.exp(-(((x - cx) / sx) ** 2 + ((y - cy) / sy) ** 2) / 2);
  return (x, y) =>
    90 +
    90 * blob(x, y, 64, 66, 40, 52) -
    55 * blob(x, y, 44, 52, 7, 4) -
    55 * blob(x, y, 84, 52, 7, 4) -
    40 * blob(x, y, 64, 96, 14, 4) +
    20 * blob(x, y, 64, 74, 5, 14) +
    30 * coarse(x, y) +
    10 * fine(x, y);
}

const SKIN = [1, 0.78, 0.66] as const;

/** The face seen by the camera directly: each pixel its skin colour, with sensor noise. */
function faceCrop(seed: number): Uint8Array {
  const face = faceBrightness(seed);
  const noise = random(seed + 7);
  const rgb = new Uint8Array(N * N * 3);
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) {
      const l = face(x + 0.5, y + 0.5) + (noise() + noise() + noise() - 1.5) * 3;
      for (let c = 0; c < 3; c++)
        rgb[(y * N + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(l * SKIN[c]!)));
    }
  return rgb;
}

/**
 * The same face on a screen: the screen's pixels `pitch` camera pixels apart, its lattice turned by
 * `angleDeg`; each screen pixel three sub-pixel columns (R, G, B) and a dark gap under them. The
 * camera integrates light over each pixel's area and its lens blurs: here by averaging the light
 * over a Gaussian footprint (sigma `blur` camera pixels), drawn from 32 samples a pixel.
 */
function screenCrop(seed: number, pitch: number, angleDeg: number, blur = 0.5): Uint8Array {
  const face = faceBrightness(seed);
  const noise = random(seed + 11);
  const jitter = random(seed + 13);
  const a = (angleDeg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  // What the screen pixel (iu, iv) shows: the face at the pixel's centre. The 32 samples of a camera
  // pixel, and the camera pixels that see one screen pixel, ask for the same few values again and
  // again; each is worked out once (the face's bumps are a few thousand terms a point). The same
  // numbers as computing them afresh, only sooner.
  const screenPixels = new Map<number, number>();
  const shown = (iu: number, iv: number): number => {
    const key = (iu + 4096) * 8192 + (iv + 4096);
    let value = screenPixels.get(key);
    if (value === undefined) {
      value = face((iu + 0.5) * pitch * cos - (iv + 0.5) * pitch * sin, (iu + 0.5) * pitch * sin + (iv + 0.5) * pitch * cos); // prettier-ignore
      screenPixels.set(key, value);
    }
    return value;
  };
  const rgb = new Uint8Array(N * N * 3);
  const samples = 32;
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) {
      const sum = [0, 0, 0];
      for (let k = 0; k < samples; k++) {
        // A Gaussian footprint (Box–Muller) over the pixel's area.
        const r = Math.sqrt(-2 * Math.log(1 - jitter())) * blur;
        const t = 2 * Math.PI * jitter();
        const px = x + jitter() + r * Math.cos(t);
        const py = y + jitter() + r * Math.sin(t);
        // Screen coordinates in screen pixels.
        const u = (px * cos + py * sin) / pitch;
        const v = (-px * sin + py * cos) / pitch;
        const fu = u - Math.floor(u);
        const fv = v - Math.floor(v);
        if (fv > 0.7) continue; // the dark gap between rows
        const channel = Math.min(2, Math.floor(fu * 3));
        // The pixel shows the face at its own centre (the screen's resolution).
        const l = shown(Math.floor(u), Math.floor(v));
        // A lit sub-pixel is three times as bright as the colour it shows (one of three lit).
        sum[channel]! += (3 * l * SKIN[channel]!) / 0.7;
      }
      for (let c = 0; c < 3; c++) {
        const value = sum[c]! / samples + (noise() + noise() + noise() - 1.5) * 3;
        rgb[(y * N + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  return rgb;
}

/** Through a phone's JPEG (4:2:0) and back. */
async function jpeg(rgb: Uint8Array, quality: number): Promise<Uint8Array> {
  const encoded = await sharp(Buffer.from(rgb), { raw: { width: N, height: N, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
  const decoded = await sharp(encoded).raw().toBuffer();
  return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.length);
}

/** Five frames' spectra of one kind of crop (a new seed a frame: the noise differs). */
function frames(make: (seed: number) => Uint8Array): LatticeSpectrum[] {
  return [1, 2, 3, 4, 5].map((seed) => latticeSpectrum(make(seed)));
}

describe('the spectrum', () => {
  it('puts a sinusoid at its own frequency', () => {
    const channel = new Float64Array(N * N);
    for (let y = 0; y < N; y++)
      for (let x = 0; x < N; x++) channel[y * N + x] = Math.cos((2 * Math.PI * (5 * x + 9 * y)) / N);
    const power = powerSpectrum(channel, N);
    let best = 0;
    for (let i = 1; i < power.length; i++) if (power[i]! > power[best]!) best = i;
    // A real picture's spectrum is symmetric: the peak and its mirror image.
    expect([
      [5, 9],
      [N - 5, N - 9],
    ]).toContainEqual([best % N, Math.floor(best / N)]);
  });

  it("leaves out DC, JPEG's block frequencies (1/8 cycle per pixel; 1/16 in chroma) and chroma above 1/4", () => {
    expect(searchable(0, 0, N, 'luma')).toBe(false);
    expect(searchable(2, 1, N, 'luma')).toBe(false);
    expect(searchable(16, 37, N, 'luma')).toBe(false); // fx = 1/8 cycle per pixel
    expect(searchable(37, 48, N, 'luma')).toBe(false); // fy = 3/8
    expect(searchable(37, 0, N, 'luma')).toBe(true); // the k = 0 line is no block frequency
    expect(searchable(24, 40, N, 'chroma')).toBe(false); // fx = 3/16
    expect(searchable(37, 0, N, 'chroma')).toBe(false); // above 1/4 cycle per pixel
    expect(searchable(20, 10, N, 'chroma')).toBe(true);
    expect(searchable(20, 5, N, 'chroma')).toBe(false); // the axes: the 16×16 blocks' edges
  });

  it('places the crop on the face in the file’s own pixels, inside the frame', () => {
    expect(latticeCrop([100, 80, 60, 60], 2, 640, 480)).toEqual({ left: 196, top: 156, width: N, height: N });
    expect(latticeCrop([0, 0, 40, 40], 1, 640, 480)).toEqual({ left: 0, top: 0, width: N, height: N });
    expect(latticeCrop([600, 440, 40, 40], 1, 640, 480)).toEqual({
      left: 640 - N,
      top: 480 - N,
      width: N,
      height: N,
    });
    expect(latticeCrop([0, 0, 40, 40], 1, 100, 480)).toBeNull();
  });
});

describe('the screen lattice', () => {
  it('finds no peak in a smooth face-like texture', () => {
    const peak = latticePeak(frames(faceCrop))!;
    expect(peak.value).toBeLessThan(threshold * 0.75);
  });

  it("finds no peak in JPEG's block artefacts alone (quality 15, 30 and 50)", async () => {
    for (const quality of [15, 30, 50]) {
      const spectra: LatticeSpectrum[] = [];
      for (const seed of [1, 2, 3, 4, 5]) spectra.push(latticeSpectrum(await jpeg(faceCrop(seed), quality)));
      expect(latticePeak(spectra)!.value, `quality ${quality}`).toBeLessThan(threshold * 0.75);
    }
  }, 60_000);

  it('finds a screen’s sub-pixel lattice at several pitches and angles, through blur and JPEG', async () => {
    // [screen pixel pitch in camera pixels, the lattice's angle, the camera's blur (sigma, pixels)]
    for (const [pitch, angle, blur] of [
      [1.3, 0, 0.3],
      [1.6, 15, 0.5],
      [2.2, 30, 0.5],
      [3, 8, 0.6],
      [4.5, 45, 0.8],
    ] as const) {
      const spectra: LatticeSpectrum[] = [];
      for (const seed of [1, 2, 3])
        spectra.push(latticeSpectrum(await jpeg(screenCrop(seed, pitch, angle, blur), 85)));
      expect(latticePeak(spectra)!.value, `pitch ${pitch} px at ${angle}°`).toBeGreaterThan(threshold * 2);
    }
  }, 180_000);

  it('judges a capture with the lattice a screen (screenLattice), one without it not, one unmeasured not', () => {
    const face = (lattice: LatticeSpectrum | null | undefined): FoundFace => ({
      box: [0, 0, 100, 100],
      score: 0.9,
      yawDeg: 0,
      pitchDeg: 0,
      rollDeg: 0,
      brightness: 120,
      sharpness: 100,
      touchesEdge: false,
      embedding: [],
      mesh: [],
      meshDepth: [],
      antispoof: null,
      liveModel: null,
      texture: null,
      ...(lattice === undefined ? {} : { lattice }),
    });
    const t = DEFAULT_FACE_ENGINE_CONFIG.attack;
    const screen = [1, 2].map((seed) => face(latticeSpectrum(screenCrop(seed, 1.6, 15))));
    const judged = judgePresentation(screen, null, t);
    expect(judged.verdict).toBe('screenLattice');
    expect(judged.evidence.screenLattice).toMatchObject({ threshold: t.screenLatticeMax, passed: false });

    const live = judgePresentation(
      [1, 2].map((seed) => face(latticeSpectrum(faceCrop(seed)))),
      null,
      t,
    );
    expect(live.verdict).toBeNull();
    expect(live.evidence.screenLattice?.passed).toBe(true);

    const unmeasured = judgePresentation([face(undefined), face(null)], null, t);
    expect(unmeasured.evidence.screenLattice).toBeNull();
    expect(unmeasured.verdict).toBeNull();
  }, 120_000);
});
