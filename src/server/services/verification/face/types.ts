// The types of a face-verification provider (how one plugs in: ../faceProvider.ts). On their own so
// that the providers in this folder, which ../faceProvider.ts imports, can name them without
// importing it back (no import cycles; issue 19 §6).
import type { FaceAttackEvidence, FaceChallenge } from '../../../../contract/api/verification';
import type { FaceEngineConfig } from './engineConfig';

export type FaceQualityReason =
  'noFace' | 'multipleFaces' | 'faceTooSmall' | 'faceCutOff' | 'tooDark' | 'blurred' | 'notFrontal';
export type FaceFailReason =
  | FaceQualityReason
  | 'noMatch'
  | 'noLiveness'
  | 'presentationAttack'
  | 'challengeNotSeen'
  | 'consentMissing'
  | 'notAnImage'
  | 'imageTooSmall';
export type FaceReferReason = 'greyBand' | 'referenceHasNoFace' | 'noReference' | 'fileFallback';

export interface FaceImageRef {
  path: string;
  contentType: string;
}

export interface FaceVerificationInput {
  sessionId: string;
  consentAt: Date | null;
  /** Frames from the phone camera during the motion challenge, in order (one when the file fallback is used). */
  frames: FaceImageRef[];
  source: 'camera' | 'file';
  /** The movement the server asked this capture to show (camera only; null: none asked, e.g. a
   *  session made before challenges existed, or the file picker). */
  challenge: FaceChallenge | null;
  /** The authorizer's ID front or passport photo page from the certification wizard; null when none. */
  reference: (FaceImageRef & { fileId: string }) | null;
}

export interface FaceVerificationResult {
  outcome: 'verified' | 'failed' | 'referred';
  reason?: FaceFailReason | FaceReferReason;
  /** Similarity to the reference, 0..1 (the lowest across frames), when compared. */
  score?: number;
  liveness?: { passed: boolean; yawRangeDeg: number; pitchRangeDeg: number; frames: number };
  /** What the presentation-attack checks measured (issue 28), when the engine got that far. */
  attack?: FaceAttackEvidence;
  engine: { name: string; version: string };
}

export interface FaceProvider {
  /** Stored with every outcome it decides. */
  readonly name: string;
  verify(input: FaceVerificationInput): Promise<FaceVerificationResult>;
  /** Warm the engine (load models) ahead of the first request; optional. */
  warm?(): Promise<void>;
  close?(): Promise<void>;
}

/** What a provider factory may need; every field optional so tests can build one bare. */
export interface FaceProviderDeps {
  /** The engine's pool size, queue bound and thresholds (config `face`); defaults when absent. */
  face?: Partial<FaceEngineConfig>;
  /** Another pool worker module (tests: a stub that only waits, to exercise the bound). */
  engineWorker?: string;
}
export type FaceProviderFactory = (deps: FaceProviderDeps) => FaceProvider;
