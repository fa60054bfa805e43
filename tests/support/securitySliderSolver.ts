// The attacker's slider solver of issue 22 §2, as a test ships it: decode both images, slide the
// piece along the background at the height the puzzle gives, score each position, pick the best;
// then an eased drag trail to that position. Three scorings, each what a 40-line script would try:
// normalised cross-correlation of the grey levels (finds a gap that is the piece darkened by a
// factor), the smallest mean absolute difference, and correlation of the edges (gradients).
import sharp from 'sharp';

export type Scoring = 'ncc' | 'sad' | 'edges';
export const SCORINGS: readonly Scoring[] = ['ncc', 'sad', 'edges'];

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

/** Where the solver puts the piece's left edge, by one scoring. */
export async function solvePosition(
  challenge: { background: string; piece: string; pieceY: number },
  kind: Scoring,
): Promise<number> {
  let background = await decode(challenge.background);
  let piece = await decode(challenge.piece);
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
