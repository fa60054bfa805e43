// A PNG or JPEG declares its pixel size in a header long before its pixel data. A 50 KB file can
// declare 100 000 × 100 000 pixels and take gigabytes to decode wherever it is shown or thumbnailed
// (a decompression bomb), so uploads whose declared size is absurd are refused by reading only
// that header: the IHDR chunk of a PNG, the SOFn frame header of a JPEG.

export interface Dimensions {
  width: number;
  height: number;
}

// LEAD: move to limits.ts as Limits.upload.maxImageSide / maxImagePixels.
/** No document photo or scan needs more: an A4 page at 600 dpi is 4 960 × 7 016. */
export const MAX_IMAGE_SIDE = 20_000;
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Reads `length` bytes at `offset`; fewer when the file ends first. */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

const be16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const be32 = (b: Uint8Array, i: number) => be16(b, i) * 0x10000 + be16(b, i + 2);

/** From the first 24 bytes of a PNG: the IHDR chunk must come first (PNG spec §5.6). */
export function pngDimensions(head: Uint8Array): Dimensions | null {
  if (head.length < 24) return null;
  const ihdr = String.fromCharCode(...head.subarray(12, 16));
  if (be32(head, 8) !== 13 || ihdr !== 'IHDR') return null;
  return { width: be32(head, 16), height: be32(head, 20) };
}

// Frame headers are C0–CF except C4 (DHT), C8 (reserved) and CC (DAC).
const isFrameHeader = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
// Markers that stand alone, without a length: TEM and RST0–7.
const isStandalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);
/** A real file reaches its frame header within a handful of segments; this bounds a crafted one. */
const MAX_JPEG_SEGMENTS = 4096;

/** Walks the segments after SOI, skipping each by its length, until the frame header. */
export async function jpegDimensions(readAt: ReadAt, size: number): Promise<Dimensions | null> {
  let offset = 2;
  for (let i = 0; i < MAX_JPEG_SEGMENTS && offset + 4 <= size; i++) {
    const seg = await readAt(offset, 4);
    if (seg[0] !== 0xff) return null;
    const marker = seg[1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte before a marker
      continue;
    }
    if (isStandalone(marker)) {
      offset += 2;
      continue;
    }
    // Image data (SOS) or the end (EOI) before any frame header: not an image we can size.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = be16(seg, 2);
    if (length < 2) return null;
    if (isFrameHeader(marker)) {
      const frame = await readAt(offset + 4, 5); // precision, height, width
      if (frame.length < 5) return null;
      return { height: be16(frame, 1), width: be16(frame, 3) };
    }
    offset += 2 + length;
  }
  return null;
}

/** True when a viewer could decode the image without an absurd amount of memory. */
export function dimensionsAcceptable({ width, height }: Dimensions): boolean {
  return (
    width > 0 &&
    height > 0 &&
    width <= MAX_IMAGE_SIDE &&
    height <= MAX_IMAGE_SIDE &&
    width * height <= MAX_IMAGE_PIXELS
  );
}
