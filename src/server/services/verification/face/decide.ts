// The verdict from the engine's analyses: quality of each frame, the motion challenge (liveness),
// and the match to the ID photo. Pure: the same analyses always give the same result, so the rules
// are unit tested without the engine. Figures behind each limit: docs/decisions/face.md "Face engine".
import type { FaceFailReason, FaceQualityReason, FaceReferReason, FaceVerificationResult } from './types';
import type { FoundFace, ImageAnalysis } from './analysis';
import type { FaceEngineConfig } from './engineConfig';
import { faceSimilarity } from './similarity';
import { DEFAULT_FACE_ENGINE_CONFIG } from './engineConfig';
import { judgePresentation, type ReferenceFace } from './presentationAttack';
import { challengeSeen } from './challenge';
import type { FaceChallenge } from '../../../../contract/api/verification';
import type { PairTracks } from './textureTracking';
import type { BandFit } from './screenBanding';

/** Limits of a usable frame (measured on the fixtures of tests/support/faces.ts). */
export const FRAME_QUALITY = {
  /** A second face counts when at least this share of the largest face's width. */
  otherFaceShare: 0.4,
  /** The face's width as a share of the picture's shorter side (a phone at arm's length: ~0.4). */
  minFaceShare: 0.2,
  /** Mean luma of the face (or of the picture when no face is found), 0..255. */
  minBrightness: 45,
  /** Laplacian variance of the face scaled to 128² (sharp frames: 600+; a shaken one: under 30). */
  minSharpness: 40,
  /** The first frame: the head turned or tilted at most this much (Human's angles, degrees). */
  maxFrontalYawDeg: 8,
  maxFrontalPitchDeg: 20,
} as const;

/** The reference face must be at least this wide (pixels, after scaling to 720). */
export const MIN_REFERENCE_FACE_PX = 40;

type Engine = FaceVerificationResult['engine'];
type Liveness = NonNullable<FaceVerificationResult['liveness']>;

export function largestFace(faces: readonly FoundFace[]): FoundFace | undefined {
  let best: FoundFace | undefined;
  for (const face of faces) if (!best || face.box[2] > best.box[2]) best = face;
  return best;
}

/** The first quality problem of one frame, or its one face. */
export function frameQuality(
  image: ImageAnalysis,
  options: { mustBeFrontal: boolean },
): { problem: FaceQualityReason | 'notAnImage' } | { face: FoundFace } {
  if (!image.ok) return { problem: 'notAnImage' };
  const q = FRAME_QUALITY;
  const face = largestFace(image.faces);
  if (!face) {
    // Say why no face was found when the picture itself shows it.
    if (image.brightness < q.minBrightness) return { problem: 'tooDark' };
    if (image.sharpness < q.minSharpness) return { problem: 'blurred' };
    return { problem: 'noFace' };
  }
  const others = image.faces.filter((f) => f !== face && f.box[2] >= face.box[2] * q.otherFaceShare);
  if (others.length > 0) return { problem: 'multipleFaces' };
  if (face.box[2] < Math.min(image.width, image.height) * q.minFaceShare) return { problem: 'faceTooSmall' };
  if (face.touchesEdge) return { problem: 'faceCutOff' };
  if (face.brightness < q.minBrightness) return { problem: 'tooDark' };
  if (face.sharpness < q.minSharpness) return { problem: 'blurred' };
  if (
    options.mustBeFrontal &&
    (Math.abs(face.yawDeg) > q.maxFrontalYawDeg || Math.abs(face.pitchDeg) > q.maxFrontalPitchDeg)
  ) {
    return { problem: 'notFrontal' };
  }
  return { face };
}

/** The reference's face embedding, or null when the ID photo shows no usable face. */
export function referenceEmbedding(image: ImageAnalysis): number[] | null {
  if (!image.ok) return null;
  const face = largestFace(image.faces);
  if (!face || face.box[2] < MIN_REFERENCE_FACE_PX || face.embedding.length === 0) return null;
  return face.embedding;
}

/** The head-pose change across the frames: the motion challenge. */
export function poseChange(faces: readonly FoundFace[], minRangeDeg: number): Liveness {
  const range = (values: number[]) => (values.length ? Math.max(...values) - Math.min(...values) : 0);
  const yawRangeDeg = range(faces.map((f) => f.yawDeg));
  const pitchRangeDeg = range(faces.map((f) => f.pitchDeg));
  return {
    passed: faces.length >= 2 && (yawRangeDeg >= minRangeDeg || pitchRangeDeg >= minRangeDeg),
    yawRangeDeg: round(yawRangeDeg, 1),
    pitchRangeDeg: round(pitchRangeDeg, 1),
    frames: faces.length,
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export interface DecideInput {
  source: 'camera' | 'file';
  frames: ImageAnalysis[];
  /** The movement the server asked for (camera only); null/absent: any head turn will do (a session
   *  from before challenges). */
  challenge?: FaceChallenge | null;
  /** undefined: no reference given; null: the reference has no usable face. An embedding alone
   *  (older callers, tests) is a reference without its unwrapped face. */
  reference: ReferenceFace | number[] | null | undefined;
  /** The frames' texture tracks (textureTracking.ts, from the engine worker): the flat-picture
   *  check rests on them. null: the engine found none to give (the capture then cannot show that
   *  it is not flat); absent: a caller without images (unit tests of other rules), judged on the
   *  mesh landmarks alone. */
  tracks?: PairTracks[] | null;
  /** The frames' display-flicker bands (screenBanding.ts, from the engine worker); null/absent:
   *  not measured (no images, or frames of different sizes). */
  bands?: BandFit | null;
  config: Pick<FaceEngineConfig, 'matchThreshold' | 'greyBandFrom' | 'minPoseRangeDeg'> &
    Partial<Pick<FaceEngineConfig, 'attack' | 'challenge'>>;
  engine: Engine;
}

/** The ID photo's face (embedding and unwrapped texture), or null when it shows no usable face. */
export function referenceFace(image: ImageAnalysis): ReferenceFace | null {
  const embedding = referenceEmbedding(image);
  if (!embedding || !image.ok) return null;
  return { embedding, texture: largestFace(image.faces)?.texture ?? null };
}

const asReference = (reference: DecideInput['reference']): ReferenceFace | null | undefined =>
  Array.isArray(reference) ? { embedding: reference, texture: null } : reference;

/**
 * Order: every frame's quality (the phone can act on it) → the same person throughout and as on the
 * ID (a clear mismatch fails) → the movement (camera only: without it nothing below can be judged)
 * → presentation attack (the ID portrait reused, a flat picture, the models where they decide) →
 * what a person must look at (no reference, no face on the ID, grey band, file fallback) → verified.
 * The attack evidence goes with every outcome reached after the faces were found.
 */
export function decide({
  source,
  frames,
  challenge,
  reference: given,
  tracks,
  bands,
  config,
  engine,
}: DecideInput): FaceVerificationResult {
  const reference = asReference(given);
  const failed = (
    reason: FaceFailReason,
    extra: Partial<FaceVerificationResult> = {},
  ): FaceVerificationResult => ({
    outcome: 'failed',
    reason,
    ...extra,
    engine,
  });
  const referred = (
    reason: FaceReferReason,
    extra: Partial<FaceVerificationResult>,
  ): FaceVerificationResult => ({
    outcome: 'referred',
    reason,
    ...extra,
    engine,
  });

  if (frames.length === 0) return failed('notAnImage');
  const faces: FoundFace[] = [];
  for (const [i, image] of frames.entries()) {
    const quality = frameQuality(image, { mustBeFrontal: i === 0 });
    if ('problem' in quality) return failed(quality.problem);
    faces.push(quality.face);
  }

  const judged = judgePresentation(
    faces,
    reference,
    config.attack ?? DEFAULT_FACE_ENGINE_CONFIG.attack,
    tracks,
    bands,
  );
  const asked = source === 'camera' && challenge ? challenge : null;
  const movement = asked
    ? challengeSeen(faces, asked, config.challenge ?? DEFAULT_FACE_ENGINE_CONFIG.challenge)
    : null;
  const attack = {
    challenge: asked && movement ? { asked, seen: movement.seen, passed: movement.passed } : null,
    ...judged.evidence,
  };

  // One identity across the frames, whatever the reference: a swap mid-challenge fails.
  const first = faces[0]!;
  const consistency = Math.min(...faces.map((f) => faceSimilarity(first.embedding, f.embedding)));
  const liveness = source === 'camera' ? poseChange(faces, config.minPoseRangeDeg) : undefined;
  const extra = liveness ? { liveness, attack } : { attack };
  if (consistency < config.greyBandFrom) return failed('noMatch', extra);

  let score: number | undefined;
  if (reference) {
    score = round(Math.min(...faces.map((f) => faceSimilarity(reference.embedding, f.embedding))), 3);
    if (score < config.greyBandFrom) return failed('noMatch', { ...extra, score });
  }
  const scored = score === undefined ? extra : { ...extra, score };
  // The asked movement, in its order; without a challenge, any head turn (the older rule).
  if (movement && !movement.passed) return failed('challengeNotSeen', scored);
  if (!movement && liveness && !liveness.passed) return failed('noLiveness', scored);
  // Never verified, never referred: a picture is not the person, whoever it shows.
  if (judged.verdict) return failed('presentationAttack', scored);
  if (reference === undefined) return referred('noReference', scored);
  if (reference === null) return referred('referenceHasNoFace', scored);
  if (source === 'file') return referred('fileFallback', scored);
  if (score !== undefined && score < config.matchThreshold) return referred('greyBand', scored);
  return { outcome: 'verified', ...scored, engine };
}
