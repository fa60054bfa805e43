// Flat things in front of the camera: a print held in the fingers, an ID card, a phone or monitor
// screen. A plane's picture moves by one homography from frame to frame, whatever it shows; that is
// the physics the attack sets rest on.
import sharp from 'sharp';
import { poseMatrix, project, rotateAbout, type Camera, type Pose, type Vec3 } from './geometry';
import type { Shake } from './headShot';
import { readPicture } from './image';
import { canvasPicture, drawMesh, gridTriangles, newCanvas, type Picture, type ScreenMesh } from './raster';

export interface PlaneShot {
  /** What the plane shows; texels outside `alpha` are see-through. */
  texture: Picture;
  /** The texture's width in centimetres. */
  widthCm: number;
  /** Camera to the plane's centre, and the centre's offset from the camera's axis (cm). */
  distanceCm: number;
  offsetCm: [number, number];
  /** The plane's pose about its centre (same convention as a head: yaw > 0 turns it as a person
   *  turning to their left would). */
  pose: Pose;
  width: number;
  height: number;
  /** The camera's focal length in pixels. */
  focalPx: number;
  /** Drawn first, filling the frame: the room behind. */
  background: Picture;
  /** Brightness of the plane (a print's lighting), and how much it falls off as it turns from the
   *  light (0 for a screen: it makes its own light). */
  brightness: number;
  lambert: number;
  nearest?: boolean;
  shake?: Shake;
  /** A print bent in the hand (held-out attacks): a cylinder about the vertical axis, its left and
   *  right edges this many centimetres nearer the camera than its middle. 0 or absent: flat. */
  bendCm?: number;
}

export interface PlaneRender {
  picture: Picture;
  /** The homography taking texture pixels to frame pixels. */
  homography: number[];
}

/** Frames' pixels of texture points (x, y in texture pixels) for a shot: for landmarks. */
export function planePoints(
  shot: PlaneShot,
  points: readonly (readonly [number, number])[],
): [number, number][] {
  const { toFrame } = placement(shot);
  return points.map(([x, y]) => toFrame(x, y));
}

function placement(shot: PlaneShot) {
  const { texture, widthCm } = shot;
  const cmPerTexel = widthCm / texture.width;
  const camera: Camera = { f: shot.focalPx, cx: shot.width / 2, cy: shot.height / 2 };
  const R = poseMatrix(shot.pose);
  const s = shot.shake;
  const S = poseMatrix({ yawDeg: s?.yawDeg ?? 0, pitchDeg: s?.pitchDeg ?? 0, rollDeg: s?.rollDeg ?? 0 });
  const centre: Vec3 = [shot.offsetCm[0], shot.offsetCm[1], shot.distanceCm];
  const eye: Vec3 = [0, 0, shot.distanceCm];
  const bend = shot.bendCm ?? 0;
  const toSpace = (x: number, y: number): Vec3 => {
    const across = (x - texture.width / 2) / (texture.width / 2);
    const local: Vec3 = [
      centre[0] + (x - texture.width / 2) * cmPerTexel,
      centre[1] + (y - texture.height / 2) * cmPerTexel,
      centre[2] - bend * across * across,
    ];
    return rotateAbout(S, rotateAbout(R, local, centre), eye, s?.shift ?? [0, 0, 0]);
  };
  const toFrame = (x: number, y: number) => project(camera, toSpace(x, y));
  // The plane's normal after the turn, for its lighting.
  const normal: Vec3 = rotateAbout(S, rotateAbout(R, [0, 0, -1], [0, 0, 0]), [0, 0, 0]);
  return { camera, toSpace, toFrame, normal };
}

const FLAT_GRID = 9;
/** A bent print is drawn on a finer grid: its curve is then within a hundredth of a millimetre. */
const BENT_GRID = 41;

export function renderPlane(shot: PlaneShot): PlaneRender {
  const { width: W, height: H } = shot;
  const canvas = newCanvas(W, H);
  // The room: the background picture stretched over the frame (it is far: the shake barely moves it).
  {
    const bg = shot.background;
    const mesh: ScreenMesh = {
      x: Float64Array.from([0, W, 0, W]),
      y: Float64Array.from([0, 0, H, H]),
      invZ: Float64Array.from([1, 1, 1, 1]),
      u: Float64Array.from([0, bg.width, 0, bg.width]),
      v: Float64Array.from([0, 0, bg.height, bg.height]),
      shade: Float64Array.from([1, 1, 1, 1]),
      alpha: Float64Array.from([1, 1, 1, 1]),
      triangles: Uint32Array.from([0, 1, 2, 1, 3, 2]),
    };
    drawMesh(canvas, mesh, bg, { depthTest: false });
  }
  const { camera, toSpace, normal } = placement(shot);
  const GRID = shot.bendCm ? BENT_GRID : FLAT_GRID;
  const n = GRID * GRID;
  const mesh: ScreenMesh = {
    x: new Float64Array(n),
    y: new Float64Array(n),
    invZ: new Float64Array(n),
    u: new Float64Array(n),
    v: new Float64Array(n),
    shade: new Float64Array(n),
    alpha: new Float64Array(n).fill(1),
    triangles: gridTriangles(GRID, GRID),
  };
  // Lambert for a print lit from the front: the more it turns away, the darker.
  const facing = Math.max(0, -normal[2]);
  const shade = shot.brightness * (1 - shot.lambert + shot.lambert * facing);
  for (let r = 0; r < GRID; r++)
    for (let c = 0; c < GRID; c++) {
      const i = r * GRID + c;
      const x = (c / (GRID - 1)) * shot.texture.width;
      const y = (r / (GRID - 1)) * shot.texture.height;
      const p = toSpace(x, y);
      const [sx, sy] = project(camera, p);
      mesh.x[i] = sx;
      mesh.y[i] = sy;
      mesh.invZ[i] = 1 / p[2];
      mesh.u[i] = x;
      mesh.v[i] = y;
      mesh.shade[i] = shade;
    }
  drawMesh(canvas, mesh, shot.texture, { depthTest: false, nearest: shot.nearest ?? false });
  return { picture: canvasPicture(canvas), homography: homographyOf(shot) };
}

/** The exact homography of a flat shot (from four corners; a bent one's corners only). */
function homographyOf(shot: PlaneShot): number[] {
  const { toFrame } = placement(shot);
  const { width: w, height: h } = shot.texture;
  const src: [number, number][] = [
    [0, 0],
    [w, 0],
    [0, h],
    [w, h],
  ];
  const dst = src.map(([x, y]) => toFrame(x, y));
  // Direct solve with h33 = 1 from the four correspondences.
  const a: number[][] = [];
  const b: number[] = [];
  src.forEach(([x, y], i) => {
    const [u, v] = dst[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  });
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < 8; c++) {
    let best = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[best]![c]!)) best = r;
    [m[c], m[best]] = [m[best]!, m[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const k = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= 8; j++) m[r]![j]! -= k * m[c]![j]!;
    }
  }
  return [...m.map((row, i) => row[8]! / row[i]!), 1];
}

/** A picture with see-through parts, from an SVG/PNG composition. */
export async function readPictureWithAlpha(png: Buffer): Promise<Picture> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const rgb = new Uint8Array(n * 3);
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = data[i * 4]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4 + 2]!;
    alpha[i] = data[i * 4 + 3]!;
  }
  return { data: rgb, width: info.width, height: info.height, alpha };
}

/** Fingers holding a print or card: skin-toned rounded shapes over its edges (SVG). */
export function fingersSvg(
  width: number,
  height: number,
  holds: readonly { x: number; y: number; angleDeg: number; lengthPx: number; widthPx: number }[],
  skin: string,
): string {
  const shapes = holds
    .map(
      (f) =>
        `<g transform="translate(${f.x} ${f.y}) rotate(${f.angleDeg})">` +
        `<rect x="${-f.widthPx / 2}" y="${-f.lengthPx}" width="${f.widthPx}" height="${f.lengthPx * 2}" rx="${f.widthPx / 2}" fill="url(#skin)"/>` +
        `<ellipse cx="0" cy="${-f.lengthPx + f.widthPx * 0.55}" rx="${f.widthPx * 0.32}" ry="${f.widthPx * 0.4}" fill="#fff" opacity="0.25"/></g>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="skin" x1="0" x2="1"><stop offset="0" stop-color="${skin}" stop-opacity="1"/>` +
    `<stop offset="0.5" stop-color="#f3c9a8"/><stop offset="1" stop-color="${skin}"/></linearGradient></defs>` +
    `${shapes}</svg>`
  );
}

export async function pictureOfSvg(svg: string): Promise<Picture> {
  return readPicture(sharp(Buffer.from(svg)).png());
}
