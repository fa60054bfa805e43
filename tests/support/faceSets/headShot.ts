// A head model (head.ts) rendered as a phone's front camera sees it: perspective, the head turned
// about a point inside it, relit, over a static body and background, the phone shaking a little.
import { FACE_WIDTH_CM, type HeadModel } from './head';
import { poseMatrix, project, rotateAbout, type Camera, type Pose, type Vec3 } from './geometry';
import { canvasPicture, drawMesh, gridTriangles, newCanvas, type Picture, type ScreenMesh } from './raster';

/** A light: the direction toward it (camera axes: x right, y down, z away; a light behind the
 *  camera has z < 0) and its strength. */
export interface Light {
  dir: Vec3;
  intensity: number;
}

export interface Lighting {
  ambient: number;
  lights: Light[];
  /** Overall exposure (1 = as the picture). */
  exposure: number;
  /** An ID-card photo's even light: no shading at all, only the exposure. */
  flat?: boolean;
}

/** The phone moving in the hand: a small rotation (degrees) and shift (centimetres). */
export interface Shake {
  yawDeg: number;
  pitchDeg: number;
  rollDeg: number;
  shift: Vec3;
}

export interface HeadShot {
  /** The head's pose, relative to the pose in the portrait itself. */
  pose: Pose;
  /** Camera to nose tip, centimetres. */
  distanceCm: number;
  width: number;
  height: number;
  /** The face's width over the frame's width wanted (more when the portrait is too small). */
  faceShare: number;
  /** The turning point's depth behind the nose tip, in face widths. */
  pivotFaceWidths: number;
  lighting: Lighting;
  shake?: Shake;
}

export interface HeadRender {
  picture: Picture;
  /** The 468 mesh points where the renderer put them on the frame (pixels). */
  landmarks: [number, number][];
  /** The same points in the camera's space (cm), for tests of the geometry. */
  landmarks3d: Vec3[];
  /** The face's width on the frame at this distance, frontal (pixels). */
  faceWidthPx: number;
}

/** The most a portrait's pixel is enlarged to a frame's. */
const MAX_UPSCALE = 3.2;

const NO_SHAKE: Shake = { yawDeg: 0, pitchDeg: 0, rollDeg: 0, shift: [0, 0, 0] };

/** Soft light from the front: what the portrait is assumed to have been lit with. */
const baseLight = (nz: number) => 0.55 + 0.45 * Math.max(0, -nz);

function lit(lighting: Lighting, n: Vec3): number {
  let sum = lighting.ambient;
  for (const l of lighting.lights) {
    const len = Math.hypot(...l.dir) || 1;
    sum += l.intensity * Math.max(0, (n[0] * l.dir[0] + n[1] * l.dir[1] + n[2] * l.dir[2]) / len);
  }
  return sum;
}

/** Static layer grid step (pixels of the portrait): planes need few triangles. */
const STATIC_STEP = 8;
const staticGrids = new WeakMap<HeadModel, { cols: number; rows: number; tris: Uint32Array }>();
const headTris = new WeakMap<HeadModel, Uint32Array>();

export function renderHead(model: HeadModel, shot: HeadShot): HeadRender {
  const { picture, cmPerPx } = model;
  const { width: W, height: H } = shot;
  // The portrait is taken as seen by a camera at the same distance: the frontal render is the
  // portrait itself, scaled; only the turn and the light change it.
  const z0 = shot.distanceCm;
  const fs = (model.faceWidthPx * z0) / FACE_WIDTH_CM;
  const kMin = Math.max(W / picture.width, H / picture.height) * 1.04;
  // A small face in the portrait is not blown up past MAX_UPSCALE (it would only be blur): the
  // face is then smaller in the frame than asked.
  const k = Math.max(kMin, Math.min(MAX_UPSCALE, (shot.faceShare * W) / model.faceWidthPx));
  // The window of the portrait the frame shows: centred on the face where the portrait allows.
  const halfW = W / (2 * k);
  const halfH = H / (2 * k);
  const cu = Math.min(picture.width - halfW - 1, Math.max(halfW + 1, model.centre[0]));
  const cv = Math.min(picture.height - halfH - 1, Math.max(halfH + 1, model.nose[1]));
  const camera: Camera = { f: k * fs, cx: W / 2, cy: H / 2 };
  const toSpace = (uu: number, vv: number, d: number): Vec3 => {
    const z = z0 + d;
    return [((uu - cu) * z) / fs, ((vv - cv) * z) / fs, z];
  };
  const pivotDepth = shot.pivotFaceWidths * model.faceWidthPx * cmPerPx;
  const pivot = toSpace(model.centre[0], model.nose[1], pivotDepth);
  const R = poseMatrix(shot.pose);
  const shake = shot.shake ?? NO_SHAKE;
  const S = poseMatrix({ yawDeg: shake.yawDeg, pitchDeg: shake.pitchDeg, rollDeg: shake.rollDeg });
  const eye: Vec3 = [0, 0, z0];
  const headPoint = (p: Vec3): Vec3 => rotateAbout(S, rotateAbout(R, p, pivot), eye, shake.shift);
  const staticPoint = (p: Vec3): Vec3 => rotateAbout(S, p, eye, shake.shift);
  const canvas = newCanvas(W, H);
  const L = shot.lighting;

  // The static layer first (body, background), everything behind the head.
  let grid = staticGrids.get(model);
  if (!grid) {
    const cols = Math.floor((picture.width - 1) / STATIC_STEP) + 2;
    const rows = Math.floor((picture.height - 1) / STATIC_STEP) + 2;
    grid = { cols, rows, tris: gridTriangles(cols, rows) };
    staticGrids.set(model, grid);
  }
  {
    const n = grid.cols * grid.rows;
    const mesh = emptyMesh(n, grid.tris);
    const staticShade = L.exposure * (L.flat ? 1 : lit(L, [0, 0, -1]) / baseLight(-1));
    for (let r = 0; r < grid.rows; r++)
      for (let c = 0; c < grid.cols; c++) {
        const i = r * grid.cols + c;
        const uu = Math.min(picture.width, c * STATIC_STEP);
        const vv = Math.min(picture.height, r * STATIC_STEP);
        const hr = Math.min(model.rows - 1, Math.round(vv / model.step));
        const hc = Math.min(model.cols - 1, Math.round(uu / model.step));
        const p = staticPoint(toSpace(uu, vv, model.staticDepth[hr * model.cols + hc]!));
        setVertex(mesh, i, camera, p, uu, vv, staticShade, 1);
      }
    drawMesh(canvas, mesh, model.behind, { depthTest: false });
  }

  // Then the head, its own folds hidden by the depth buffer.
  let tris = headTris.get(model);
  if (!tris) {
    tris = gridTriangles(model.cols, model.rows, (i) => !Number.isNaN(model.depth[i]!));
    headTris.set(model, tris);
  }
  const n = model.cols * model.rows;
  const mesh = emptyMesh(n, tris);
  const RS = S.map((_, idx) => {
    const i = Math.floor(idx / 3);
    const j = idx % 3;
    return S[i * 3]! * R[j]! + S[i * 3 + 1]! * R[3 + j]! + S[i * 3 + 2]! * R[6 + j]!;
  });
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(model.depth[i]!)) continue;
    const p = headPoint(toSpace(model.u[i]!, model.v[i]!, model.depth[i]!));
    let shade = L.exposure;
    if (!L.flat) {
      const n0: Vec3 = [model.normal[i * 3]!, model.normal[i * 3 + 1]!, model.normal[i * 3 + 2]!];
      const nr: Vec3 = [
        RS[0]! * n0[0] + RS[1]! * n0[1] + RS[2]! * n0[2],
        RS[3]! * n0[0] + RS[4]! * n0[1] + RS[5]! * n0[2],
        RS[6]! * n0[0] + RS[7]! * n0[1] + RS[8]! * n0[2],
      ];
      shade *= Math.min(1.6, Math.max(0.3, lit(L, nr) / baseLight(n0[2])));
    }
    setVertex(mesh, i, camera, p, model.u[i]!, model.v[i]!, shade, model.head[i]!);
  }
  drawMesh(canvas, mesh, model.picture, { depthTest: true, cullBack: true });

  const landmarks3d = model.landmarks.map(([lu, lv, ld]) => headPoint(toSpace(lu, lv, ld)));
  return {
    picture: canvasPicture(canvas),
    landmarks: landmarks3d.map((p) => project(camera, p)),
    landmarks3d,
    faceWidthPx: k * model.faceWidthPx,
  };
}

function emptyMesh(n: number, triangles: Uint32Array): ScreenMesh {
  return {
    x: new Float64Array(n),
    y: new Float64Array(n),
    invZ: new Float64Array(n),
    u: new Float64Array(n),
    v: new Float64Array(n),
    shade: new Float64Array(n),
    alpha: new Float64Array(n),
    triangles,
  };
}

function setVertex(
  mesh: ScreenMesh,
  i: number,
  camera: Camera,
  p: Vec3,
  u: number,
  v: number,
  shade: number,
  alpha: number,
) {
  const [sx, sy] = project(camera, p);
  mesh.x[i] = sx;
  mesh.y[i] = sy;
  mesh.invZ[i] = 1 / p[2];
  mesh.u[i] = u;
  mesh.v[i] = v;
  mesh.shade[i] = shade;
  mesh.alpha[i] = alpha;
}
