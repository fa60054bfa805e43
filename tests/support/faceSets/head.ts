// A head-shaped surface made from one portrait and its 468-point face mesh (mesh.ts): the depth of
// every point of a grid over the picture, in centimetres behind the nose tip.
//   - inside the face mesh: the mesh's own depth, interpolated over its triangles;
//   - around it (forehead, hair, ears, the sides of the skull): a surface that starts at the face
//     outline's depth and bends back to the head's rim, ever steeper (the rim is a silhouette), out
//     to an ellipse around the face; under the jaw the head ends at the jaw line;
//   - everything else (neck, shoulders, background) is a static layer behind, whose picture has
//     the head filled in from its surroundings (image.ts fillMasked), so a turning head uncovers a
//     plausible background, not a copy of itself.
// The scale: the face outline's width (mesh points 234 to 454) is FACE_WIDTH_CM.
import { sourceMesh } from './mesh';
import { fillMasked, pictureSharp, readPicture } from './image';
import type { Picture } from './raster';

export const FACE_WIDTH_CM = 14;
/** Depth of the face outline behind the nose tip, in face widths, that the mesh's depth is scaled
 *  to (anthropometric: a nose tip stands 7–8 cm in front of the cheeks' outline). */
const OUTLINE_DEPTH_FACE_WIDTHS = 0.55;
/** The head's rim (its silhouette seen from the front) behind the nose tip, in face widths. */
const RIM_DEPTH_FACE_WIDTHS = 0.75;
/** The head's outline around the face: half-width and the top above the mesh's top point, in face
 *  widths. */
const HEAD_HALF_WIDTH = 0.68;
const HEAD_TOP_ABOVE = 0.42;

/** Mesh points the model uses by name (MediaPipe face mesh numbering). */
export const MESH = { noseTip: 1, top: 10, chin: 152, left: 234, right: 454 } as const;
/** The face outline, in order around the face (Human's meshAnnotations.silhouette). */
const SILHOUETTE = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149,
  150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];

export interface HeadModel {
  source: string;
  picture: Picture;
  /** The picture with the head filled in from around it: what the static layer shows. */
  behind: Picture;
  /** Face width in the picture's pixels, and centimetres per picture pixel at the nose tip. */
  faceWidthPx: number;
  cmPerPx: number;
  /** The grid: cols×rows vertices `step` pixels apart, row-major. */
  step: number;
  cols: number;
  rows: number;
  /** Per vertex: picture position, depth behind the nose tip (cm), head weight (0 = static layer,
   *  1 = head; between: the head's soft outer edge), and the head's surface normal (frontal). */
  u: Float64Array;
  v: Float64Array;
  depth: Float64Array;
  head: Float64Array;
  normal: Float64Array;
  /** Depth of the static layer per vertex (cm behind the nose tip): body, or far background. */
  staticDepth: Float64Array;
  /** The nose tip in the picture; the head's centre (the outline ellipse's) in the picture. */
  nose: [number, number];
  centre: [number, number];
  /** The mesh: picture x, y and depth behind the nose tip (cm). */
  landmarks: [number, number, number][];
  /** The head's yaw in the picture itself (degrees, the person's left > 0), from the mesh. */
  sourceYawDeg: number;
}

/** Where the ray from `c` at angle `theta` leaves the closed polygon `poly`: its distance and the
 *  parameter along the hit edge (for interpolating per-vertex values). */
function outlineAt(
  poly: readonly [number, number][],
  c: [number, number],
  theta: number,
): { dist: number; edge: number; t: number } | null {
  const dx = Math.cos(theta);
  const dy = Math.sin(theta);
  let best: { dist: number; edge: number; t: number } | null = null;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-12) continue;
    const ax = a[0] - c[0];
    const ay = a[1] - c[1];
    const dist = (ax * ey - ay * ex) / den;
    const t = (ax * dy - ay * dx) / den;
    if (dist > 0 && t >= 0 && t <= 1 && (!best || dist > best.dist)) best = { dist, edge: i, t };
  }
  return best;
}

function insidePolygon(poly: readonly [number, number][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const models = new Map<string, Promise<HeadModel>>();

/** The head model of `source` (memoised per process). */
export function headModel(source: string): Promise<HeadModel> {
  let found = models.get(source);
  if (!found) {
    found = buildHead(source);
    models.set(source, found);
  }
  return found;
}

async function buildHead(source: string): Promise<HeadModel> {
  const mesh = await sourceMesh(source);
  const picture = await readPicture(source);
  const P = mesh.points;
  const pt = (i: number) => P[i]!;
  const faceWidthPx = Math.hypot(pt(MESH.right)[0] - pt(MESH.left)[0], pt(MESH.right)[1] - pt(MESH.left)[1]);
  const cmPerPx = FACE_WIDTH_CM / faceWidthPx;
  const noseZ = pt(MESH.noseTip)[2];
  const outlineZ = (pt(MESH.left)[2] + pt(MESH.right)[2]) / 2;
  // The mesh's depth unit is the model's own; scale it to a face's proportions (within reason).
  const zScale = Math.min(
    1.4,
    Math.max(0.6, (OUTLINE_DEPTH_FACE_WIDTHS * faceWidthPx) / Math.max(1e-6, outlineZ - noseZ)),
  );
  const landmarks = P.map((p): [number, number, number] => [p[0], p[1], (p[2] - noseZ) * zScale * cmPerPx]);
  const sourceYawDeg =
    (Math.atan2(landmarks[MESH.right]![2] - landmarks[MESH.left]![2], faceWidthPx * cmPerPx) * 180) / Math.PI;

  const step = Math.max(2, Math.round(faceWidthPx / 60));
  const cols = Math.floor((picture.width - 1) / step) + 1;
  const rows = Math.floor((picture.height - 1) / step) + 1;
  const n = cols * rows;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  const depth = new Float64Array(n).fill(Number.NaN);
  const head = new Float64Array(n);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      u[r * cols + c] = c * step;
      v[r * cols + c] = r * step;
    }

  // 1. Inside the face mesh: its own depth.
  for (const [ia, ib, ic] of mesh.triangles) {
    const a = landmarks[ia]!;
    const b = landmarks[ib]!;
    const c = landmarks[ic]!;
    const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    if (Math.abs(area) < 1e-9) continue;
    const c0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0]) / step));
    const c1 = Math.min(cols - 1, Math.ceil(Math.max(a[0], b[0], c[0]) / step));
    const r0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1]) / step));
    const r1 = Math.min(rows - 1, Math.ceil(Math.max(a[1], b[1], c[1]) / step));
    for (let r = r0; r <= r1; r++)
      for (let cc = c0; cc <= c1; cc++) {
        const x = cc * step;
        const y = r * step;
        const w0 = ((b[0] - x) * (c[1] - y) - (b[1] - y) * (c[0] - x)) / area;
        const w1 = ((c[0] - x) * (a[1] - y) - (c[1] - y) * (a[0] - x)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < -1e-6 || w1 < -1e-6 || w2 < -1e-6) continue;
        const i = r * cols + cc;
        const d = w0 * a[2] + w1 * b[2] + w2 * c[2];
        // Where triangles overlap (the mesh folds at a turned face's far side), the nearer wins.
        if (Number.isNaN(depth[i]!) || d < depth[i]!) depth[i] = d;
        head[i] = 1;
      }
  }

  // 2. Around the face: from the outline's depth back to the rim, out to the head's ellipse.
  const sil = SILHOUETTE.map((i): [number, number] => [landmarks[i]![0], landmarks[i]![1]]);
  const silDepth = SILHOUETTE.map((i) => landmarks[i]![2]);
  const top = landmarks[MESH.top]!;
  const chin = landmarks[MESH.chin]!;
  const cx = (landmarks[MESH.left]![0] + landmarks[MESH.right]![0]) / 2;
  const headTop = top[1] - HEAD_TOP_ABOVE * faceWidthPx;
  const cy = (headTop + chin[1]) / 2;
  const a = HEAD_HALF_WIDTH * faceWidthPx;
  const b = (chin[1] - headTop) / 2;
  const rimDepth = RIM_DEPTH_FACE_WIDTHS * faceWidthPx * cmPerPx;
  const jawY = (landmarks[172]![1] + landmarks[397]![1]) / 2;
  for (let i = 0; i < n; i++) {
    if (head[i] === 1) continue;
    const dx = u[i]! - cx;
    const dy = v[i]! - cy;
    const phi = Math.atan2(dy, dx);
    const hit = outlineAt(sil, [cx, cy], phi);
    if (!hit) continue;
    const rPix = Math.hypot(dx, dy);
    if (rPix <= hit.dist) continue;
    // The ellipse's radius in this direction; below the jaw the head ends a little past the outline.
    const ellipse = 1 / Math.hypot(Math.cos(phi) / a, Math.sin(phi) / b);
    const belowJaw = Math.min(1, Math.max(0, (v[i]! - jawY) / (0.15 * faceWidthPx) + 0.5));
    const outer = Math.max(hit.dist * 1.04, ellipse * (1 - belowJaw) + hit.dist * 1.06 * belowJaw);
    if (rPix >= outer) continue;
    const t = (rPix - hit.dist) / (outer - hit.dist);
    const d0 = silDepth[hit.edge]! * (1 - hit.t) + silDepth[(hit.edge + 1) % sil.length]! * hit.t;
    const d1 = Math.max(rimDepth, d0 + 0.1 * faceWidthPx * cmPerPx);
    // A quarter circle: flat at the outline, vertical at the rim.
    depth[i] = d0 + (d1 - d0) * (1 - Math.sqrt(Math.max(0, 1 - t * t)));
    // The head's picture edge is a guess (hair and background are not told apart): soften it.
    head[i] = belowJaw > 0.5 ? 1 : Math.min(1, Math.max(0, (1 - t) / 0.25));
  }

  // 3. Holes inside the outline (the mesh leaves the open mouth out): filled from their neighbours.
  const holes: number[] = [];
  for (let i = 0; i < n; i++) if (Number.isNaN(depth[i]!) && insidePolygon(sil, u[i]!, v[i]!)) holes.push(i);
  for (let round = 0; round < 200 && holes.length > 0; round++) {
    for (let h = holes.length - 1; h >= 0; h--) {
      const i = holes[h]!;
      const c = i % cols;
      const r = (i - c) / cols;
      let sum = 0;
      let count = 0;
      for (const [dc, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const cc = c + dc;
        const rr = r + dr;
        if (cc < 0 || rr < 0 || cc >= cols || rr >= rows) continue;
        const d = depth[rr * cols + cc]!;
        if (!Number.isNaN(d)) {
          sum += d;
          count++;
        }
      }
      if (count > 0) {
        depth[i] = sum / count;
        head[i] = 1;
        holes.splice(h, 1);
      }
    }
  }

  // Normals of the head surface (frontal), from its neighbours, in centimetres.
  const normal = new Float64Array(n * 3);
  const at = (c: number, r: number, k: 0 | 1 | 2) => {
    const i = Math.min(rows - 1, Math.max(0, r)) * cols + Math.min(cols - 1, Math.max(0, c));
    const d = Number.isNaN(depth[i]!) ? rimDepth : depth[i]!;
    return k === 0 ? u[i]! * cmPerPx : k === 1 ? v[i]! * cmPerPx : d;
  };
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (head[i] === 0 || Number.isNaN(depth[i]!)) continue;
      const ex = [
        at(c + 1, r, 0) - at(c - 1, r, 0),
        at(c + 1, r, 1) - at(c - 1, r, 1),
        at(c + 1, r, 2) - at(c - 1, r, 2),
      ];
      const ey = [
        at(c, r + 1, 0) - at(c, r - 1, 0),
        at(c, r + 1, 1) - at(c, r - 1, 1),
        at(c, r + 1, 2) - at(c, r - 1, 2),
      ];
      // ex × ey points toward −z (the camera) for a surface facing it.
      let nx = ex[1]! * ey[2]! - ex[2]! * ey[1]!;
      let ny = ex[2]! * ey[0]! - ex[0]! * ey[2]!;
      let nz = ex[0]! * ey[1]! - ex[1]! * ey[0]!;
      const len = Math.hypot(nx, ny, nz) || 1;
      nx /= len;
      ny /= len;
      nz /= len;
      if (nz > 0) [nx, ny, nz] = [-nx, -ny, -nz];
      normal.set([nx, ny, nz], i * 3);
    }

  // Vertices just outside the head, in a cell that touches it: drawn see-through at the rim's
  // depth, so the head's edge fades into the static layer instead of ending in steps.
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (!Number.isNaN(depth[i]!)) continue;
      let near = false;
      for (let dr = -1; dr <= 1 && !near; dr++)
        for (let dc = -1; dc <= 1 && !near; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr >= 0 && cc >= 0 && rr < rows && cc < cols && head[rr * cols + cc]! > 0) near = true;
        }
      if (near) {
        depth[i] = rimDepth;
        normal.set([0, 0, -1], i * 3);
      }
    }

  // The static layer: the body below the chin at about the neck's depth, the rest far behind.
  const staticDepth = new Float64Array(n);
  const bodyDepth = 0.9 * faceWidthPx * cmPerPx;
  for (let i = 0; i < n; i++)
    staticDepth[i] = v[i]! > chin[1] && Math.abs(u[i]! - cx) < 2.2 * faceWidthPx ? bodyDepth : 120;

  // What is behind the head: the head's pixels (a little grown) filled from around them.
  const mask = new Uint8Array(picture.width * picture.height);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (head[r * cols + c]! <= 0) continue;
      for (let y = (r - 1) * step; y <= (r + 1) * step; y++)
        for (let x = (c - 1) * step; x <= (c + 1) * step; x++)
          if (x >= 0 && y >= 0 && x < picture.width && y < picture.height) mask[y * picture.width + x] = 1;
    }
  // The coarse fill is blurred where it was guessed, so it has no block edges.
  const filled = fillMasked(picture, mask);
  const soft = await readPicture(pictureSharp(filled).blur(Math.max(2, 3 * step)));
  const behind: Picture = { ...filled, data: Uint8Array.from(filled.data) };
  for (let i = 0; i < mask.length; i++)
    if (mask[i]) for (let c = 0; c < 3; c++) behind.data[i * 3 + c] = soft.data[i * 3 + c]!;

  return {
    source,
    picture,
    behind,
    faceWidthPx,
    cmPerPx,
    step,
    cols,
    rows,
    u,
    v,
    depth,
    head,
    normal,
    staticDepth,
    nose: [landmarks[MESH.noseTip]![0], landmarks[MESH.noseTip]![1]],
    centre: [cx, cy],
    landmarks,
    sourceYawDeg,
  };
}
