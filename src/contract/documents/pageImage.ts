// The page image a read box is measured on (issue 30): ReadField.box is in pixels of the image the
// engine read, not of the file. The reviewer's viewer draws the file itself, so it needs the same
// geometry to put the outline where the value was read: a photo upright (EXIF applied) and scaled
// down to fit PAGE_IMAGE.maxSide, a PDF page drawn at PAGE_IMAGE.pdfDpi. The reader prepares its
// pages with these numbers (tests/server/documents/pageImage.test.ts holds the two to each other).

export const PAGE_IMAGE = {
  /** Longest side of a photo as read: enough for 10-point print on a phone photo of an A4 page. */
  maxSide: 2400,
  /** Resolution a PDF page is drawn at for reading (PDF user space is 72 units an inch). */
  pdfDpi: 150,
} as const;

/** The size of the page image read from a photo of this (upright) size: shrunk to fit, never enlarged. */
export function photoPageSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PAGE_IMAGE.maxSide / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The size of the page image read from a PDF page of this size in PDF units (points). */
export function pdfPageSize(widthPt: number, heightPt: number): { width: number; height: number } {
  const scale = PAGE_IMAGE.pdfDpi / 72;
  return { width: Math.ceil(widthPt * scale), height: Math.ceil(heightPt * scale) };
}

/** Left, top, right, bottom as fractions (0…1) of the page: what a viewer of any size places. */
export type FractionBox = [number, number, number, number];

const clamp = (n: number) => Math.min(1, Math.max(0, n));

export function boxFraction(
  box: readonly [number, number, number, number],
  page: { width: number; height: number },
): FractionBox | null {
  if (page.width <= 0 || page.height <= 0) return null;
  const [l, t, r, b] = box;
  const out: FractionBox = [
    clamp(l / page.width),
    clamp(t / page.height),
    clamp(r / page.width),
    clamp(b / page.height),
  ];
  return out[2] > out[0] && out[3] > out[1] ? out : null;
}

/** The same box on the page turned clockwise by `rotation` (0, 90, 180, 270), as a viewer turns it. */
export function turnFraction(box: FractionBox, rotation: number): FractionBox {
  const [l, t, r, b] = box;
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return [1 - b, l, 1 - t, r];
    case 180:
      return [1 - r, 1 - b, 1 - l, 1 - t];
    case 270:
      return [t, 1 - r, b, 1 - l];
    default:
      return box;
  }
}
