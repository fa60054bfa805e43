// Face test images, made at test time from public-domain pictures that Debian packages ship: no
// personal photo is kept in the repository (issue 16 §7).
//
//   person A: /usr/lib/python3/dist-packages/skimage/data/astronaut.png (python3-skimage): astronaut
//             Eileen Collins, a NASA photograph, public domain.
//   person B: /usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg (python-matplotlib-data,
//             pulled in by python3-matplotlib): Grace Hopper, a U.S. Navy photograph, public domain.
//   person C: /usr/lib/python3/dist-packages/skimage/data/camera.png (python3-skimage): a man with a
//             camera on a tripod, greyscale, "no copyright restrictions, CC0 by the photographer
//             (Lav Varshney)" (skimage.data.camera's own notes).
//   no face:  /usr/lib/python3/dist-packages/skimage/data/coffee.png (python3-skimage, CC0).
//
// facesFixture() derives every picture once per process into a temporary folder and answers their
// paths (JPEG unless named otherwise, as a phone camera sends):
//   idPhoto / otherIdPhoto / thirdIdPhoto
//                            an ID card (856×540) with A's (B's, C's) face as its photo, slightly
//                            toned, blurred and compressed so it is not the frames' own pixels
//   idWithoutFace            the same card with no photo on it
//   sameFrames[4]            A turning the head (straight, ±25° of yaw, a nod): the motion challenge
//   otherPersonFrames[4]     B doing the same
//   thirdPersonFrames[4]     C doing the same (for the accuracy pairs: a third identity)
//   photoRepeatFrames[4]     A's frontal frame shown four times, only moved and scaled a little, as a
//                            held-up photo or a replayed still would be
//   frontal                  A's first frame alone (also a PNG copy: frontalPng)
//   notFrontal               A turned 55° away and 30° down
//   noFace, twoFaces, dark, blurred, cutOff, tooSmall   one frame each, showing that problem
// The head turn is synthetic: each frame maps the face onto a vertical (yaw) or horizontal (pitch)
// cylinder and rotates it, which moves the landmarks as a turning head does. Same-person pairs are
// therefore made from one photograph; docs/decisions/face.md "Face engine" says what that means for the
// measured accuracy.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

export const FACE_SOURCES = {
  personA: '/usr/lib/python3/dist-packages/skimage/data/astronaut.png',
  personB: '/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg',
  personC: '/usr/lib/python3/dist-packages/skimage/data/camera.png',
  noFace: '/usr/lib/python3/dist-packages/skimage/data/coffee.png',
} as const;

/** The Debian packages that ship FACE_SOURCES (for .ci/run). */
export const FACE_SOURCE_PACKAGES = ['python3-skimage', 'python-matplotlib-data'] as const;

export interface FacesFixture {
  dir: string;
  idPhoto: string;
  otherIdPhoto: string;
  thirdIdPhoto: string;
  idWithoutFace: string;
  sameFrames: string[];
  otherPersonFrames: string[];
  thirdPersonFrames: string[];
  photoRepeatFrames: string[];
  frontal: string;
  frontalPng: string;
  notFrontal: string;
  noFace: string;
  twoFaces: string;
  dark: string;
  blurred: string;
  cutOff: string;
  tooSmall: string;
}

export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** Where the face is in each frame source after framing (centre and half-size, in pixels). */
interface FaceSpot {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

const FRAME = 480;

async function rawOf(image: Sharp): Promise<Raw> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function toSharp(raw: Raw): Sharp {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
}

/**
 * Person A or B framed as a phone's front camera sees them: a FRAME×FRAME square with the face at
 * about a third of the width.
 */
async function framed(source: string, crop: { left: number; top: number; size: number }): Promise<Raw> {
  return rawOf(
    sharp(source)
      .extract({ left: crop.left, top: crop.top, width: crop.size, height: crop.size })
      .resize(FRAME, FRAME)
      // C's picture is greyscale: every frame is three-channel sRGB, as a camera's is.
      .toColourspace('srgb'),
  );
}

function sample(src: Raw, x: number, y: number, out: Buffer, o: number): void {
  const xi = Math.min(src.width - 1, Math.max(0, Math.round(x)));
  const yi = Math.min(src.height - 1, Math.max(0, Math.round(y)));
  const s = (yi * src.width + xi) * 3;
  out[o] = src.data[s]!;
  out[o + 1] = src.data[s + 1]!;
  out[o + 2] = src.data[s + 2]!;
}

/**
 * Rotates the face on a cylinder: yaw about a vertical axis, pitch about a horizontal one. Inside
 * the cylinder a point at angle φ moves to φ+θ; outside, the shift at the cylinder's edge fades out
 * so the frame has no seam.
 */
function turnHead(src: Raw, spot: FaceSpot, yawDeg: number, pitchDeg: number): Raw {
  const out = Buffer.alloc(src.data.length);
  const yaw = (yawDeg * Math.PI) / 180;
  const pitch = (pitchDeg * Math.PI) / 180;
  // Where a point at normalised offset u (−1..1 across the cylinder) comes from, for a turn θ.
  const from = (u: number, theta: number): number => {
    const clamped = Math.max(-1, Math.min(1, u));
    const phi = Math.asin(clamped) - theta;
    const inside = Math.sin(Math.max(-Math.PI / 2, Math.min(Math.PI / 2, phi)));
    if (Math.abs(u) <= 1) return inside;
    // Beyond the edge: the edge's shift, fading over one radius.
    const edgeShift = inside - clamped;
    const fade = Math.max(0, 2 - Math.abs(u));
    return u + edgeShift * fade;
  };
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < src.width; x++) {
      const u = (x - spot.cx) / spot.rx;
      const v = (y - spot.cy) / spot.ry;
      const sx = spot.cx + from(u, yaw) * spot.rx;
      const sy = spot.cy + from(v, pitch) * spot.ry;
      sample(src, sx, sy, out, (y * src.width + x) * 3);
    }
  }
  return { data: out, width: src.width, height: src.height };
}

/** The motion challenge: straight, left, right, nod. */
const TURNS: [number, number][] = [
  [0, 0],
  [-25, 0],
  [25, 0],
  [0, 18],
];

async function jpegFile(dir: string, name: string, image: Sharp): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, await image.jpeg({ quality: 88 }).toBuffer());
  return file;
}

/** An ID card (856×540 JPEG) in `dir` with `face` as its photo (resized to 260×260 at (60, 140)). */
export async function idCard(dir: string, name: string, face: Raw | null): Promise<string> {
  const width = 856;
  const height = 540;
  const lines = [0, 1, 2, 3, 4].map((i) => ({
    input: {
      create: { width: 360 - i * 30, height: 22, channels: 3 as const, background: { r: 70, g: 80, b: 100 } },
    },
    left: 400,
    top: 150 + i * 60,
  }));
  const photo = face
    ? [
        {
          input: await toSharp(face)
            .resize(260, 260)
            .modulate({ brightness: 1.05, saturation: 0.8 })
            .blur(0.8)
            .png()
            .toBuffer(),
          left: 60,
          top: 140,
        },
      ]
    : [];
  const card = sharp({
    create: { width, height, channels: 3, background: { r: 214, g: 226, b: 236 } },
  }).composite([
    {
      input: { create: { width, height: 80, channels: 3, background: { r: 30, g: 70, b: 130 } } },
      left: 0,
      top: 0,
    },
    ...lines,
    ...photo,
  ]);
  // JPEG at a lower quality, as a scanned or photographed document is.
  const file = path.join(dir, name);
  await writeFile(
    file,
    await sharp(await card.png().toBuffer())
      .jpeg({ quality: 70 })
      .toBuffer(),
  );
  return file;
}

async function build(dir: string): Promise<FacesFixture> {
  for (const source of Object.values(FACE_SOURCES)) {
    if (!existsSync(source)) {
      throw new Error(
        `face fixture source missing: ${source} (apt-get install ${FACE_SOURCE_PACKAGES.join(' ')})`,
      );
    }
  }
  // A's face is at about (225, 120) in the 512² original; B's at about (261, 231) in 512×600.
  const a = await framed(FACE_SOURCES.personA, { left: 40, top: 0, size: 380 });
  const b = await framed(FACE_SOURCES.personB, { left: 0, top: 20, size: 512 });
  const spotA: FaceSpot = { cx: ((225 - 40) * FRAME) / 380, cy: (125 * FRAME) / 380, rx: 105, ry: 125 };
  const spotB: FaceSpot = { cx: (261 * FRAME) / 512, cy: ((231 - 20) * FRAME) / 512, rx: 150, ry: 175 };
  // C's face is at about (241, 139) in the 512² original, about 120 px wide, nearly frontal.
  const c = await framed(FACE_SOURCES.personC, { left: 120, top: 30, size: 260 });
  const spotC: FaceSpot = {
    cx: ((241 - 120) * FRAME) / 260,
    cy: ((139 - 30) * FRAME) / 260,
    rx: 105,
    ry: 125,
  };

  const sequence = (src: Raw, spot: FaceSpot, prefix: string) =>
    Promise.all(
      TURNS.map(([yaw, pitch], i) =>
        jpegFile(dir, `${prefix}-${i}.jpg`, toSharp(turnHead(src, spot, yaw, pitch))),
      ),
    );
  const sameFrames = await sequence(a, spotA, 'same');
  const otherPersonFrames = await sequence(b, spotB, 'other');
  const thirdPersonFrames = await sequence(c, spotC, 'third');

  // A still photo held up to the camera: moved and scaled a little, never turned.
  const photoRepeatFrames = await Promise.all(
    [0, 1, 2, 3].map(async (i) => {
      const scale = FRAME + 8 * i;
      const moved = await toSharp(a)
        .resize(scale, scale)
        .extract({ left: 4 * i, top: 2 * i, width: FRAME, height: FRAME })
        .png()
        .toBuffer();
      return jpegFile(dir, `repeat-${i}.jpg`, sharp(moved));
    }),
  );

  const frontal = sameFrames[0]!;
  const frontalPng = path.join(dir, 'frontal.png');
  await writeFile(frontalPng, await toSharp(a).png().toBuffer());

  const noFace = await jpegFile(
    dir,
    'no-face.jpg',
    sharp(FACE_SOURCES.noFace).resize(FRAME, FRAME, { fit: 'cover' }),
  );
  const aPng = await toSharp(a).png().toBuffer();
  const bPng = await toSharp(b).png().toBuffer();
  const twoFaces = await jpegFile(
    dir,
    'two-faces.jpg',
    sharp({
      create: { width: FRAME * 2, height: FRAME, channels: 3, background: { r: 0, g: 0, b: 0 } },
    }).composite([
      { input: aPng, left: 0, top: 0 },
      { input: bPng, left: FRAME, top: 0 },
    ]),
  );
  const dark = await jpegFile(dir, 'dark.jpg', toSharp(a).linear(0.12, 0));
  const blurred = await jpegFile(dir, 'blurred.jpg', toSharp(a).blur(3.5));
  // A third of the face beyond the left edge.
  const cutOffShift = Math.round(spotA.cx - spotA.rx * 0.45);
  const cutOff = await jpegFile(
    dir,
    'cut-off.jpg',
    sharp({
      create: { width: FRAME, height: FRAME, channels: 3, background: { r: 90, g: 90, b: 90 } },
    }).composite([
      {
        input: await toSharp(a)
          .extract({ left: cutOffShift, top: 0, width: FRAME - cutOffShift, height: FRAME })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ]),
  );
  // The whole frame shrunk to a third inside a wide camera picture: a face far from the phone.
  const tooSmall = await jpegFile(
    dir,
    'too-small.jpg',
    sharp({
      create: { width: 960, height: 720, channels: 3, background: { r: 120, g: 130, b: 120 } },
    }).composite([
      {
        input: await toSharp(a)
          .resize(FRAME / 3, FRAME / 3)
          .png()
          .toBuffer(),
        left: 400,
        top: 280,
      },
    ]),
  );
  const notFrontal = await jpegFile(dir, 'not-frontal.jpg', toSharp(turnHead(a, spotA, 55, 30)));

  return {
    dir,
    idPhoto: await idCard(dir, 'id-a.jpg', a),
    otherIdPhoto: await idCard(dir, 'id-b.jpg', b),
    thirdIdPhoto: await idCard(dir, 'id-c.jpg', c),
    idWithoutFace: await idCard(dir, 'id-none.jpg', null),
    sameFrames,
    otherPersonFrames,
    thirdPersonFrames,
    photoRepeatFrames,
    frontal,
    frontalPng,
    notFrontal,
    noFace,
    twoFaces,
    dark,
    blurred,
    cutOff,
    tooSmall,
  };
}

let made: Promise<FacesFixture> | null = null;

/** The face pictures, made once per process under the system temp folder. */
export function facesFixture(): Promise<FacesFixture> {
  made ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'faces-'));
    await mkdir(dir, { recursive: true });
    return build(dir);
  })();
  return made;
}
