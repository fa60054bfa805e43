// The 'human' face provider: @vladmandic/human, in-process and offline, in a bounded worker pool.
// A check: consent and the frames' type and size (header only) → one pool task analysing the frames
// (and the ID photo unless its embedding is cached) → decide(). The ID photo's embedding is cached
// in memory per file id; nothing biometric is logged, stored or put into an error.
import type {
  FaceProvider,
  FaceProviderDeps,
  FaceProviderFactory,
  FaceVerificationInput,
  FaceVerificationResult,
} from './types';
import { decide, referenceFace } from './decide';
import type { ReferenceFace } from './presentationAttack';
import { DEFAULT_FACE_ENGINE_CONFIG } from './engineConfig';
import { EnginePool } from './enginePool';
import { precheckFrame } from './precheck';
import { ReferenceCache } from './referenceCache';

export const HUMAN_PROVIDER_NAME = 'human';
/** Until the engine has answered once, the version is the package's (the same build). */
const PACKAGE_VERSION = '3.3.6';

export interface HumanFaceProvider extends FaceProvider {
  warm(): Promise<void>;
  close(): Promise<void>;
  /** Read by tests and the bench: the pool's bound and the reference cache. */
  readonly pool: EnginePool;
  readonly references: ReferenceCache<ReferenceFace>;
}

export function createHumanFaceProvider(deps: FaceProviderDeps): HumanFaceProvider {
  const config = { ...DEFAULT_FACE_ENGINE_CONFIG, ...deps.face };
  const pool = new EnginePool({ workers: config.workers, queue: config.queue, filename: deps.engineWorker });
  const references = new ReferenceCache<ReferenceFace>(config.referenceCacheSize);
  const engine = { name: HUMAN_PROVIDER_NAME, version: PACKAGE_VERSION };

  async function check(input: FaceVerificationInput): Promise<FaceVerificationResult> {
    for (const frame of input.frames.length ? input.frames : [undefined]) {
      const problem = await precheckFrame(frame, input.consentAt);
      if (problem) return { outcome: 'failed', reason: problem, engine };
    }
    const ref = input.reference;
    const cached = ref ? references.get(ref.fileId) : undefined;
    const analyseReference = ref !== null && cached === undefined;
    const answer = await pool.run({
      paths: [...input.frames.map((f) => f.path), ...(analyseReference ? [ref.path] : [])],
      // The camera's frames are tracked for the flat-picture check; a file is one picture.
      track: input.source === 'camera' ? input.frames.length : 0,
    });
    engine.version = answer.engineVersion;
    const frames = answer.images.slice(0, input.frames.length);
    let reference: ReferenceFace | null | undefined = undefined;
    if (ref) {
      if (analyseReference) {
        const image = answer.images[input.frames.length];
        reference = image ? referenceFace(image) : null;
        references.set(ref.fileId, reference);
      } else {
        reference = cached;
      }
    }
    return decide({
      source: input.source,
      frames,
      challenge: input.challenge,
      reference,
      tracks: answer.tracks ?? null,
      bands: answer.bands ?? null,
      config,
      engine: { ...engine },
    });
  }

  return {
    name: HUMAN_PROVIDER_NAME,
    async verify(input) {
      const place = pool.admit(); // throws FaceEngineBusyError when full
      try {
        return await check(input);
      } finally {
        place.release();
      }
    },
    warm: () => pool.warm(),
    close: () => pool.close(),
    pool,
    references,
  };
}

export const humanFaceProvider: FaceProviderFactory = createHumanFaceProvider;
