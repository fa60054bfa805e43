// The ID-reuse check's picture of a face (issue 28 §2): the face "unwrapped" onto the mesh's own
// canonical layout (Human's faceUVMap), so the same face photographed at another angle, size or
// place in the frame lands on the same grid. Two unwrapped faces from one picture (the ID portrait
// and a print of it held to the camera) agree pixel for pixel, up to the print's blur and tone; two
// photographs of one person taken apart differ in light, expression and skin detail. A perceptual
// hash (DCT, as pHash) of the unwrapped face compares them without caring about brightness.
import { applyHomography, robustHomography, type Point2 } from './homography';

/** Side of the unwrapped face, in samples. */
export const TEXTURE_SIDE = 32;

/**
 * Samples a grey image (row-major, one byte a pixel) onto the canonical face grid: the homography
 * from the canonical layout to the landmarks says where each grid point lies in the picture. Points
 * outside the face's oval are 0 and so are those outside the picture. Null without enough landmarks.
 */
export function unwrapFace(
  grey: Uint8Array | Buffer,
  width: number,
  height: number,
  mesh: readonly Point2[],
  uv: readonly Point2[],
  side = TEXTURE_SIDE,
): number[] | null {
  const n = Math.min(mesh.length, uv.length);
  if (n < 8) return null;
  const canonical = uv.slice(0, n).map(([u, v]) => [u * side, v * side] as const);
  const fit = robustHomography(canonical, mesh.slice(0, n));
  if (!fit) return null;
  const out = new Array<number>(side * side).fill(0);
  const c = side / 2;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      // The inner face only: an oval inside the grid, away from hair and background.
      const dx = (x + 0.5 - c) / (c * 0.8);
      const dy = (y + 0.5 - c) / (c * 0.95);
      if (dx * dx + dy * dy > 1) continue;
      const [px, py] = applyHomography(fit.h, [x + 0.5, y + 0.5]);
      out[y * side + x] = bilinear(grey, width, height, px, py);
    }
  }
  return out;
}

function bilinear(grey: Uint8Array | Buffer, width: number, height: number, x: number, y: number): number {
  if (!(x >= 0 && y >= 0 && x <= width - 1 && y <= height - 1)) return 0;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const at = (xx: number, yy: number) => grey[yy * width + xx]!;
  return (
    at(x0, y0) * (1 - fx) * (1 - fy) +
    at(x1, y0) * fx * (1 - fy) +
    at(x0, y1) * (1 - fx) * fy +
    at(x1, y1) * fx * fy
  );
}

/** 2D DCT-II of a square grid, only the lowest `keep` × `keep` coefficients. */
function lowDct(values: readonly number[], side: number, keep: number): number[] {
  const out: number[] = [];
  for (let v = 0; v < keep; v++) {
    for (let u = 0; u < keep; u++) {
      let s = 0;
      for (let y = 0; y < side; y++) {
        const cy = Math.cos(((2 * y + 1) * v * Math.PI) / (2 * side));
        for (let x = 0; x < side; x++) {
          s += values[y * side + x]! * Math.cos(((2 * x + 1) * u * Math.PI) / (2 * side)) * cy;
        }
      }
      out.push(s);
    }
  }
  return out;
}

/** The perceptual hash of an unwrapped face: 63 bits, one per low DCT coefficient above the median. */
export function textureHash(texture: readonly number[], side = TEXTURE_SIDE): boolean[] {
  const coefficients = lowDct(texture, side, 8).slice(1); // the DC term is only brightness
  const sorted = [...coefficients].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return coefficients.map((c) => c > median);
}

/** Bits that differ (0 = the same picture, ~32 = unrelated). */
export function hashDistance(a: readonly boolean[], b: readonly boolean[]): number {
  let d = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) d++;
  return d + Math.abs(a.length - b.length);
}
