// Geometry for the face test material: the camera (a pinhole: x right, y down, z away from the
// camera, in centimetres), head rotations, homographies, and a seeded random source so every set
// is the same on every run.
//
// Direction convention (the person's own, as FACE_CHALLENGES says): yawDeg > 0 is the person
// turning to THEIR left. The camera looks at the person and the frame is not mirrored, so the
// person's left is the image's right: their nose moves toward the image's RIGHT (+x). pitchDeg > 0
// is the chin going up: the nose moves toward the image's TOP (−y). rollDeg > 0 turns the picture
// clockwise on the screen.

export type Vec3 = [number, number, number];

export interface Pose {
  yawDeg: number;
  pitchDeg: number;
  rollDeg?: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The rotation matrix (row-major 3×3) of a pose: yaw about the vertical axis, then pitch about
 *  the horizontal one, then roll about the line of sight. */
export function poseMatrix(pose: Pose): number[] {
  const y = rad(pose.yawDeg);
  const p = rad(pose.pitchDeg);
  const r = rad(pose.rollDeg ?? 0);
  // Yaw: a point in front of the pivot (z < 0) moves to +x for yaw > 0.
  const Ry = [Math.cos(y), 0, -Math.sin(y), 0, 1, 0, Math.sin(y), 0, Math.cos(y)];
  // Pitch: a point in front of the pivot moves to −y (up) for pitch > 0.
  const Rx = [1, 0, 0, 0, Math.cos(p), Math.sin(p), 0, -Math.sin(p), Math.cos(p)];
  // Roll: clockwise on the screen (x toward +y) for roll > 0.
  const Rz = [Math.cos(r), -Math.sin(r), 0, Math.sin(r), Math.cos(r), 0, 0, 0, 1];
  return mul3(Rz, mul3(Rx, Ry));
}

export function mul3(a: number[], b: number[]): number[] {
  const out = new Array<number>(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      out[i * 3 + j] = a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!;
  return out;
}

/** m·(p − pivot) + pivot + shift */
export function rotateAbout(m: number[], p: Vec3, pivot: Vec3, shift: Vec3 = [0, 0, 0]): Vec3 {
  const x = p[0] - pivot[0];
  const y = p[1] - pivot[1];
  const z = p[2] - pivot[2];
  return [
    m[0]! * x + m[1]! * y + m[2]! * z + pivot[0] + shift[0],
    m[3]! * x + m[4]! * y + m[5]! * z + pivot[1] + shift[1],
    m[6]! * x + m[7]! * y + m[8]! * z + pivot[2] + shift[2],
  ];
}

/** A pinhole camera: focal length and principal point in pixels. */
export interface Camera {
  f: number;
  cx: number;
  cy: number;
}

export function project(camera: Camera, p: Vec3): [number, number] {
  return [camera.cx + (camera.f * p[0]) / p[2], camera.cy + (camera.f * p[1]) / p[2]];
}

/** A seeded random source (mulberry32): the same seed gives the same set on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number in [lo, hi) from `random`. */
export const between = (random: () => number, lo: number, hi: number) => lo + (hi - lo) * random();
