// Text boxes from the detector's probability map (PaddleOCR's DB post-processing, in plain
// TypeScript): the pixels above a threshold form regions; each region's minimum-area rectangle,
// grown by the "unclip" distance (the model predicts shrunk text kernels), is one piece of text.
// Written here instead of @gutenye/ocr-common's OpenCV (WASM) splitter, which copies the whole page
// into the WASM heap once per line and never frees its contours, so the engine process would grow.

export interface TextBox {
  /** Centre, in map pixels. */
  cx: number;
  cy: number;
  /** Along the text and across it. */
  width: number;
  height: number;
  /** The text's direction, radians, within ±45° (y grows downwards: positive is clockwise). */
  angle: number;
  /** Mean probability of the region's pixels. */
  score: number;
}

export interface BoxOptions {
  threshold: number;
  minScore: number;
  unclipRatio: number;
  minSide: number;
}

/** The convex hull (Andrew's monotone chain) of points given as a flat x, y list. */
function convexHull(points: number[]): [number, number][] {
  const pts: [number, number][] = [];
  for (let i = 0; i < points.length; i += 2) pts.push([points[i] ?? 0, points[i + 1] ?? 0]);
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** The minimum-area rectangle around a convex hull (one of its edges lies on a side). */
function minAreaRect(hull: [number, number][]): Omit<TextBox, 'score'> {
  let best = { area: Infinity, cx: 0, cy: 0, width: 0, height: 0, angle: 0 };
  const edges =
    hull.length < 2
      ? [0]
      : hull.map((p, i) => {
          const q = hull[(i + 1) % hull.length]!;
          return Math.atan2(q[1] - p[1], q[0] - p[0]);
        });
  for (const theta of edges) {
    const c = Math.cos(theta);
    const s = Math.sin(theta);
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const [x, y] of hull) {
      const u = x * c + y * s;
      const v = -x * s + y * c;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    // Pixel centres: a region one pixel wide spans one pixel.
    const w = maxU - minU + 1;
    const h = maxV - minV + 1;
    if (w * h < best.area) {
      const u = (minU + maxU) / 2;
      const v = (minV + maxV) / 2;
      best = { area: w * h, cx: u * c - v * s, cy: u * s + v * c, width: w, height: h, angle: theta };
    }
  }
  // Normalise: width along the text (the longer side), the angle within ±45°.
  let { width, height, angle } = best;
  while (angle > Math.PI / 4) {
    angle -= Math.PI / 2;
    [width, height] = [height, width];
  }
  while (angle < -Math.PI / 4) {
    angle += Math.PI / 2;
    [width, height] = [height, width];
  }
  return { cx: best.cx, cy: best.cy, width, height, angle };
}

/** The text boxes of a probability map (one float per pixel, row by row). */
export function textBoxes(
  probs: Float32Array,
  width: number,
  height: number,
  options: BoxOptions,
): TextBox[] {
  const size = width * height;
  const seen = new Uint8Array(size);
  const stack = new Int32Array(size);
  const boxes: TextBox[] = [];
  const isText = (p: number) => seen[p] === 0 && (probs[p] ?? 0) > options.threshold;
  for (let start = 0; start < size; start++) {
    if (!isText(start)) continue;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    // Each row's leftmost and rightmost pixel: enough for the region's convex hull.
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    let sum = 0;
    let count = 0;
    while (top > 0) {
      const p = stack[--top] ?? 0;
      const x = p % width;
      const y = (p - x) / width;
      sum += probs[p] ?? 0;
      count++;
      if (x < (rowMin.get(y) ?? Infinity)) rowMin.set(y, x);
      if (x > (rowMax.get(y) ?? -Infinity)) rowMax.set(y, x);
      // 4-connected neighbours, each pushed once.
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= size || !isText(q)) continue;
        seen[q] = 1;
        stack[top++] = q;
      }
    }
    if (count < 4) continue;
    const points: number[] = [];
    for (const [y, x] of rowMin) points.push(x, y, rowMax.get(y) ?? x, y);
    const rect = minAreaRect(convexHull(points));
    if (Math.min(rect.width, rect.height) < options.minSide) continue;
    const score = sum / count;
    if (score < options.minScore) continue;
    // Unclip: the region grown by area × ratio / perimeter on every side.
    const distance = (rect.width * rect.height * options.unclipRatio) / (2 * (rect.width + rect.height));
    const grown = { ...rect, width: rect.width + 2 * distance, height: rect.height + 2 * distance };
    if (Math.min(grown.width, grown.height) < options.minSide + 2) continue;
    boxes.push({ ...grown, score });
  }
  return boxes;
}
