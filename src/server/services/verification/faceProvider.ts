// The face-verification provider: the one place that decides whether a phone's capture passes.
//
// Two providers ship:
//   - 'human' (the default, face/humanProvider.ts): detects and describes faces with @vladmandic/human
//     in a small worker pool, checks capture quality, matches every frame to the authorizer's ID photo
//     and checks a head-pose change across the frames (the motion challenge).
//   - 'builtin': no face engine at all. It checks consent, type and size of the first frame and
//     verifies it; a file-picker capture is referred to review. Kept for tests that do not need the
//     engine and as the fallback when the engine cannot run.
//
// How a vendor (a face-match service) plugs in:
//   1. Write a factory `(deps: FaceProviderDeps) => FaceProvider` in its own file beside this one.
//      Its `verify` reads the frames from their `path` (or streams them to the vendor), calls the
//      vendor, and answers a FaceVerificationResult. It must not throw for a "no match" (that is
//      `outcome: 'failed'`); a throw means the vendor is unreachable, and the session is then marked
//      failed so the phone can retry. A full pool throws FaceEngineBusyError.
//   2. Add it to FACE_PROVIDERS below under a short name.
//   3. Select it with the FACE_PROVIDER environment variable (config `faceProvider`). Vendor
//      credentials belong in the config as well, never in code.
// The session lifecycle, consent, the 10-minute window and the stored frames stay the server's; the
// provider answers an outcome, and its `engine` is stored with it. A provider never logs or keeps
// face data (frames, descriptors) beyond the call.
import { humanFaceProvider } from './face/humanProvider';
import { DEFAULT_FACE_ENGINE_CONFIG, type FaceEngineConfig } from './face/engineConfig';
import { precheckFrame } from './face/precheck';
import type { FaceProvider, FaceProviderDeps, FaceProviderFactory } from './face/types';

// The provider's types live in ./face/types so the providers in ./face need nothing from this file,
// which imports them (importing back made a cycle; issue 19 §6). Re-exported for every caller.
export type {
  FaceFailReason,
  FaceImageRef,
  FaceProvider,
  FaceProviderDeps,
  FaceProviderFactory,
  FaceQualityReason,
  FaceReferReason,
  FaceVerificationInput,
  FaceVerificationResult,
} from './face/types';

/** Thrown by verify when the pool is full: the route answers code `faceEngineBusy`. */
export { FaceEngineBusyError } from './face/busyError';

const BUILTIN_ENGINE = { name: 'builtin', version: '1' } as const;

export const builtinFaceProvider: FaceProviderFactory = () => ({
  name: 'builtin',
  async verify({ frames, consentAt, source }) {
    const problem = await precheckFrame(frames[0], consentAt);
    if (problem) return { outcome: 'failed', reason: problem, engine: BUILTIN_ENGINE };
    if (source === 'file') return { outcome: 'referred', reason: 'fileFallback', engine: BUILTIN_ENGINE };
    return { outcome: 'verified', engine: BUILTIN_ENGINE };
  },
});

export const FACE_PROVIDERS: Readonly<Record<string, FaceProviderFactory>> = {
  human: humanFaceProvider,
  builtin: builtinFaceProvider,
};

export const DEFAULT_FACE_PROVIDER = 'human';
export { DEFAULT_FACE_ENGINE_CONFIG, type FaceEngineConfig };

/**
 * The configured provider; an unknown name stops the start rather than verifying with another. The
 * app passes `{ face: app.config.face }` and closes the provider with the app (its pool threads).
 */
export function selectFaceProvider(name: string | undefined, deps: FaceProviderDeps = {}): FaceProvider {
  const factory = FACE_PROVIDERS[name ?? DEFAULT_FACE_PROVIDER];
  if (!factory) {
    throw new Error(
      `unknown face provider '${name}'; known: ${Object.keys(FACE_PROVIDERS).join(', ')} (FACE_PROVIDER)`,
    );
  }
  return factory(deps);
}
