// Recipes of captures and their rendering: a recipe is plain data (JSON), so a capture can be
// rendered again at any time t of its movement (the frames the phone sends, or a smooth video).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FACE_SOURCES, idCard } from '../faces';
import { between, seeded, type Pose } from './geometry';
import { headModel, type HeadModel } from './head';
import { renderHead, type Lighting } from './headShot';
import { pictureSharp, readPicture } from './image';
import { anotherPicture, type OtherPicture } from './otherPicture';
import { handShake, motionStyle, movementPose, type MotionStyle, type Movement } from './motion';
import { applyFlicker, rowGains, type ScreenFlicker } from './flicker';
import { fingersSvg, planePoints, readPictureWithAlpha, renderPlane, type PlaneShot } from './plane';
import type { Picture } from './raster';

export type Person = 'personA' | 'personB' | 'personC';
export const PERSONS: readonly Person[] = ['personA', 'personB', 'personC'];

/** How a screen's sub-pixels lie (screenTexture). */
export type ScreenLayout = 'stripe' | 'diagonal' | 'pentile';

/** A live head, rendered in 3D. */
export interface HeadRecipe {
  kind: 'head';
  shows: Person;
  movement: Movement;
  style: MotionStyle;
  distanceCm: number;
  faceShare: number;
  pivotFaceWidths: number;
  lighting: Lighting;
  width: number;
  height: number;
  shake: number;
  shakePhase: number;
  noise: number;
  /** A periodic pattern on everything behind the head (a striped shirt and wall; screenSets.ts's
   *  genuine captures that are hard for the screen check): period in face widths. */
  pattern?: { period: number; angleDeg: number; contrast: number; checks: boolean };
  /** The head textured from another photograph of the person than the one its ID portrait is
   *  rendered from (otherPicture.ts; the hard genuine heads, session 13). */
  otherPicture?: OtherPicture;
}

/** A flat picture held to the camera and turned as the challenge asks (or, for a screen, a screen
 *  held still-ish that plays a head's recording). */
export interface PlaneRecipe {
  kind: 'plane';
  content:
    | {
        type: 'print';
        shows: Person;
        widthCm: number;
        glare: number;
        /** A worse print (held-out attacks): blurred (sigma, print pixels) and JPEG-compressed. */
        degrade?: { blur: number; quality: number };
      }
    | {
        type: 'idPortrait';
        shows: Person;
        pixels: number;
        saturation: number;
        blur: number;
        quality: number;
        widthCm: number;
        wholeCard: boolean;
      }
    | {
        type: 'screen';
        recording: HeadRecipe;
        widthCm: number;
        glare: number;
        gap: number;
        /** Held-out screens (screenSets.ts): the sub-pixel layout (default 'stripe': R, G, B
         *  columns), and the camera's blur in frame pixels (default 0.5). */
        layout?: ScreenLayout;
        blurPx?: number;
        /** The display's pulses seen through the camera's rolling shutter (flicker.ts); absent:
         *  a display that does not pulse (session 13). */
        flicker?: ScreenFlicker;
      }
    | { type: 'still'; frame: HeadRecipe };
  movement: Movement;
  style: MotionStyle;
  /** How much of the movement's angles the picture is turned by (a still: none). */
  follow: number;
  basePose: Pose;
  faceShare: number;
  offsetCm: [number, number];
  /** Zoom: the distance swings by this fraction over the movement. */
  zoom: number;
  hfovDeg: number;
  background: { seed: number; kind: 'room' | 'wall' };
  brightness: number;
  lambert: number;
  width: number;
  height: number;
  shake: number;
  shakePhase: number;
  noise: number;
  /** A print bent in the hand (held-out attacks; plane.ts PlaneShot.bendCm). */
  bendCm?: number;
}

export type Recipe = HeadRecipe | PlaneRecipe;

export interface Rendered {
  picture: Picture;
  /** The face mesh's 468 points where this frame shows them (pixels). */
  landmarks: [number, number][];
  /** The head's pose (a live head, a recording) or the picture's pose (a flat one). */
  pose: Pose;
}

/** Adds a camera sensor's noise (seeded), in place. */
function addNoise(picture: Picture, sigma: number, seed: number): void {
  if (sigma <= 0) return;
  const random = seeded(seed);
  const d = picture.data;
  for (let i = 0; i < d.length; i += 3) {
    // Luma-correlated noise, as a sensor's is, with a little chroma.
    const l = (random() + random() + random() - 1.5) * 2 * sigma;
    for (let c = 0; c < 3; c++)
      d[i + c] = Math.max(0, Math.min(255, Math.round(d[i + c]! + l + (random() - 0.5) * sigma)));
  }
}

/**
 * One frame of `recipe` at movement time t (0..1). `settle` (0..1, videos only) eases the movement's
 * end pose back to its start pose, so a looping video returns to frontal without playing the
 * movement backwards.
 */
export async function renderRecipe(
  recipe: Recipe,
  t: number,
  noiseSeed: number,
  settle = 0,
): Promise<Rendered> {
  const out =
    recipe.kind === 'head'
      ? await renderLive(recipe, t, settle)
      : await renderFlat(recipe, t, settle, seeded(noiseSeed ^ 0x5eed)());
  addNoise(out.picture, recipe.noise, noiseSeed);
  return out;
}

/** The movement's pose at t, eased back toward the start by `settle`. */
function settled(movement: Movement, style: MotionStyle, t: number, settle: number): Pose {
  const pose = movementPose(movement, style, t);
  if (settle <= 0) return pose;
  const start = movementPose(movement, style, 0);
  const k = (1 - Math.cos(Math.PI * Math.min(1, settle))) / 2;
  return {
    yawDeg: pose.yawDeg + (start.yawDeg - pose.yawDeg) * k,
    pitchDeg: pose.pitchDeg + (start.pitchDeg - pose.pitchDeg) * k,
    rollDeg: (pose.rollDeg ?? 0) + ((start.rollDeg ?? 0) - (pose.rollDeg ?? 0)) * k,
  };
}

const patterned = new Map<string, Promise<HeadModel>>();

/** The head model a live recipe shows: the portrait's, or another photograph of the person
 *  (otherPicture.ts), with `pattern` printed on its static layer (body and background). */
function liveModel(r: HeadRecipe): Promise<HeadModel> {
  if (!r.pattern && !r.otherPicture) return headModel(FACE_SOURCES[r.shows]);
  const key = JSON.stringify([r.shows, r.pattern ?? null, r.otherPicture ?? null]);
  let found = patterned.get(key);
  if (!found) {
    const other = r.otherPicture;
    const base = headModel(FACE_SOURCES[r.shows]).then((m) => (other ? anotherPicture(m, other) : m));
    const pattern = r.pattern;
    found = !pattern
      ? base
      : base.then((model) => {
          const { data, width, height } = model.behind;
          const out = new Uint8Array(data.length);
          const a = (pattern.angleDeg * Math.PI) / 180;
          const [c, s] = [Math.cos(a), Math.sin(a)];
          const periodPx = pattern.period * model.faceWidthPx;
          const wave = (u: number) => Math.sin((2 * Math.PI * u) / periodPx);
          for (let y = 0; y < height; y++)
            for (let x = 0; x < width; x++) {
              const u = x * c + y * s;
              const w = pattern.checks ? wave(u) * wave(-x * s + y * c) : wave(u);
              const k = 1 + pattern.contrast * Math.sign(w);
              const o = (y * width + x) * 3;
              for (let ch = 0; ch < 3; ch++)
                out[o + ch] = Math.max(0, Math.min(255, Math.round(data[o + ch]! * k)));
            }
          return { ...model, behind: { data: out, width, height } };
        });
    patterned.set(key, found);
  }
  return found;
}

async function renderLive(r: HeadRecipe, t: number, settle = 0): Promise<Rendered> {
  const model = await liveModel(r);
  const pose = settled(r.movement, r.style, t, settle);
  const shot = renderHead(model, {
    pose,
    distanceCm: r.distanceCm,
    width: r.width,
    height: r.height,
    faceShare: r.faceShare,
    pivotFaceWidths: r.pivotFaceWidths,
    lighting: r.lighting,
    shake: handShake(r.shake, r.shakePhase, t),
  });
  return { picture: shot.picture, landmarks: shot.landmarks, pose };
}

interface Texture {
  picture: Picture;
  /** The face mesh in texture pixels. */
  landmarks: [number, number][];
  /** The face's width in texture pixels. */
  facePx: number;
  widthCm: number;
  /** The pose of the head the texture shows, when it shows a moving head (a screen's recording). */
  pose?: Pose;
  /** A screen's emitting area inside its bezel (texture pixels). */
  emitting?: { left: number; top: number; right: number; bottom: number };
}

/** The inverse of a 3×3 matrix (row-major). */
function invert3(m: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A,
    -(b * i - c * h),
    b * f - c * e,
    B,
    a * i - c * g,
    -(a * f - c * d),
    C,
    -(a * h - b * g),
    a * e - b * d,
  ].map((v) => v / det);
}

const textures = new Map<string, Promise<Texture>>();
const backgrounds = new Map<string, Promise<Picture>>();

function background(spec: PlaneRecipe['background'], width: number, height: number): Promise<Picture> {
  const key = JSON.stringify([spec, width, height]);
  let found = backgrounds.get(key);
  if (!found) {
    found = (async () => {
      const random = seeded(spec.seed);
      if (spec.kind === 'room') {
        // A room out of focus behind the picture (public-domain coffee photo, blurred beyond recognition).
        return readPicture(
          sharp(FACE_SOURCES.noFace)
            .resize(width, height, { fit: 'cover' })
            .blur(14)
            .modulate({ brightness: between(random, 0.7, 1.1), hue: Math.round(between(random, 0, 360)) }),
        );
      }
      const tone = () => Math.round(between(random, 120, 220));
      const [r, g, b] = [tone(), tone(), tone()];
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<defs><linearGradient id="w" x1="0" y1="0" x2="${between(random, 0.3, 1).toFixed(2)}" y2="1">` +
        `<stop offset="0" stop-color="rgb(${r},${g},${b})"/><stop offset="1" stop-color="rgb(${r * 0.6},${g * 0.6},${b * 0.6})"/></linearGradient></defs>` +
        `<rect width="100%" height="100%" fill="url(#w)"/>` +
        `<rect x="${Math.round(between(random, 0.55, 0.8) * width)}" y="${Math.round(0.1 * height)}" width="${Math.round(0.12 * width)}" height="${height}" fill="rgb(${r * 0.8},${g * 0.75},${b * 0.7})"/></svg>`;
      return readPicture(sharp(Buffer.from(svg)).png().blur(3));
    })();
    backgrounds.set(key, found);
  }
  return found;
}

/** A print of the portrait (head and shoulders) on paper with a white border, held in the fingers. */
async function printTexture(
  shows: Person,
  widthCm: number,
  glare: number,
  degrade?: { blur: number; quality: number },
): Promise<Texture> {
  const model = await headModel(FACE_SOURCES[shows]);
  const w = model.faceWidthPx;
  const cropW = Math.min(model.picture.width, Math.round(2.4 * w));
  const cropH = Math.min(model.picture.height, Math.round(3 * w));
  const left = Math.round(Math.min(model.picture.width - cropW, Math.max(0, model.centre[0] - cropW / 2)));
  const top = Math.round(Math.min(model.picture.height - cropH, Math.max(0, model.nose[1] - cropH * 0.45)));
  const photoW = 520;
  const scale = photoW / cropW;
  const photoH = Math.round(cropH * scale);
  const printed = await pictureSharp(model.picture)
    .extract({ left, top, width: cropW, height: cropH })
    .resize(photoW, photoH)
    // Ink on paper: a little less colour and contrast, blacks lifted.
    .modulate({ saturation: 0.85 })
    .linear(0.9, 14)
    .png()
    .toBuffer();
  const photo = degrade
    ? await sharp(await sharp(printed).blur(degrade.blur).jpeg({ quality: degrade.quality }).toBuffer())
        .png()
        .toBuffer()
    : printed;
  const border = 26;
  const paperW = photoW + 2 * border;
  const paperH = photoH + 2 * border;
  // A thumb is about 2 cm wide: an eighth of a 15 cm print.
  const finger = paperW / 8;
  const margin = Math.round(finger * 1.6);
  const W = paperW + 2 * margin;
  const H = paperH + 2 * margin;
  const fingers = fingersSvg(
    W,
    H,
    [
      {
        x: margin + finger * 0.7,
        y: margin + paperH - finger * 0.2,
        angleDeg: -30,
        lengthPx: finger * 1.5,
        widthPx: finger,
      },
      {
        x: margin + paperW - finger * 0.15,
        y: margin + paperH * 0.6,
        angleDeg: 75,
        lengthPx: finger * 1.4,
        widthPx: finger * 0.9,
      },
    ],
    '#d59c7c',
  );
  const glareSvg = glare
    ? `<svg xmlns="http://www.w3.org/2000/svg" width="${paperW}" height="${paperH}"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="${glare}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${paperW * 0.68}" cy="${paperH * 0.3}" rx="${paperW * 0.3}" ry="${paperH * 0.18}" fill="url(#g)"/></svg>`
    : null;
  const png = await sharp({
    create: { width: W, height: H, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: {
          create: {
            width: paperW,
            height: paperH,
            channels: 4,
            background: { r: 246, g: 244, b: 238, alpha: 1 },
          },
        },
        left: margin,
        top: margin,
      },
      { input: photo, left: margin + border, top: margin + border },
      ...(glareSvg ? [{ input: Buffer.from(glareSvg), left: margin, top: margin }] : []),
      { input: Buffer.from(fingers), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  const picture = await readPictureWithAlpha(png);
  const landmarks = model.landmarks.map(([u, v]): [number, number] => [
    margin + border + (u - left) * scale,
    margin + border + (v - top) * scale,
  ]);
  return { picture, landmarks, facePx: w * scale, widthCm: (widthCm * W) / paperW };
}

/** The ID card's own portrait after printing (small, pale, compressed, soft), or the card itself. */
async function idTexture(content: Extract<PlaneRecipe['content'], { type: 'idPortrait' }>): Promise<Texture> {
  const { region } = ID_PORTRAIT;
  const id = await idPhotoOf(content.shows);
  const idLandmarks = id.landmarks;
  const card = await readPicture(id.jpeg);
  if (content.wholeCard) {
    const fingers = fingersSvg(
      card.width + 120,
      card.height + 120,
      [{ x: 60 + card.width - 20, y: 60 + card.height * 0.7, angleDeg: 75, lengthPx: 110, widthPx: 60 }],
      '#d8a080',
    );
    const png = await sharp({
      create: {
        width: card.width + 120,
        height: card.height + 120,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([
        { input: await pictureSharp(card).png().toBuffer(), left: 60, top: 60 },
        { input: Buffer.from(fingers), left: 0, top: 0 },
      ])
      .png()
      .toBuffer();
    const landmarks = idLandmarks.map(([x, y]): [number, number] => [
      60 + region.left + x,
      60 + region.top + y,
    ]);
    const faceW = Math.hypot(
      landmarks[454]![0] - landmarks[234]![0],
      landmarks[454]![1] - landmarks[234]![1],
    );
    return {
      picture: await readPictureWithAlpha(png),
      landmarks,
      facePx: faceW,
      widthCm: (8.56 * (card.width + 120)) / card.width,
    };
  }
  // The printed-card look: the portrait as few pixels as a card print has, paler, soft, blocky JPEG.
  const small = await sharp(await pictureSharp(card).extract(region).png().toBuffer())
    .resize(content.pixels, content.pixels)
    .modulate({ saturation: content.saturation })
    .blur(content.blur)
    .jpeg({ quality: content.quality })
    .toBuffer();
  const photoW = 480;
  const photo = await sharp(small).resize(photoW, photoW).png().toBuffer();
  const border = 20;
  const paperW = photoW + 2 * border;
  const finger = paperW / 7;
  const margin = Math.round(finger * 1.6);
  const W = paperW + 2 * margin;
  const fingers = fingersSvg(
    W,
    W,
    [
      {
        x: margin + finger * 0.6,
        y: margin + paperW - finger * 0.2,
        angleDeg: -35,
        lengthPx: finger * 1.5,
        widthPx: finger,
      },
    ],
    '#cf9678',
  );
  const png = await sharp({
    create: { width: W, height: W, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: {
          create: {
            width: paperW,
            height: paperW,
            channels: 4,
            background: { r: 240, g: 240, b: 236, alpha: 1 },
          },
        },
        left: margin,
        top: margin,
      },
      { input: photo, left: margin + border, top: margin + border },
      { input: Buffer.from(fingers), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  const scale = photoW / region.width;
  const landmarks = idLandmarks.map(([x, y]): [number, number] => [
    margin + border + x * scale,
    margin + border + y * scale,
  ]);
  const faceW = Math.hypot(landmarks[454]![0] - landmarks[234]![0], landmarks[454]![1] - landmarks[234]![1]);
  return {
    picture: await readPictureWithAlpha(png),
    landmarks,
    facePx: faceW,
    widthCm: (content.widthCm * W) / paperW,
  };
}

const idPhotos = new Map<Person, Promise<{ jpeg: Buffer; landmarks: [number, number][] }>>();

/** The ID card the captures claiming `person` are compared with: the same person, but another
 *  picture than the live frames (a small turn, even light, toned like an ID photo), on the card
 *  faces.ts draws. With the mesh points of its portrait, in the card's photo region. */
export function idPhotoOf(person: Person): Promise<{ jpeg: Buffer; landmarks: [number, number][] }> {
  let found = idPhotos.get(person);
  if (!found) {
    found = (async () => {
      const model = await headModel(FACE_SOURCES[person]);
      const side = 400;
      const shot = renderHead(model, {
        pose: { yawDeg: 6, pitchDeg: -4 },
        distanceCm: 60,
        width: side,
        height: side,
        faceShare: 0.5,
        pivotFaceWidths: 0.6,
        lighting: { ambient: 1, lights: [], exposure: 1.04, flat: true },
      });
      const toned = await readPicture(
        pictureSharp(shot.picture).modulate({ saturation: 0.85 }).linear(1.06, -6),
      );
      const dir = await mkdtemp(path.join(tmpdir(), 'face-id-'));
      try {
        const raw = { data: Buffer.from(toned.data), width: toned.width, height: toned.height };
        const jpeg = await readFile(await idCard(dir, `id-${person}.jpg`, raw));
        const k = ID_PORTRAIT.region.width / side;
        return { jpeg, landmarks: shot.landmarks.map(([x, y]): [number, number] => [x * k, y * k]) };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    idPhotos.set(person, found);
  }
  return found;
}

/** Where faces.ts idCard puts the photo on the 856×540 card. */
export const ID_PORTRAIT = { region: { left: 60, top: 140, width: 260, height: 260 } } as const;

/** A screen's sub-pixel stripes light a third of its texels per colour, its dark row gap less. */
const SCREEN_GAIN = 3.2;

/** Which colour the texel (sx, sy) of the pixel (x, y) lights, 3×3 texels a pixel, each colour on
 *  three of them: 'stripe' R, G, B columns; 'diagonal' the colours shifted a texel each row (a
 *  delta-like layout, its lattice at an angle); 'pentile' a green column and red or blue on the
 *  other two, alternating in a checkerboard (RGBG: half the red and blue pixels). */
function subpixel(layout: ScreenLayout, x: number, y: number, sx: number, sy: number): number {
  if (layout === 'diagonal') return (sx + sy + y) % 3;
  if (layout === 'pentile') return sx === 0 ? 1 : (x + y) % 2 === 0 ? 0 : 2;
  return sx;
}

/** A screen showing a frame: sub-pixel stripes (R, G, B columns, a dark gap), a glare and a bezel. */
async function screenTexture(
  frame: Picture,
  frameLandmarks: [number, number][],
  widthCm: number,
  glare: number,
  gap: number,
  layout: ScreenLayout = 'stripe',
): Promise<Texture> {
  const k = 3;
  const bezel = Math.round(frame.width * k * 0.05);
  const W = frame.width * k + 2 * bezel;
  const H = frame.height * k + 2 * bezel;
  const data = new Uint8Array(W * H * 3).fill(12);
  // Each texel lights one colour (the stripe's); the lens averages three, so the plane is drawn
  // three times as bright (renderFlat), in floating point, and nothing clips before the average.
  const gain = 1;
  for (let y = 0; y < frame.height; y++)
    for (let x = 0; x < frame.width; x++) {
      const s = (y * frame.width + x) * 3;
      for (let sy = 0; sy < k; sy++) {
        const row = sy === k - 1 ? 1 - gap : 1;
        for (let sx = 0; sx < k; sx++) {
          const c = subpixel(layout, x, y, sx, sy);
          const o = ((bezel + y * k + sy) * W + bezel + x * k + sx) * 3;
          data[o + c] = Math.min(255, Math.round(frame.data[s + c]! * gain * row));
        }
      }
    }
  if (glare > 0) {
    // A window's reflection: a soft bright band across the glass.
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const d = Math.abs((x - W * 0.3) * 0.8 + (y - H * 0.35) * 0.6) / (W * 0.12);
        const add = ((glare * 255) / SCREEN_GAIN) * Math.exp(-d * d);
        const o = (y * W + x) * 3;
        for (let c = 0; c < 3; c++) data[o + c] = Math.min(255, Math.round(data[o + c]! + add));
      }
  }
  const landmarks = frameLandmarks.map(([x, y]): [number, number] => [bezel + x * k, bezel + y * k]);
  const faceW = Math.hypot(landmarks[454]![0] - landmarks[234]![0], landmarks[454]![1] - landmarks[234]![1]);
  return {
    picture: { data, width: W, height: H },
    landmarks,
    facePx: faceW,
    widthCm: (widthCm * W) / (frame.width * k),
    emitting: { left: bezel, top: bezel, right: W - bezel, bottom: H - bezel },
  };
}

async function textureAt(r: PlaneRecipe, t: number, settle: number): Promise<Texture> {
  const c = r.content;
  if (c.type === 'screen') {
    const shown = await renderLive(c.recording, t, settle);
    return {
      ...(await screenTexture(shown.picture, shown.landmarks, c.widthCm, c.glare, c.gap, c.layout)),
      pose: shown.pose,
    };
  }
  if (c.type === 'still') {
    const shown = await renderLive(c.frame, 0);
    const widthCm = 30;
    return { picture: shown.picture, landmarks: shown.landmarks, facePx: 0, widthCm };
  }
  const key = JSON.stringify(c);
  let found = textures.get(key);
  if (!found) {
    found = c.type === 'print' ? printTexture(c.shows, c.widthCm, c.glare, c.degrade) : idTexture(c);
    textures.set(key, found);
  }
  return found;
}

const screenFaces = new Map<string, Promise<number>>();

function screenFacePx(r: PlaneRecipe): Promise<number> {
  const key = JSON.stringify(r.content);
  let found = screenFaces.get(key);
  if (!found) {
    found = textureAt(r, 0, 0).then((t) => t.facePx);
    screenFaces.set(key, found);
  }
  return found;
}

async function renderFlat(r: PlaneRecipe, t: number, settle = 0, phase = 0): Promise<Rendered> {
  const texture = await textureAt(r, t, settle);
  const focalPx = r.width / 2 / Math.tan((r.hfovDeg * Math.PI) / 360);
  let distanceCm: number;
  let widthCm = texture.widthCm;
  if (r.content.type === 'still') {
    // The still fills the frame (a little more, so its jitter shows no edge).
    distanceCm = 40;
    widthCm = ((r.width * distanceCm) / focalPx) * 1.04;
  } else {
    // A screen stays where it is held while its recording turns: placed by the recording's first
    // (frontal) face, not by each frame's.
    const facePx = r.content.type === 'screen' ? await screenFacePx(r) : texture.facePx;
    const faceCm = (facePx * widthCm) / texture.picture.width;
    distanceCm = (focalPx * faceCm) / (r.faceShare * r.width);
  }
  const move = settled(r.movement, r.style, t, settle);
  const pose: Pose = {
    yawDeg: r.basePose.yawDeg + r.follow * move.yawDeg,
    pitchDeg: r.basePose.pitchDeg + r.follow * move.pitchDeg,
    rollDeg: (r.basePose.rollDeg ?? 0) + r.follow * (move.rollDeg ?? 0),
  };
  const shot: PlaneShot = {
    texture: texture.picture,
    widthCm,
    distanceCm: distanceCm * (1 + r.zoom * Math.sin(Math.PI * t)),
    offsetCm: [r.offsetCm[0], r.offsetCm[1]],
    pose,
    width: r.width,
    height: r.height,
    focalPx,
    background: await background(r.background, r.width, r.height),
    brightness: r.brightness * (r.content.type === 'screen' ? SCREEN_GAIN : 1),
    lambert: r.lambert,
    nearest: false,
    shake: handShake(r.shake, r.shakePhase, t),
    ...(r.bendCm ? { bendCm: r.bendCm } : {}),
  };
  if (r.content.type === 'screen') {
    // The camera's lens and sensor blur what they see: without it a screen's pixel grid, far finer
    // than the frame's, would alias into a rainbow no real camera shows. Blurred to about half
    // of a frame pixel's footprint on the texture, so some moiré remains, as real cameras show.
    const texelsPerPixel = (texture.picture.width * shot.distanceCm) / (focalPx * widthCm);
    const blurPx = r.content.blurPx ?? 0.5;
    shot.texture = await readPicture(
      pictureSharp(texture.picture).blur(Math.max(0.3, blurPx * texelsPerPixel)),
    );
  }
  const rendered = renderPlane(shot);
  if (r.content.type === 'screen' && r.content.flicker && texture.emitting) {
    // Only the display's own light pulses: the frame's pixels whose texture point is inside the
    // emitting area (not the bezel, not the room).
    const inv = invert3(rendered.homography);
    const e = texture.emitting;
    applyFlicker(rendered.picture, rowGains(r.content.flicker, r.height, phase), (x, y) => {
      const w = inv[6]! * (x + 0.5) + inv[7]! * (y + 0.5) + inv[8]!;
      const u = (inv[0]! * (x + 0.5) + inv[1]! * (y + 0.5) + inv[2]!) / w;
      const v = (inv[3]! * (x + 0.5) + inv[4]! * (y + 0.5) + inv[5]!) / w;
      return u >= e.left && u < e.right && v >= e.top && v < e.bottom;
    });
  }
  // The pose of the face as the frame shows it: the recording's head on a screen, else the picture's.
  return {
    picture: rendered.picture,
    landmarks: planePoints(shot, texture.landmarks),
    pose: texture.pose ?? pose,
  };
}

/** Lights for a variation: a key light from a side and above, a fill, the ambient. */
export function lightingOf(random: () => number): Lighting {
  const side = random() < 0.5 ? -1 : 1;
  return {
    ambient: between(random, 0.35, 0.6),
    lights: [
      {
        dir: [side * between(random, 0.2, 0.9), -between(random, 0.1, 0.6), -1],
        intensity: between(random, 0.35, 0.6),
      },
      { dir: [-side * 0.5, 0.1, -1], intensity: between(random, 0, 0.2) },
    ],
    exposure: between(random, 0.85, 1.1),
  };
}

/** A live head's recipe with this variation's randomness. */
export function headRecipe(
  shows: Person,
  movement: Movement,
  random: () => number,
  frame?: { width: number; height: number },
): HeadRecipe {
  const sizes = [
    { width: 640, height: 480 },
    { width: 480, height: 640 },
    { width: 720, height: 540 },
  ];
  const size = frame ?? sizes[Math.floor(random() * sizes.length)]!;
  return {
    kind: 'head',
    shows,
    movement,
    style: motionStyle(random),
    distanceCm: between(random, 35, 60),
    faceShare: between(random, 0.2, 0.3),
    pivotFaceWidths: between(random, 0.5, 0.75),
    lighting: lightingOf(random),
    width: size.width,
    height: size.height,
    shake: between(random, 0.3, 1),
    shakePhase: between(random, 0, 6.28),
    noise: between(random, 1, 3),
  };
}

export { motionStyle };
