// Type by magic bytes and the declared-dimension check, on the sample files and on crafted headers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectType, SNIFF_BYTES } from '../../../src/server/storage/detectType';
import {
  dimensionsAcceptable,
  jpegDimensions,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  pngDimensions,
  type ReadAt,
} from '../../../src/server/storage/imageDimensions';
import { jpeg, png, SAMPLES } from '../../fixtures/files/samples';
import { sample } from './support';

const readerOf =
  (bytes: Buffer): ReadAt =>
  async (offset, length) =>
    bytes.subarray(offset, offset + length);

describe('the sample files', () => {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/files');
  it.each(Object.keys(SAMPLES))('%s on disk is what generate.ts writes', (name) => {
    expect(readFileSync(path.join(dir, name)).equals(SAMPLES[name]!())).toBe(true);
  });
});

describe('detectType', () => {
  it.each([
    ['tiny.png', 'image/png'],
    ['tiny.jpg', 'image/jpeg'],
    ['tiny.pdf', 'application/pdf'],
    ['bomb-wide.png', 'image/png'], // the type is right; the dimensions refuse it
  ])('%s → %s', (name, type) => {
    expect(detectType(sample(name).subarray(0, SNIFF_BYTES))).toBe(type);
  });

  it.each(['elf-executable.pdf', 'pe-executable.pdf', 'page-html.png', 'drawing.svg', 'empty.png'])(
    '%s → refused',
    (name) => {
      expect(detectType(sample(name).subarray(0, SNIFF_BYTES))).toBeNull();
    },
  );

  it('a signature cut short is not a match', () => {
    expect(detectType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectType(Buffer.from('%PDF'))).toBeNull();
    expect(detectType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('a signature not at the start is not a match', () => {
    expect(detectType(Buffer.concat([Buffer.from(' '), sample('tiny.pdf')]))).toBeNull();
  });
});

describe('declared dimensions', () => {
  it('reads the PNG IHDR', () => {
    expect(pngDimensions(png(3, 2))).toEqual({ width: 3, height: 2 });
    expect(pngDimensions(sample('bomb-wide.png'))).toEqual({ width: 30_000, height: 30_000 });
  });

  it('a PNG whose first chunk is not IHDR has no dimensions', () => {
    const bytes = Buffer.from(png());
    bytes.write('tEXt', 12, 'latin1');
    expect(pngDimensions(bytes)).toBeNull();
  });

  it('reads the JPEG frame header, past metadata segments', async () => {
    const plain = jpeg({ width: 640, height: 480 });
    // An APP1 segment of length 60 000 (as EXIF can be) between SOI and the frame header.
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0xea, 0x60]), Buffer.alloc(60_000 - 2, 0x41)]);
    const withExif = Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
    expect(await jpegDimensions(readerOf(plain), plain.length)).toEqual({ width: 640, height: 480 });
    expect(await jpegDimensions(readerOf(withExif), withExif.length)).toEqual({ width: 640, height: 480 });
    expect(await jpegDimensions(readerOf(sample('bomb.jpg')), 159)).toEqual({
      width: 30_000,
      height: 30_000,
    });
  });

  it('a JPEG that reaches its image data or its end before a frame header has no dimensions', async () => {
    const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 63, 0, 0x3f, 0xff, 0xd9]);
    expect(await jpegDimensions(readerOf(noFrame), noFrame.length)).toBeNull();
    const garbage = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x12, 0x34, 0x56]);
    expect(await jpegDimensions(readerOf(garbage), garbage.length)).toBeNull();
  });

  it('a JPEG of endless fill bytes ends the walk without a result', async () => {
    const fill = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(100_000, 0xff)]);
    expect(await jpegDimensions(readerOf(fill), fill.length)).toBeNull();
  });

  it('the limits: a side, the pixel count, and zero', () => {
    expect(dimensionsAcceptable({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE })).toBe(
      true,
    );
    expect(dimensionsAcceptable({ width: MAX_IMAGE_SIDE + 1, height: 1 })).toBe(false);
    expect(dimensionsAcceptable({ width: 1, height: MAX_IMAGE_SIDE + 1 })).toBe(false);
    expect(dimensionsAcceptable({ width: 10_001, height: 10_000 })).toBe(false); // just over 100 MP
    expect(dimensionsAcceptable({ width: 0, height: 10 })).toBe(false);
    expect(dimensionsAcceptable({ width: 4960, height: 7016 })).toBe(true); // A4 at 600 dpi
  });
});
