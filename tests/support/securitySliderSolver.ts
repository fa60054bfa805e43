// The attacker's slider solver of issue 22 §2, as a test ships it: decode both images, slide the
// piece along the background at the height the puzzle gives, score each position, pick the best;
// then an eased drag trail to that position. Three scorings, each what a 40-line script would try:
// normalised cross-correlation of the grey levels (finds a gap that is the piece darkened by a
// factor), the smallest mean absolute difference, and correlation of the edges (gradients).
// Issue 29 §5 adds two that read the gap rather than the picture, as the held-out scripts did:
// 'rim' matches the piece's OUTLINE (its soft-edged alpha) against the light rim every cut gap
// has, inside minus on the rim; 'shade' looks for the brightness shift of a dark fill: the piece's
// interior against a ring just outside it. Neither correlates texture, so the piece's own
// contrast, brightness and noise do not blind them.
import sharp from 'sharp';

export type Scoring = 'ncc' | 'sad' | 'edges' | 'rim' | 'shade';
/** The scorings of issue 22 §2. */
export const SCORINGS: readonly Scoring[] = ['ncc', 'sad', 'edges'];
/** The scorings of issue 29 §5: the gap's own marks, not the picture. */
export const GAP_SCORINGS: readonly Scoring[] = ['rim', 'shade'];

interface Grey {
  width: number;
  height: number;
  values: Float32Array;
  alpha?: Uint8Array;
}

async function decode(dataUrl: string): Promise<Grey> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const values = new Float32Array(info.width * info.height);
  const alpha = new Uint8Array(info.width * info.height);
  for (let i = 0; i < values.length; i++) {
    values[i] = 0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!;
    alpha[i] = data[i * 4 + 3]!;
  }
  return { width: info.width, height: info.height, values, alpha };
}

/** Gradient magnitude (Sobel-less: right and down differences), same size. */
function edges(image: Grey): Grey {
  const { width, height, values } = image;
  const out = new Float32Array(values.length);
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      out[i] = Math.abs(values[i + 1]! - values[i]!) + Math.abs(values[i + width]! - values[i]!);
    }
  }
  return { ...image, values: out };
}

function score(kind: Scoring, a: number[], b: number[]): number {
  const n = a.length;
  if (kind === 'sad') {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Math.abs(a[i]! - b[i]!);
    return -sum / n;
  }
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db || 1);
}

/** Pixel offsets (in the piece's box) of its rim, its interior, and a ring just outside it. */
function pieceRegions(piece: Grey) {
  const { width, height } = piece;
  const alpha = piece.alpha!;
  const opaque = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && alpha[y * width + x]! > 100;
  const rim: [number, number][] = [];
  const inside: [number, number][] = [];
  const ring: [number, number][] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = alpha[y * width + x]!;
      if (a > 100 && a < 220) rim.push([x, y]);
      else if (a >= 220) {
        // Two pixels clear of the rim: the bevel and the rim's blur stay out.
        let deep = true;
        for (let d = -3; d <= 3 && deep; d++) deep = opaque(x + d, y) && opaque(x, y + d);
        if (deep) inside.push([x, y]);
      } else {
        let near = false;
        for (let d = -3; d <= 3 && !near; d++) near = opaque(x + d, y) || opaque(x, y + d);
        if (near) ring.push([x, y]);
      }
    }
  }
  return { rim, inside, ring };
}

function meanAt(background: Grey, points: [number, number][], ox: number, oy: number): number {
  let sum = 0;
  let n = 0;
  for (const [x, y] of points) {
    const px = ox + x;
    const py = oy + y;
    if (px < 0 || py < 0 || px >= background.width || py >= background.height) continue;
    sum += background.values[py * background.width + px]!;
    n++;
  }
  return n === 0 ? 0 : sum / n;
}

/** The gap's own marks: where the piece's outline or its dark fill fits best. */
function solveByGapMarks(background: Grey, piece: Grey, pieceY: number, kind: 'rim' | 'shade'): number {
  const { rim, inside, ring } = pieceRegions(piece);
  let best = { x: 0, score: -Infinity };
  // The gap is never under the piece's start (the page's rule: it sits clear of x = 0).
  for (let x = Math.floor(piece.width / 2); x + piece.width <= background.width; x++) {
    const dark = meanAt(background, inside, x, pieceY);
    const s =
      kind === 'rim' ? meanAt(background, rim, x, pieceY) - dark : meanAt(background, ring, x, pieceY) - dark;
    if (s > best.score) best = { x, score: s };
  }
  return best.x;
}

/** Where the solver puts the piece's left edge, by one scoring. */
export async function solvePosition(
  challenge: { background: string; piece: string; pieceY: number },
  kind: Scoring,
): Promise<number> {
  let background = await decode(challenge.background);
  let piece = await decode(challenge.piece);
  if (kind === 'rim' || kind === 'shade') return solveByGapMarks(background, piece, challenge.pieceY, kind);
  if (kind === 'edges') {
    background = edges(background);
    piece = edges(piece);
  }
  // The piece's opaque pixels (its rim excluded: the outline is drawn, not picture).
  const at: number[] = [];
  for (let y = 1; y < piece.height - 1; y++) {
    for (let x = 1; x < piece.width - 1; x++) {
      const i = y * piece.width + x;
      if (piece.alpha![i]! > 250) at.push(i);
    }
  }
  const pieceValues = at.map((i) => piece.values[i]!);
  let best = { x: 0, score: -Infinity };
  for (let x = 0; x + piece.width <= background.width; x++) {
    const under = at.map((i) => {
      const px = x + (i % piece.width);
      const py = challenge.pieceY + Math.floor(i / piece.width);
      return background.values[Math.min(background.height - 1, py) * background.width + px]!;
    });
    const s = score(kind, pieceValues, under);
    if (s > best.score) best = { x, score: s };
  }
  return best.x;
}

/** The script's drag: a smooth ease-in-out to `x`, a point every 16 ms, the hand held level. */
export function easedTrail(x: number): { x: number; y: number; t: number }[] {
  const steps = 30;
  return Array.from({ length: steps + 1 }, (_, i) => {
    const f = i / steps;
    return { x: Math.round(((1 - Math.cos(Math.PI * f)) / 2) * x * 10) / 10, y: 0, t: i * 16 };
  });
}
