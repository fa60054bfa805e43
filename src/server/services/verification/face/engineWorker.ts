// The face engine, inside one pool thread (piscina): @vladmandic/human on TensorFlow's WASM backend,
// with the models that ship in the npm package, loaded once when the thread starts. Offline: the
// thread's fetch reads file: URLs and refuses everything else, so no model can come from a network.
// Images are decoded with sharp (EXIF orientation applied) and scaled to at most MAX_SIDE pixels.
// Nothing here logs: no image bytes, no embeddings.
import { readlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp, { type OutputInfo } from 'sharp';
import type { AnalyzeAnswer, AnalyzeTask, FoundFace, ImageAnalysis } from './analysis';
import { unwrapFace } from './faceTexture';
import { screenBands } from './screenBanding';
import { latticeCrop, latticeSpectrum, type LatticeSpectrum } from './screenPhysics';
import { textureTracks, type TrackFrame } from './textureTracking';

const MAX_SIDE = 720;
/** Detector confidence below which a box is not a face. */
const MIN_FACE_SCORE = 0.5;
/** Side of the grey face crop the sharpness is measured on. */
const SHARPNESS_SIDE = 128;

const require = createRequire(import.meta.url);

/** Niceness of this engine thread: when the CPU is short, the API's threads go first. */
const ENGINE_NICENESS = 10;
// Linux keeps a niceness per thread; /proc/thread-self names this thread's id. Elsewhere: skip.
try {
  const tid = Number(path.basename(readlinkSync('/proc/thread-self')));
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, ENGINE_NICENESS);
} catch {
  // not Linux, or not allowed: the engine runs at the API's priority
}
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const wasmDist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
const modelsDir = path.join(humanDist, '..', 'models');

// The WASM backend and Human fetch their files; here only file: URLs exist.
globalThis.fetch = async (input: string | URL | Request) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith('file:')) throw new Error('the face engine is offline: only file: URLs');
  return new Response(await readFile(fileURLToPath(url)));
};

interface HumanFace {
  box: [number, number, number, number];
  score: number;
  rotation?: { angle: { roll: number; yaw: number; pitch: number } } | null;
  embedding?: number[];
  mesh?: [number, number, number][];
  real?: number;
  live?: number;
}
interface HumanInstance {
  version: string;
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
  };
  faceUVMap: [number, number][];
  load(): Promise<void>;
  warmup(): Promise<unknown>;
  detect(input: unknown): Promise<{ face: HumanFace[]; error?: string | null }>;
}

// The node-wasm build is not reachable through the package's exports map; load it by its path.
const { Human } = require(path.join(humanDist, 'human.node-wasm.js')) as {
  Human: new (config: object) => HumanInstance;
};

const human = new Human({
  backend: 'wasm',
  modelBasePath: pathToFileURL(modelsDir).href + '/',
  wasmPath: pathToFileURL(wasmDist).href + '/',
  debug: false,
  async: true,
  // Every frame is a new question: never reuse a previous frame's answer.
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: {
      rotation: false,
      maxDetected: 5,
      minConfidence: MIN_FACE_SCORE,
      skipFrames: 0,
      return: false,
    },
    mesh: { enabled: true },
    iris: { enabled: false },
    description: { enabled: true, skipFrames: 0 },
    emotion: { enabled: false },
    // Both scored on every face (issue 28 §4): evidence, and a vote only as far as measured sets allow.
    antispoof: { enabled: true, skipFrames: 0, skipTime: 0 },
    liveness: { enabled: true, skipFrames: 0, skipTime: 0 },
    attention: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
});

const ready = (async () => {
  await human.load();
  await human.warmup();
})();

const degrees = (radians: number | undefined) => ((radians ?? 0) * 180) / Math.PI;

function meanLuma(rgb: Buffer): number {
  let sum = 0;
  for (let i = 0; i < rgb.length; i += 3) sum += 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
  return rgb.length ? sum / (rgb.length / 3) : 0;
}

function laplacianVariance(grey: Buffer, side: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      const v = grey[i - side]! + grey[i + side]! + grey[i - 1]! + grey[i + 1]! - 4 * grey[i]!;
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

async function measureFace(
  rgb: Buffer,
  width: number,
  height: number,
  box: [number, number, number, number],
): Promise<{ brightness: number; sharpness: number; touchesEdge: boolean }> {
  const [x, y, w, h] = box;
  const left = Math.max(0, Math.floor(x));
  const top = Math.max(0, Math.floor(y));
  const right = Math.min(width, Math.ceil(x + w));
  const bottom = Math.min(height, Math.ceil(y + h));
  const edge = 2;
  const touchesEdge = x < edge || y < edge || x + w > width - edge || y + h > height - edge;
  if (right - left < 8 || bottom - top < 8) return { brightness: 0, sharpness: 0, touchesEdge: true };
  const region = sharp(rgb, { raw: { width, height, channels: 3 } }).extract({
    left,
    top,
    width: right - left,
    height: bottom - top,
  });
  const colour = await region.clone().raw().toBuffer();
  const grey = await region
    .clone()
    .greyscale()
    .resize(SHARPNESS_SIDE, SHARPNESS_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { brightness: meanLuma(colour), sharpness: laplacianVariance(grey, SHARPNESS_SIDE), touchesEdge };
}

/** The screen check's spectra of the face's surroundings (screenPhysics.ts), from the file's own
 *  pixels: the decoded image may be scaled, which would move the JPEG block frequencies. */
async function latticeOf(
  file: string,
  decodedWidth: number,
  box: [number, number, number, number],
): Promise<LatticeSpectrum | null> {
  try {
    const meta = await sharp(file).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: its width is then the stored height.
    const width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
    const height = (meta.orientation ?? 1) >= 5 ? meta.width : meta.height;
    if (!width || !height) return null;
    const crop = latticeCrop(box, width / decodedWidth, width, height);
    if (!crop) return null;
    const rgb = await sharp(file).rotate().extract(crop).removeAlpha().toColourspace('srgb').raw().toBuffer();
    return latticeSpectrum(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length));
  } catch {
    return null;
  }
}

/** One analysed image, with its grey picture and the largest face (what decide() judges) when the
 *  image is a frame whose texture is to be tracked. */
async function analyzeOne(
  file: string,
  keepGrey: boolean,
): Promise<{ image: ImageAnalysis; track: TrackFrame | null }> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(file, { failOn: 'error' })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { image: { ok: false, problem: 'notAnImage' }, track: null };
  }
  const { data, info } = decoded;
  const tensor = human.tf.tensor3d(
    new Uint8Array(data.buffer, data.byteOffset, data.length),
    [info.height, info.width, 3],
    'int32',
  );
  let found: HumanFace[];
  try {
    found = (await human.detect(tensor)).face;
  } finally {
    tensor.dispose();
  }
  const faces: FoundFace[] = [];
  let greyFull: Buffer | null = null;
  for (const face of found) {
    if (face.score < MIN_FACE_SCORE) continue;
    const measured = await measureFace(data, info.width, info.height, face.box);
    const mesh = (face.mesh ?? []).map(([x, y]) => [x, y] as [number, number]);
    greyFull ??= await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .greyscale()
      .raw()
      .toBuffer();
    faces.push({
      box: face.box,
      score: face.score,
      yawDeg: degrees(face.rotation?.angle.yaw),
      pitchDeg: degrees(face.rotation?.angle.pitch),
      rollDeg: degrees(face.rotation?.angle.roll),
      ...measured,
      embedding: Array.from(face.embedding ?? []),
      mesh,
      meshDepth: (face.mesh ?? []).map((point) => point[2]),
      antispoof: typeof face.real === 'number' ? face.real : null,
      liveModel: typeof face.live === 'number' ? face.live : null,
      texture: unwrapFace(greyFull, info.width, info.height, mesh, human.faceUVMap),
      lattice: await latticeOf(file, info.width, face.box),
    });
  }
  const grey = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .greyscale()
    .resize(SHARPNESS_SIDE * 2, SHARPNESS_SIDE * 2, { fit: 'fill' })
    .raw()
    .toBuffer();
  // The largest face is the one decide() judges (decide.ts largestFace): its texture is tracked.
  let largest: FoundFace | undefined;
  for (const face of faces) if (!largest || face.box[2] > largest.box[2]) largest = face;
  const track =
    keepGrey && greyFull && largest && largest.mesh.length > 0
      ? {
          grey: {
            data: new Uint8Array(greyFull.buffer, greyFull.byteOffset, greyFull.length),
            width: info.width,
            height: info.height,
          },
          mesh: largest.mesh,
          yawDeg: largest.yawDeg,
          pitchDeg: largest.pitchDeg,
        }
      : null;
  return {
    image: {
      ok: true,
      width: info.width,
      height: info.height,
      brightness: meanLuma(data),
      sharpness: laplacianVariance(grey, SHARPNESS_SIDE * 2),
      faces,
    },
    track,
  };
}

/** The pool's task: analyse each image in turn (one check occupies one thread). */
export default async function analyze(task: AnalyzeTask): Promise<AnalyzeAnswer> {
  await ready;
  const images: ImageAnalysis[] = [];
  const frames: (TrackFrame | null)[] = [];
  for (const [i, file] of task.paths.entries()) {
    const { image, track } = await analyzeOne(file, i < (task.track ?? 0));
    images.push(image);
    if (i < (task.track ?? 0)) frames.push(track);
  }
  // The texture tracks need every frame's face: a frame without one fails decide() anyway.
  const tracked = frames.length >= 2 && frames.every((f): f is TrackFrame => f !== null);
  return {
    images,
    engineVersion: human.version,
    ...(tracked ? { tracks: textureTracks(frames), bands: screenBands(frames.map((f) => f.grey)) } : {}),
  };
}
