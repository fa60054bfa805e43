// The slider puzzle's pictures (issue 22 §2): a lossy JPEG background and a WebP piece of the
// contract's sizes; the piece transparent outside its outline; decoy gaps of other outlines at about
// the gap's height, clear of the real gap and of the piece's start; no two puzzles alike.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CaptchaPuzzle } from '../../../src/contract/api/accounts';
import { drawPuzzle, encodePuzzle } from '../../../src/server/security/captcha/puzzleImage';

const { width, height, pieceSize } = CaptchaPuzzle;

async function metadataOf(dataUrl: string) {
  const [head, base64] = dataUrl.split(',');
  return { head, meta: await sharp(Buffer.from(base64!, 'base64')).metadata() };
}

describe('slider puzzle images', () => {
  it('are a JPEG background and a WebP piece with transparency, of the contract sizes', async () => {
    const encoded = await encodePuzzle(drawPuzzle());
    const background = await metadataOf(encoded.background);
    expect(background.head).toBe('data:image/jpeg;base64');
    expect([background.meta.format, background.meta.width, background.meta.height]).toEqual([
      'jpeg',
      width,
      height,
    ]);
    const piece = await metadataOf(encoded.piece);
    expect(piece.head).toBe('data:image/webp;base64');
    expect([piece.meta.format, piece.meta.width, piece.meta.height, piece.meta.hasAlpha]).toEqual([
      'webp',
      pieceSize,
      pieceSize,
      true,
    ]);
  });

  it('cuts the piece at the gap: opaque inside its outline, transparent in the corners', () => {
    const { piece } = drawPuzzle();
    const alphaAt = (x: number, y: number) => piece[(y * pieceSize + x) * 4 + 3];
    expect(alphaAt(pieceSize / 2, pieceSize / 2)).toBe(255);
    for (const [x, y] of [
      [0, 0],
      [pieceSize - 1, 0],
      [0, pieceSize - 1],
      [pieceSize - 1, pieceSize - 1],
    ] as const)
      expect(alphaAt(x, y)).toBe(0);
  });

  it('places decoys clear of the gap and of the start, at about its height, and no two puzzles alike', () => {
    for (let i = 0; i < 20; i++) {
      const puzzle = drawPuzzle();
      expect(puzzle.gapX).toBeGreaterThanOrEqual(pieceSize + 20);
      expect(puzzle.gapX).toBeLessThanOrEqual(width - pieceSize);
      expect(puzzle.decoys.length).toBeGreaterThanOrEqual(1);
      for (const decoy of puzzle.decoys) {
        expect(Math.abs(decoy.x - puzzle.gapX)).toBeGreaterThanOrEqual(pieceSize);
        expect(decoy.x).toBeGreaterThanOrEqual(pieceSize);
        expect(Math.abs(decoy.y - puzzle.gapY)).toBeLessThanOrEqual(6);
      }
    }
    const a = drawPuzzle();
    const b = drawPuzzle();
    expect(Buffer.from(a.background).equals(Buffer.from(b.background))).toBe(false);
  });
});
