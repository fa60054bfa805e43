// The puzzle's PNG writer: what it writes decodes back to the same pixels (zlib inflate of the IDAT
// data, header and chunk CRCs checked), and the puzzle images are what the page expects.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CaptchaPuzzle } from '../../../src/contract/api/accounts';
import { crc32, encodePng, type RgbaImage } from '../../../src/server/security/captcha/pngEncoder';
import { drawPuzzle } from '../../../src/server/security/captcha/puzzleImage';
import { insidePiece } from '../../../src/server/security/captcha/puzzleShape';

interface Decoded {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  pixels: Buffer;
}

/** A strict little decoder for what the encoder writes: filter 0 rows of RGBA8. */
function decodePng(png: Buffer): Decoded {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  const chunks: { type: string; data: Buffer }[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    expect(crc, `CRC of ${type}`).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    chunks.push({ type, data });
    offset += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const ihdr = chunks[0]!.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(chunks[1]!.data);
  expect(raw.length).toBe((width * 4 + 1) * height);
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    raw.copy(pixels, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { width, height, bitDepth: ihdr[8]!, colourType: ihdr[9]!, pixels };
}

describe('PNG encoder', () => {
  it('writes an RGBA image that decodes to the same pixels', () => {
    const image: RgbaImage = { width: 7, height: 5, pixels: new Uint8Array(7 * 5 * 4) };
    for (let i = 0; i < image.pixels.length; i++) image.pixels[i] = (i * 37) % 256;
    const decoded = decodePng(encodePng(image));
    expect(decoded).toMatchObject({ width: 7, height: 5, bitDepth: 8, colourType: 6 });
    expect([...decoded.pixels]).toEqual([...image.pixels]);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(15) })).toThrow(/16 bytes/);
  });
});

describe('slider puzzle images', () => {
  it('cuts the piece from the picture at the gap, darkens the gap, and varies from puzzle to puzzle', () => {
    const a = drawPuzzle();
    const b = drawPuzzle();
    const bg = decodePng(encodePng(a.background));
    const piece = decodePng(encodePng(a.piece));
    expect([bg.width, bg.height]).toEqual([CaptchaPuzzle.width, CaptchaPuzzle.height]);
    expect([piece.width, piece.height]).toEqual([CaptchaPuzzle.pieceSize, CaptchaPuzzle.pieceSize]);
    expect(a.gapX).toBeGreaterThan(CaptchaPuzzle.pieceSize);
    expect(a.gapX + CaptchaPuzzle.pieceSize).toBeLessThanOrEqual(CaptchaPuzzle.width);

    // Inside the shape (away from its outline) the gap is darker than the piece taken from there.
    const mid = Math.floor(CaptchaPuzzle.pieceSize / 2);
    const p = (mid * CaptchaPuzzle.pieceSize + mid) * 4;
    const g = ((a.gapY + mid) * CaptchaPuzzle.width + a.gapX + mid) * 4;
    expect(insidePiece(mid, mid)).toBe(true);
    expect(piece.pixels[p + 3]).toBe(255);
    const brightness = (px: Buffer, i: number) => px[i]! + px[i + 1]! + px[i + 2]!;
    expect(brightness(bg.pixels, g)).toBeLessThan(brightness(piece.pixels, p));
    // Outside the shape the piece is transparent.
    expect(piece.pixels[3]).toBe(0);
    // Two puzzles are not the same picture.
    expect(Buffer.from(a.background.pixels).equals(Buffer.from(b.background.pixels))).toBe(false);
  });
});
