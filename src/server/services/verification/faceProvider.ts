// The face-verification provider: the one place that decides whether a phone's capture passes.
//
// The built-in provider does not match faces: it accepts a capture that is a plausibly sized face
// image taken after consent was recorded, and leaves the identity match to the reviewer, who sees the
// capture beside the document photo in the back office (issue 6 §4).
//
// How a vendor (a face-match service) plugs in:
//   1. Write a factory `(deps: FaceProviderDeps) => FaceProvider` in its own file beside this one
//      (e.g. vendorFaceProvider.ts). Its `verify` reads the capture from `bytesPath` (or streams it
//      to the vendor), calls the vendor, and answers `{ outcome, reason }`. It must not throw for a
//      "no match" (that is `outcome: 'failed'`); a throw means the vendor is unreachable, and the
//      session is then marked failed with reason 'providerError' so the phone can retry.
//   2. Add it to FACE_PROVIDERS below under a short name.
//   3. Select it with the FACE_PROVIDER environment variable (config `faceProvider`; default
//      'builtin'). Vendor credentials belong in the config as well, never in code.
// The session lifecycle, consent, the 10-minute window and the stored capture stay the server's;
// the provider only answers verified or failed, and its `name` is stored with the outcome.
import { open } from 'node:fs/promises';
import { FaceCaptureRules } from '../../../contract/api/verification';
import { jpegDimensions, pngDimensions, type Dimensions, type ReadAt } from '../../storage/imageDimensions';

export interface FaceVerificationInput {
  sessionId: string;
  captureFileId: string;
  contentType: string;
  /** The stored capture on local disk. */
  bytesPath: string;
  /** When the phone recorded consent to biometric processing; null when it did not. */
  consentAt: Date | null;
}

export interface FaceVerificationResult {
  outcome: 'verified' | 'failed';
  /** A short camelCase reason for 'failed' (shown to nobody verbatim; the phone shows a retry). */
  reason?: string;
}

export interface FaceProvider {
  /** Stored with every outcome it decides. */
  readonly name: string;
  verify(input: FaceVerificationInput): Promise<FaceVerificationResult>;
}

// Reserved for vendor factories (their config, a logger); the built-in provider needs nothing.
export type FaceProviderDeps = Record<string, never>;
export type FaceProviderFactory = (deps: FaceProviderDeps) => FaceProvider;

async function readDimensions(bytesPath: string, contentType: string): Promise<Dimensions | null> {
  const handle = await open(bytesPath, 'r');
  try {
    const readAt: ReadAt = async (offset, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    };
    // `return await`: the reads must finish before `finally` closes the handle (a bare return let the
    // handle close first, and the rejection with no handler stopped Node: issue 16 §1).
    if (contentType === 'image/png') return pngDimensions(await readAt(0, 24));
    if (contentType === 'image/jpeg') return await jpegDimensions(readAt, (await handle.stat()).size);
    return null;
  } finally {
    await handle.close();
  }
}

export const builtinFaceProvider: FaceProviderFactory = () => ({
  name: 'builtin',
  async verify({ contentType, bytesPath, consentAt }) {
    if (!consentAt) return { outcome: 'failed', reason: 'consentMissing' };
    if (!(FaceCaptureRules.contentTypes as readonly string[]).includes(contentType)) {
      return { outcome: 'failed', reason: 'notAnImage' };
    }
    const size = await readDimensions(bytesPath, contentType);
    if (!size) return { outcome: 'failed', reason: 'notAnImage' };
    if (size.width < FaceCaptureRules.minSidePx || size.height < FaceCaptureRules.minSidePx) {
      return { outcome: 'failed', reason: 'imageTooSmall' };
    }
    return { outcome: 'verified' };
  },
});

export const FACE_PROVIDERS: Readonly<Record<string, FaceProviderFactory>> = {
  builtin: builtinFaceProvider,
};

export const DEFAULT_FACE_PROVIDER = 'builtin';

/** The configured provider; an unknown name stops the start rather than verifying with another. */
export function selectFaceProvider(name: string | undefined, deps: FaceProviderDeps = {}): FaceProvider {
  const factory = FACE_PROVIDERS[name ?? DEFAULT_FACE_PROVIDER];
  if (!factory) {
    throw new Error(
      `unknown face provider '${name}'; known: ${Object.keys(FACE_PROVIDERS).join(', ')} (FACE_PROVIDER)`,
    );
  }
  return factory(deps);
}
