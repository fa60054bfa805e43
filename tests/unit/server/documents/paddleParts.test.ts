// The PaddleOCR adapter's own parts (issue 30), without the models: boxes from the detector's
// probability map (textBoxes.ts), CTC decoding limited to the MRZ alphabet, and the MRZ line shapes
// that decide when a line is read again in parts.
import { describe, expect, it } from 'vitest';
import { ctcDecode, isMrzShaped, pageBounds } from '../../../../src/server/services/documents/paddleEngine';
import { textBoxes } from '../../../../src/server/services/documents/textBoxes';
import { td3Lines } from '../../../support/documents/mrz';

const OPTIONS = { threshold: 0.3, minScore: 0.6, unclipRatio: 1.5, minSide: 3 };

/** A map with a filled rectangle (centre, size, angle) of probability 0.9. */
function mapWith(
  width: number,
  height: number,
  rects: { cx: number; cy: number; w: number; h: number; angle: number }[],
) {
  const probs = new Float32Array(width * height);
  for (const r of rects) {
    const c = Math.cos(r.angle);
    const s = Math.sin(r.angle);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const u = (x - r.cx) * c + (y - r.cy) * s;
        const v = -(x - r.cx) * s + (y - r.cy) * c;
        if (Math.abs(u) <= r.w / 2 && Math.abs(v) <= r.h / 2) probs[y * width + x] = 0.9;
      }
  }
  return probs;
}

describe('text boxes from the probability map', () => {
  it('finds each region, its angle, and grows it by the unclip distance', () => {
    const angle = (5 * Math.PI) / 180;
    const probs = mapWith(400, 200, [
      { cx: 150, cy: 60, w: 200, h: 12, angle },
      { cx: 200, cy: 150, w: 100, h: 10, angle: 0 },
    ]);
    const boxes = textBoxes(probs, 400, 200, OPTIONS).sort((a, b) => a.cy - b.cy);
    expect(boxes).toHaveLength(2);
    const [tilted, level] = boxes;
    expect(tilted!.angle).toBeCloseTo(angle, 1);
    expect(tilted!.cx).toBeCloseTo(150, -1);
    // 200 × 12 grown by 200·12·1.5 / (2·212) ≈ 8.5 a side.
    expect(tilted!.width).toBeGreaterThan(210);
    expect(tilted!.height).toBeGreaterThan(25);
    expect(Math.abs(level!.angle)).toBeLessThan(0.02);
    expect(pageBounds(level!, 2, { width: 800, height: 400 })).toEqual([
      expect.closeTo(2 * (200 - level!.width / 2), -1),
      expect.closeTo(2 * (150 - level!.height / 2), -1),
      expect.closeTo(2 * (200 + level!.width / 2), -1),
      expect.closeTo(2 * (150 + level!.height / 2), -1),
    ]);
  });

  it('drops specks and faint regions', () => {
    const probs = mapWith(100, 100, [{ cx: 50, cy: 50, w: 1, h: 1, angle: 0 }]);
    expect(textBoxes(probs, 100, 100, OPTIONS)).toEqual([]);
    const faint = new Float32Array(100 * 100).fill(0.4);
    expect(textBoxes(faint, 100, 100, OPTIONS)).toEqual([]);
  });
});

describe('CTC decoding', () => {
  // Classes: 0 blank, then the dictionary.
  const dictionary = ['《', '<', 'A', '1'];
  const steps = (...best: number[][]) => {
    const probs = new Float32Array(best.length * 5);
    best.forEach((row, t) => row.forEach((p, c) => (probs[t * 5 + c] = p)));
    return probs;
  };

  it('collapses repeats and blanks; the MRZ alphabet turns 《 into the next best, <', () => {
    // 《 (second best <) twice, a blank, A, 1.
    const probs = steps(
      [0, 0.6, 0.3, 0, 0],
      [0, 0.6, 0.3, 0, 0],
      [0.9, 0, 0, 0, 0],
      [0, 0, 0, 0.7, 0.2],
      [0, 0, 0, 0, 0.9],
    );
    expect(ctcDecode(probs, 5, 5, dictionary).text).toBe('《A1');
    expect(ctcDecode(probs, 5, 5, dictionary, new Set([2, 3, 4])).text).toBe('<A1');
  });
});

describe('MRZ line shapes', () => {
  const [line1, line2] = td3Lines({
    issuingState: 'CHN',
    surname: 'LIU',
    givenNames: 'MINWEN',
    number: 'E71476215',
    nationality: 'CHN',
    birthDate: '1969-09-21',
    sex: 'F',
    expiryDate: '2031-12-04',
  });

  it('knows a whole first and second line, and not one with its last check digit read as a filler', () => {
    expect(isMrzShaped(line1)).toBe(true);
    expect(isMrzShaped(line2)).toBe(true);
    expect(isMrzShaped(line2.slice(0, -1) + '<')).toBe(false);
    expect(isMrzShaped('PHMHE')).toBe(false);
  });
});
