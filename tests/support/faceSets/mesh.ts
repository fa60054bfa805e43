// The 468-point face mesh of a source portrait, found once by @vladmandic/human on TensorFlow's WASM
// backend (as the server's engine loads it, engineWorker.ts) and kept on disk under the temp folder,
// keyed by the source file's size and time, so a process (or the next one) never computes it twice.
// Only the mesh and the triangulation are used: the renderer builds the head from them.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

/** A source portrait's face: the mesh in the source's pixels ([x, y, z], z in the same pixel scale,
 *  smaller = nearer the camera) and the mesh's triangles (index triples). */
export interface SourceMesh {
  width: number;
  height: number;
  points: [number, number, number][];
  triangles: [number, number, number][];
}

const require = createRequire(import.meta.url);

interface HumanFace {
  score: number;
  box: [number, number, number, number];
  mesh: [number, number, number][];
  meshRaw: [number, number, number][];
}
interface HumanInstance {
  faceTriangulation: number[];
  tf: { tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void } };
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: HumanFace[] }>;
}

let human: Promise<HumanInstance> | null = null;

/** Human with the face detector and mesh only; its model files come from file: URLs. */
function engine(): Promise<HumanInstance> {
  human ??= (async () => {
    const humanDist = path.dirname(require.resolve('@vladmandic/human'));
    const wasmDist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
    // Human and the WASM backend fetch their files; file: URLs are read here, anything else goes to
    // the fetch this process already had (a test process may need it).
    const before = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith('file:')) return before(input, init);
      return new Response(await readFile(fileURLToPath(url)));
    }) as typeof fetch;
    const { Human } = require(path.join(humanDist, 'human.node-wasm.js')) as {
      Human: new (config: object) => HumanInstance;
    };
    const instance = new Human({
      backend: 'wasm',
      modelBasePath: pathToFileURL(path.join(humanDist, '..', 'models')).href + '/',
      wasmPath: pathToFileURL(wasmDist).href + '/',
      debug: false,
      cacheSensitivity: 0,
      filter: { enabled: false },
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 1, minConfidence: 0.3, return: false },
        mesh: { enabled: true },
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
        attention: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    await instance.load();
    return instance;
  })();
  return human;
}

async function detectMesh(source: string): Promise<SourceMesh> {
  const h = await engine();
  const { data, info } = await sharp(source)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = h.tf.tensor3d(
    new Uint8Array(data.buffer, data.byteOffset, data.length),
    [info.height, info.width, 3],
    'int32',
  );
  let faces: HumanFace[];
  try {
    faces = (await h.detect(tensor)).face;
  } finally {
    tensor.dispose();
  }
  const face = faces[0];
  if (!face || face.mesh.length < 468) throw new Error(`no face mesh found in ${source}`);
  // mesh[].z is in the model's own input units; meshRaw[].z is that over the input size, so z in
  // pixels is meshRaw z times the box's size (the scale x and y were mapped with).
  const side = Math.max(face.box[2], face.box[3]);
  const points = face.mesh
    .slice(0, 468)
    .map((p, i): [number, number, number] => [p[0], p[1], face.meshRaw[i]![2] * side]);
  const tri = h.faceTriangulation;
  const triangles: [number, number, number][] = [];
  for (let i = 0; i + 2 < tri.length; i += 3) triangles.push([tri[i]!, tri[i + 1]!, tri[i + 2]!]);
  return { width: info.width, height: info.height, points, triangles };
}

const cacheDir = path.join(tmpdir(), 'face-sets-mesh');
const memo = new Map<string, Promise<SourceMesh>>();

/** The cache key of a source file: its path, size and modification time. */
export function sourceVersion(source: string): string {
  const s = statSync(source);
  return `${source}:${s.size}:${Math.round(s.mtimeMs)}`;
}

/** The mesh of `source`, from memory, the disk cache, or Human (in that order). */
export function sourceMesh(source: string): Promise<SourceMesh> {
  let found = memo.get(source);
  if (!found) {
    found = (async () => {
      const key = createHash('sha256')
        .update(`mesh-v1:${sourceVersion(source)}`)
        .digest('hex')
        .slice(0, 16);
      const file = path.join(cacheDir, `${key}.json`);
      if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as SourceMesh;
      const mesh = await detectMesh(source);
      await mkdir(cacheDir, { recursive: true });
      // Written aside then renamed: a parallel process never reads half a file.
      const part = `${file}.${process.pid}.part`;
      await writeFile(part, JSON.stringify(mesh));
      await rename(part, file);
      return mesh;
    })();
    memo.set(source, found);
  }
  return found;
}
