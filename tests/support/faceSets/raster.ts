// A small software rasteriser for the face test material: textured triangles under a pinhole
// camera, perspective-correct, with a depth buffer (occlusion), per-vertex shading and alpha. Pure
// TypeScript on typed arrays; sharp only decodes and encodes (image.ts).

/** An RGB picture, 8 bits per channel, rows top to bottom. */
export interface Picture {
  data: Uint8Array;
  width: number;
  height: number;
  /** Coverage per pixel (0–255), when the picture has see-through parts (a print's surroundings
   *  beside the fingers holding it). */
  alpha?: Uint8Array;
}

/** Triangles already projected: screen x/y in pixels, inverse depth (1/Z, bigger is nearer),
 *  texture coordinates in the texture's pixels, a brightness factor and an alpha per vertex. */
export interface ScreenMesh {
  x: Float64Array;
  y: Float64Array;
  invZ: Float64Array;
  u: Float64Array;
  v: Float64Array;
  shade: Float64Array;
  alpha: Float64Array;
  triangles: Uint32Array;
}

export interface Canvas {
  width: number;
  height: number;
  /** RGB as floats 0..255, so shading and blending round once, at the end. */
  rgb: Float32Array;
  /** 1/Z of the nearest surface drawn so far; 0 = nothing. */
  depth: Float32Array;
}

export function newCanvas(width: number, height: number): Canvas {
  return {
    width,
    height,
    rgb: new Float32Array(width * height * 3),
    depth: new Float32Array(width * height),
  };
}

export function canvasPicture(canvas: Canvas): Picture {
  const data = new Uint8Array(canvas.rgb.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(canvas.rgb[i]!)));
  return { data, width: canvas.width, height: canvas.height };
}

export interface DrawOptions {
  /** Sample the texture at the nearest texel (no filtering: a screen's pixel grid then aliases into
   *  moiré, as a camera's sensor makes it) instead of bilinearly. */
  nearest?: boolean;
  /** Test and write the depth buffer (a head's own folds); off for a layer drawn behind all else. */
  depthTest?: boolean;
  /** Drop triangles that face away from the camera. */
  cullBack?: boolean;
}

/** Draws `mesh` textured with `texture` onto `canvas`. */
export function drawMesh(
  canvas: Canvas,
  mesh: ScreenMesh,
  texture: Picture,
  options: DrawOptions = {},
): void {
  const { width, height, rgb, depth } = canvas;
  const tw = texture.width;
  const th = texture.height;
  const tex = texture.data;
  const texAlpha = texture.alpha;
  const { x, y, invZ, u, v, shade, alpha, triangles } = mesh;
  const depthTest = options.depthTest ?? true;
  const nearest = options.nearest ?? false;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t]!;
    const b = triangles[t + 1]!;
    const c = triangles[t + 2]!;
    const ax = x[a]!, ay = y[a]!, bx = x[b]!, by = y[b]!, cx = x[c]!, cy = y[c]!; // prettier-ignore
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0 || !Number.isFinite(area)) continue;
    if (options.cullBack && area < 0) continue;
    const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const maxX = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)));
    const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const maxY = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
    if (minX > maxX || minY > maxY) continue;
    const za = invZ[a]!, zb = invZ[b]!, zc = invZ[c]!; // prettier-ignore
    if (za <= 0 || zb <= 0 || zc <= 0) continue;
    // Attributes over Z interpolate linearly on the screen (perspective-correct texturing).
    const ua = u[a]! * za, ub = u[b]! * zb, uc = u[c]! * zc; // prettier-ignore
    const va = v[a]! * za, vb = v[b]! * zb, vc = v[c]! * zc; // prettier-ignore
    const sa = shade[a]!, sb = shade[b]!, sc = shade[c]!; // prettier-ignore
    const oa = alpha[a]!, ob = alpha[b]!, oc = alpha[c]!; // prettier-ignore
    const inv = 1 / area;
    for (let py = minY; py <= maxY; py++) {
      const sy = py + 0.5;
      for (let px = minX; px <= maxX; px++) {
        const sx = px + 0.5;
        let w0 = ((bx - sx) * (cy - sy) - (by - sy) * (cx - sx)) * inv;
        let w1 = ((cx - sx) * (ay - sy) - (cy - sy) * (ax - sx)) * inv;
        let w2 = 1 - w0 - w1;
        if (w0 < -1e-9 || w1 < -1e-9 || w2 < -1e-9) continue;
        const iz = w0 * za + w1 * zb + w2 * zc;
        const o = py * width + px;
        if (depthTest && iz <= depth[o]!) continue;
        const tu = (w0 * ua + w1 * ub + w2 * uc) / iz;
        const tv = (w0 * va + w1 * vb + w2 * vc) / iz;
        const s = w0 * sa + w1 * sb + w2 * sc;
        let al = w0 * oa + w1 * ob + w2 * oc;
        if (texAlpha) {
          const ai =
            Math.min(th - 1, Math.max(0, Math.floor(tv))) * tw +
            Math.min(tw - 1, Math.max(0, Math.floor(tu)));
          al *= texAlpha[ai]! / 255;
        }
        let r: number, g: number, bl: number; // prettier-ignore
        if (nearest) {
          const i = (Math.min(th - 1, Math.max(0, Math.floor(tv))) * tw + Math.min(tw - 1, Math.max(0, Math.floor(tu)))) * 3; // prettier-ignore
          r = tex[i]!;
          g = tex[i + 1]!;
          bl = tex[i + 2]!;
        } else {
          const fu = Math.min(tw - 1.001, Math.max(0, tu - 0.5));
          const fv = Math.min(th - 1.001, Math.max(0, tv - 0.5));
          const iu = Math.floor(fu);
          const iv = Math.floor(fv);
          const du = fu - iu;
          const dv = fv - iv;
          const i00 = (iv * tw + iu) * 3;
          const i10 = i00 + 3;
          const i01 = i00 + tw * 3;
          const i11 = i01 + 3;
          w0 = (1 - du) * (1 - dv);
          w1 = du * (1 - dv);
          w2 = (1 - du) * dv;
          const w3 = du * dv;
          r = tex[i00]! * w0 + tex[i10]! * w1 + tex[i01]! * w2 + tex[i11]! * w3;
          g = tex[i00 + 1]! * w0 + tex[i10 + 1]! * w1 + tex[i01 + 1]! * w2 + tex[i11 + 1]! * w3;
          bl = tex[i00 + 2]! * w0 + tex[i10 + 2]! * w1 + tex[i01 + 2]! * w2 + tex[i11 + 2]! * w3;
        }
        const q = o * 3;
        if (al >= 0.999) {
          rgb[q] = r * s;
          rgb[q + 1] = g * s;
          rgb[q + 2] = bl * s;
          if (depthTest) depth[o] = iz;
        } else if (al > 0) {
          rgb[q] = rgb[q]! * (1 - al) + r * s * al;
          rgb[q + 1] = rgb[q + 1]! * (1 - al) + g * s * al;
          rgb[q + 2] = rgb[q + 2]! * (1 - al) + bl * s * al;
          // A see-through rim does not hide what is drawn after it.
        }
      }
    }
  }
}

/** A regular grid of triangles over cols×rows vertices (row-major), two per cell, those cells
 *  whose four corners pass `keep` (all cells when absent). */
export function gridTriangles(cols: number, rows: number, keep?: (i: number) => boolean): Uint32Array {
  const out: number[] = [];
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < cols; c++) {
      const i = r * cols + c;
      const j = i + 1;
      const k = i + cols;
      const l = k + 1;
      if (keep && !(keep(i) && keep(j) && keep(k) && keep(l))) continue;
      // Wound so that a cell seen from the front has a positive area on the screen.
      out.push(i, j, k, j, l, k);
    }
  }
  return Uint32Array.from(out);
}
