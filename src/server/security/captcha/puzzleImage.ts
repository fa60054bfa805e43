// Draws a slider puzzle on the server: a picture of random gradients, shapes and noise (so the gap
// cannot be found by matching a known picture), the gap darkened into it at a random place, and the
// piece cut from the original picture at that place. Only the images leave the server.
import { randomBytes, randomInt } from 'node:crypto';
import { CaptchaPuzzle } from '../../../contract/api/accounts';
import { insidePiece, onPieceEdge } from './puzzleShape';
import type { RgbaImage } from './pngEncoder';

export interface Puzzle {
  background: RgbaImage;
  piece: RgbaImage;
  gapX: number;
  gapY: number;
}

/** mulberry32: fast, and good enough for pixel noise; seeded from the OS so no two puzzles repeat. */
function noiseSource(): () => number {
  let a = randomBytes(4).readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function drawPicture(width: number, height: number, random: () => number): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  const from = [random() * 255, random() * 255, random() * 255];
  const to = [random() * 255, random() * 255, random() * 255];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const f = (x / width + y / height) / 2;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) px[i + c] = clamp(from[c]! + (to[c]! - from[c]!) * f);
      px[i + 3] = 255;
    }
  }
  // Translucent discs and rectangles of random colours.
  const shapes = 18 + Math.floor(random() * 10);
  for (let s = 0; s < shapes; s++) {
    const colour = [random() * 255, random() * 255, random() * 255];
    const alpha = 0.25 + random() * 0.5;
    const cx = random() * width;
    const cy = random() * height;
    const size = 10 + random() * 50;
    const disc = random() < 0.5;
    const x0 = Math.max(0, Math.floor(cx - size));
    const x1 = Math.min(width, Math.ceil(cx + size));
    const y0 = Math.max(0, Math.floor(cy - size));
    const y1 = Math.min(height, Math.ceil(cy + size));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (disc && (x - cx) ** 2 + (y - cy) ** 2 > size ** 2) continue;
        const i = (y * width + x) * 4;
        for (let c = 0; c < 3; c++) px[i + c] = clamp(px[i + c]! * (1 - alpha) + colour[c]! * alpha);
      }
    }
  }
  // Per-pixel noise.
  for (let i = 0; i < px.length; i += 4) {
    const n = (random() - 0.5) * 36;
    for (let c = 0; c < 3; c++) px[i + c] = clamp(px[i + c]! + n);
  }
  return px;
}

export function drawPuzzle(): Puzzle {
  const { width, height, pieceSize } = CaptchaPuzzle;
  const random = noiseSource();
  const original = drawPicture(width, height, random);
  // The piece starts at x = 0: the gap sits clear of it, so an untouched slider never passes.
  const gapX = randomInt(pieceSize + 20, width - pieceSize - 3);
  const gapY = randomInt(4, height - pieceSize - 3);

  const background = Uint8Array.from(original);
  const piece = new Uint8Array(pieceSize * pieceSize * 4);
  for (let y = 0; y < pieceSize; y++) {
    for (let x = 0; x < pieceSize; x++) {
      if (!insidePiece(x, y)) continue;
      const b = ((gapY + y) * width + gapX + x) * 4;
      const p = (y * pieceSize + x) * 4;
      const edge = onPieceEdge(x, y);
      for (let c = 0; c < 3; c++) {
        background[b + c] = edge ? clamp(original[b + c]! * 0.5 + 110) : clamp(original[b + c]! * 0.42);
        piece[p + c] = edge ? 250 : original[b + c]!;
      }
      piece[p + 3] = edge ? 230 : 255;
    }
  }
  return {
    background: { width, height, pixels: background },
    piece: { width: pieceSize, height: pieceSize, pixels: piece },
    gapX,
    gapY,
  };
}
