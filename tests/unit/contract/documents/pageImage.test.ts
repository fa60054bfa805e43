// Where a read box lies on the page (issue 30): the page image's size from the file's, the box as
// fractions of it, and turned as the viewer turns a page.
import { describe, expect, it } from 'vitest';
import {
  boxFraction,
  pdfPageSize,
  photoPageSize,
  turnFraction,
  type FractionBox,
} from '../../../../src/contract/documents/pageImage';

describe('the page image read', () => {
  it('shrinks a large photo to fit the longest side, and never enlarges a small one', () => {
    expect(photoPageSize(4800, 3600)).toEqual({ width: 2400, height: 1800 });
    expect(photoPageSize(3000, 6000)).toEqual({ width: 1200, height: 2400 });
    expect(photoPageSize(1000, 630)).toEqual({ width: 1000, height: 630 });
  });

  it('draws a PDF page at 150 dpi (A4: 595 × 842 points)', () => {
    expect(pdfPageSize(595, 842)).toEqual({ width: 1240, height: 1755 });
  });
});

describe('a box as fractions of its page', () => {
  it('divides by the page and clamps to it', () => {
    expect(boxFraction([100, 50, 300, 150], { width: 1000, height: 500 })).toEqual([0.1, 0.1, 0.3, 0.3]);
    expect(boxFraction([-10, 0, 2000, 250], { width: 1000, height: 500 })).toEqual([0, 0, 1, 0.5]);
  });

  it('has no box on an empty page or for an empty box', () => {
    expect(boxFraction([1, 1, 2, 2], { width: 0, height: 10 })).toBeNull();
    expect(boxFraction([5, 5, 5, 9], { width: 10, height: 10 })).toBeNull();
  });

  it('turns with the page, clockwise, and back after four quarter turns', () => {
    const box: FractionBox = [0.1, 0.2, 0.4, 0.3];
    // The top-left corner region goes to the top-right after a quarter turn clockwise.
    expect(turnFraction(box, 90).map((n) => +n.toFixed(6))).toEqual([0.7, 0.1, 0.8, 0.4]);
    expect(turnFraction(box, 180).map((n) => +n.toFixed(6))).toEqual([0.6, 0.7, 0.9, 0.8]);
    expect(turnFraction(box, 270).map((n) => +n.toFixed(6))).toEqual([0.2, 0.6, 0.3, 0.9]);
    let turned = box;
    for (let i = 0; i < 4; i++) turned = turnFraction(turned, 90);
    expect(turned.map((n) => +n.toFixed(6))).toEqual(box);
    expect(turnFraction(box, 0)).toEqual(box);
  });
});
