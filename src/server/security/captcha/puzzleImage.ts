// Draws a slider puzzle on the server (issue 22 §2: it must resist template matching). The picture
// is generated, never downloaded: layered value noise through a random palette, soft light and
// colour blobs and grain, so it reads like a blurred photograph and no two puzzles share pixels.
// The real gap and one or two decoy gaps of other outlines are cut at about the piece's height; every
// gap is filled the same way (a dark translucent fill with its own noise and a bevel, so little of
// the picture's texture shows through), and the piece carries the picture's texture with its own
// contrast, brightness and noise, and no drawn rim. Both images leave lossily encoded (JPEG background,
// WebP piece) through sharp, which works off the main thread. Only the images leave the server.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { CaptchaPuzzle } from '../../../contract/api/accounts';
import { decoyOutline, inMask, maskOf, onMaskEdge, randomOutline, type Mask } from './puzzleShape';

export interface RawPuzzle {
  /** RGB, 3 bytes a pixel, row by row. */
  background: Uint8Array;
  /** RGBA, 4 bytes a pixel: transparent outside the outline. */
  piece: Uint8Array;
  gapX: number;
  gapY: number;
  /** Where the decoy gaps were cut (their boxes' left/top), for tests and incident reading. */
  decoys: { x: number; y: number }[];
}

export interface EncodedPuzzle {
  background: string;
  piece: string;
  gapX: number;
  gapY: number;
}

const { width: W, height: H, pieceSize: S } = CaptchaPuzzle;

/** mulberry32: fast, and good enough for pixel noise; seeded from the OS so no two puzzles repeat. */
export function noiseSource(seed = randomBytes(4).readUInt32LE(0)): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
const between = (random: () => number, min: number, max: number) => min + random() * (max - min);

/** Smooth noise in [0, 1]: a few octaves of bilinear value noise on random lattices. */
function fractalNoise(random: () => number, baseCells: number, octaves: number): Float32Array {
  const out = new Float32Array(W * H);
  const x0s = new Int32Array(W);
  const sxs = new Float32Array(W);
  let amplitude = 1;
  let total = 0;
  for (let o = 0, cells = baseCells; o < octaves; o++, cells *= 2) {
    const gw = cells + 2;
    const gh = Math.ceil((cells * H) / W) + 2;
    const lattice = new Float32Array(gw * gh);
    for (let i = 0; i < lattice.length; i++) lattice[i] = random();
    for (let x = 0; x < W; x++) {
      const u = (x / W) * cells;
      x0s[x] = Math.floor(u);
      const fx = u - x0s[x]!;
      sxs[x] = fx * fx * (3 - 2 * fx);
    }
    for (let y = 0; y < H; y++) {
      const v = (y / W) * cells;
      const y0 = Math.floor(v);
      const fy = v - y0;
      const sy = fy * fy * (3 - 2 * fy);
      const row = y0 * gw;
      for (let x = 0; x < W; x++) {
        const k = row + x0s[x]!;
        const sx = sxs[x]!;
        const top = lattice[k]! + (lattice[k + 1]! - lattice[k]!) * sx;
        const bottom = lattice[k + gw]! + (lattice[k + gw + 1]! - lattice[k + gw]!) * sx;
        out[y * W + x] = out[y * W + x]! + (top + (bottom - top) * sy) * amplitude;
      }
    }
    total += amplitude;
    amplitude *= 0.55;
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / total;
  return out;
}

type Rgb = [number, number, number];

function randomColour(random: () => number): Rgb {
  return [between(random, 20, 235), between(random, 20, 235), between(random, 20, 235)];
}

/** The picture: palette-mapped terrain noise, shaded by a second noise, blobs of light, grain. */
function drawPicture(random: () => number): Float32Array {
  const px = new Float32Array(W * H * 3);
  const terrain = fractalNoise(random, 3, 4);
  const light = fractalNoise(random, 2, 3);
  const palette: Rgb[] = [
    randomColour(random),
    randomColour(random),
    randomColour(random),
    randomColour(random),
  ];
  for (let i = 0; i < W * H; i++) {
    // Stretch the noise (it gathers around 0.5) over the whole palette.
    const t = Math.min(0.999, Math.max(0, (terrain[i]! - 0.5) * 2.2 + 0.5)) * (palette.length - 1);
    const k = Math.floor(t);
    const f = t - k;
    const shade = 0.65 + 0.7 * light[i]!;
    for (let c = 0; c < 3; c++) {
      px[i * 3 + c] = (palette[k]![c]! + (palette[k + 1]![c]! - palette[k]![c]!) * f) * shade;
    }
  }
  const blobs = 4 + Math.floor(random() * 5);
  for (let b = 0; b < blobs; b++) {
    const colour = randomColour(random);
    const cx = random() * W;
    const cy = random() * H;
    const r = between(random, 14, 50);
    const strength = between(random, 0.25, 0.6);
    const x0 = Math.max(0, Math.floor(cx - r));
    const x1 = Math.min(W, Math.ceil(cx + r));
    const y0 = Math.max(0, Math.floor(cy - r));
    const y1 = Math.min(H, Math.ceil(cy + r));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        // A soft disc: (1 − d²/r²)², smooth to zero at the rim.
        const d = 1 - ((x - cx) ** 2 + (y - cy) ** 2) / (r * r);
        if (d <= 0) continue;
        const alpha = strength * d * d;
        const i = (y * W + x) * 3;
        for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! * (1 - alpha) + colour[c]! * alpha;
      }
    }
  }
  for (let i = 0; i < px.length; i++) px[i] = px[i]! + (random() - 0.5) * 14;
  return px;
}

interface GapStyle {
  /** How much of the picture the fill hides. */
  cover: number;
  fill: Rgb;
  noise: number;
}

/** Cuts one gap (real or decoy) into the background: dark fill, its own noise, a bevel, an outline. */
function cutGap(
  background: Float32Array,
  mask: Mask,
  gx: number,
  gy: number,
  style: GapStyle,
  random: () => number,
) {
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      if (!inMask(mask, x, y)) continue;
      const i = ((gy + y) * W + gx + x) * 3;
      const edge = onMaskEdge(mask, x, y);
      // A hole's inner shadow under its top-left rim, light on the bottom-right.
      const bevel = !inMask(mask, x - 3, y - 3) ? -28 : !inMask(mask, x + 3, y + 3) ? 22 : 0;
      const n = (random() - 0.5) * style.noise;
      for (let c = 0; c < 3; c++) {
        const filled = background[i + c]! * (1 - style.cover) + style.fill[c]! * style.cover + bevel + n;
        background[i + c] = edge ? filled * 0.4 + 215 * 0.6 : filled;
      }
    }
  }
}

/** The piece: the picture under the real gap, with its own contrast, brightness and noise. */
function cutPiece(
  original: Float32Array,
  mask: Mask,
  gx: number,
  gy: number,
  random: () => number,
): Uint8Array {
  const piece = new Uint8Array(S * S * 4);
  const contrast = between(random, 0.8, 1.2);
  const brightness = between(random, -22, 22);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      if (!inMask(mask, x, y)) continue;
      const b = ((gy + y) * W + gx + x) * 3;
      const p = (y * S + x) * 4;
      const n = (random() - 0.5) * 22;
      for (let c = 0; c < 3; c++) {
        piece[p + c] = clamp(Math.round((original[b + c]! - 128) * contrast + 128 + brightness + n));
      }
      // No drawn outline or bevel (they would match the gap's rim edge for edge): a soft rim, and
      // the page draws a shadow around the piece so a person sees its outline.
      piece[p + 3] = onMaskEdge(mask, x, y) ? 150 : 255;
    }
  }
  return piece;
}

/** Up to `count` decoy boxes at about the real gap's height, none overlapping another gap or the start. */
function decoyPlaces(gapX: number, gapY: number, count: number, random: () => number) {
  const taken = [gapX];
  const places: { x: number; y: number }[] = [];
  for (let attempt = 0; attempt < 60 && places.length < count; attempt++) {
    const x = Math.floor(between(random, S + 4, W - S - 2));
    if (taken.some((other) => Math.abs(other - x) < S + 2)) continue;
    const y = Math.round(Math.min(H - S - 2, Math.max(2, gapY + between(random, -5, 5))));
    taken.push(x);
    places.push({ x, y });
  }
  return places;
}

export function drawPuzzle(random: () => number = noiseSource()): RawPuzzle {
  const original = drawPicture(random);
  // The piece starts at x = 0: the gap sits clear of it, so an untouched slider never passes.
  const gapX = Math.floor(between(random, S + 20, W - S - 3));
  const gapY = Math.floor(between(random, 4, H - S - 3));
  const outline = randomOutline(random);
  const background = Float32Array.from(original);
  const shade = between(random, 25, 70);
  const style: GapStyle = {
    cover: between(random, 0.8, 0.9),
    fill: [
      shade + between(random, -10, 10),
      shade + between(random, -10, 10),
      shade + between(random, -10, 10),
    ],
    noise: 34,
  };
  const decoys = decoyPlaces(gapX, gapY, 2, random);
  for (const decoy of decoys)
    cutGap(background, maskOf(decoyOutline(outline, random)), decoy.x, decoy.y, style, random);
  const mask = maskOf(outline);
  cutGap(background, mask, gapX, gapY, style, random);
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < rgb.length; i++) rgb[i] = clamp(Math.round(background[i]!));
  return { background: rgb, piece: cutPiece(original, mask, gapX, gapY, random), gapX, gapY, decoys };
}

/** The images as the page takes them: data URLs of a lossy JPEG background and a WebP piece. */
export async function encodePuzzle(
  puzzle: RawPuzzle,
  random: () => number = noiseSource(),
): Promise<EncodedPuzzle> {
  const [background, piece] = await Promise.all([
    sharp(puzzle.background, { raw: { width: W, height: H, channels: 3 } })
      .jpeg({ quality: Math.round(between(random, 55, 72)), chromaSubsampling: '4:2:0' })
      .toBuffer(),
    sharp(puzzle.piece, { raw: { width: S, height: S, channels: 4 } })
      .webp({ quality: Math.round(between(random, 60, 78)), alphaQuality: 100 })
      .toBuffer(),
  ]);
  return {
    background: `data:image/jpeg;base64,${background.toString('base64')}`,
    piece: `data:image/webp;base64,${piece.toString('base64')}`,
    gapX: puzzle.gapX,
    gapY: puzzle.gapY,
  };
}
