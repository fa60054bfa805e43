// Presentation-attack detection (issue 28): is what the camera saw a live head, or a picture of one?
// Pure: the engine's analyses in, the evidence and a verdict out. Three signals, each with the
// threshold it is held against (the figures behind each: docs/decisions/face-presentation-attack.md):
//   plane fit   the image texture's movement between frames (textureTracking.ts) explained by one
//               homography = a flat picture (a print, a screen, the ID card itself), whatever way it
//               was turned (physics, not the test material: a flat object cannot show parallax);
//   ID reuse    the capture's face is the ID portrait's own pixels (engine similarity above what two
//               photographs of one person reach AND the unwrapped faces' perceptual hashes nearly
//               equal);
//   models      Human's antispoof and liveness scores: evidence, and a vote only where the measured
//               sets showed that they separate (FaceAttackThresholds.*Min > 0);
//   screen      a display's lattice of emitters, seen as an isolated peak in the frames' spatial
//               spectrum (screenPhysics.ts): what a screen replaying a recording of the asked
//               movement shows, whose landmarks carry the recorded head's real parallax;
//   flicker     a pulsing display seen through a rolling shutter: horizontal bands that move
//               between frames (screenBanding.ts), whether or not the display's pixels are resolved.
import type { FaceAttackEvidence } from '../../../../contract/api/verification';
import type { FoundFace } from './analysis';
import { hashDistance, textureHash } from './faceTexture';
import { planeResidual, textureResidual } from './planeFit';
import type { BandFit } from './screenBanding';
import { latticePeak } from './screenPhysics';
import type { PairTracks } from './textureTracking';
import { faceSimilarity } from './similarity';

export interface FaceAttackThresholds {
  /** The mesh landmarks' plane-fit residual along depth (face widths, planeFit.ts) below which a
   *  capture was a flat picture, when no texture tracks were given (callers without images). */
  planeResidualMin: number;
  /** The same figure over the image's own texture tracks (planeFit.ts textureResidual): what
   *  decides for a camera capture. */
  textureParallaxMin: number;
  /** ID reuse needs a similarity to the ID photo at or above this … */
  reuseSimilarityMin: number;
  /** … and a perceptual-hash distance of the unwrapped faces at or below this (bits of 63). */
  reuseHashMax: number;
  /** Human's antispoof / liveness score below which a capture fails; 0: evidence only. */
  antispoofMin: number;
  liveModelMin: number;
  /** A capture whose strongest isolated spectral peak (screenPhysics.ts latticePeak: times the
   *  typical power at its frequency) reaches this showed a screen's lattice. */
  screenLatticeMax: number;
  /** A capture whose frames' flicker bands (screenBanding.ts: the light's modulation a single row
   *  period explains, median over the pairs) reach this showed a pulsing display. */
  screenBandsMax: number;
}

export interface ReferenceFace {
  embedding: number[];
  /** The ID portrait unwrapped (faceTexture.ts); null when the mesh could not place it. */
  texture: number[] | null;
}

export type AttackVerdict =
  'flatPicture' | 'idReused' | 'modelSpoof' | 'screenLattice' | 'screenBands' | null;

const round = (value: number, digits = 4) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** The lowest of the faces' scores (null when the model did not run on any). */
function lowest(values: readonly (number | null)[]): number | null {
  const scores = values.filter((v): v is number => typeof v === 'number');
  return scores.length ? Math.min(...scores) : null;
}

/**
 * The ID-reuse figures of one frame: a frame is the ID portrait reused when it is BOTH as similar
 * to it as no second photograph of a person is AND its aligned face hashes within a few bits of it.
 * The two are judged on the same frame (session 13): the best similarity of one frame and the
 * nearest hash of another are not one picture, and a genuine capture of seven frames came close to
 * both that way. The frame shown is the reused one, else the one most similar to the ID photo.
 */
function idReuse(
  faces: readonly FoundFace[],
  reference: ReferenceFace,
  t: FaceAttackThresholds,
): NonNullable<FaceAttackEvidence['idReuse']> | null {
  if (!reference.texture) return null;
  const referenceHash = textureHash(reference.texture);
  const frames = faces.map((face) => {
    const similarity = faceSimilarity(reference.embedding, face.embedding);
    const distance = face.texture ? hashDistance(referenceHash, textureHash(face.texture)) : 63;
    return { similarity, distance, reused: similarity >= t.reuseSimilarityMin && distance <= t.reuseHashMax };
  });
  const [first] = frames;
  if (!first) return null;
  const shown =
    frames.find((frame) => frame.reused) ??
    frames.reduce((best, frame) => (frame.similarity > best.similarity ? frame : best), first);
  return {
    similarity: round(shown.similarity, 3),
    similarityThreshold: t.reuseSimilarityMin,
    hashDistance: shown.distance,
    hashThreshold: t.reuseHashMax,
    reused: shown.reused,
  };
}

/**
 * The evidence of one capture (every part that could be measured) and the first attack it shows.
 * `faces` are the frames' faces in order; the plane fit needs two or more (the camera's frames).
 */
export function judgePresentation(
  faces: readonly FoundFace[],
  reference: ReferenceFace | null | undefined,
  thresholds: FaceAttackThresholds,
  /** The frames' texture tracks (decide.ts DecideInput.tracks: null = none could be made,
   *  undefined = no images, judged on the mesh). */
  tracks?: readonly PairTracks[] | null,
  /** The frames' flicker bands (decide.ts DecideInput.bands); null/undefined: not measured. */
  bands?: BandFit | null,
): { evidence: Omit<FaceAttackEvidence, 'challenge'>; verdict: AttackVerdict } {
  const t = thresholds;
  const meshes = faces.map((f) => f.mesh);
  const depths = faces.map((f) => f.meshDepth);
  const plane =
    faces.length >= 2 && meshes.every((m) => m.length >= 8)
      ? (() => {
          const fit = planeResidual(meshes, depths);
          const meshValue = round(fit.depthParallax, 5);
          if (tracks === undefined)
            return {
              value: meshValue,
              threshold: t.planeResidualMin,
              passed: meshValue >= t.planeResidualMin,
              rms: round(fit.residual, 5),
            };
          // The image's texture decides: the mesh model puts a face's depth into any face's
          // landmarks, a print's too; tracked texture moves as the object does. No pair tracked
          // well enough (points: 0) leaves the picture not shown to be other than flat.
          const texture = textureResidual(tracks ?? [], meshes, depths);
          const value = round(texture.depthParallax, 5);
          return {
            value,
            threshold: t.textureParallaxMin,
            passed: texture.pairs > 0 && value >= t.textureParallaxMin,
            rms: round(texture.residual, 5),
            points: texture.points,
            meshValue,
          };
        })()
      : null;
  const reuse = reference ? idReuse(faces, reference, t) : null;
  const spoof = lowest(faces.map((f) => f.antispoof));
  const live = lowest(faces.map((f) => f.liveModel));
  const antispoof =
    spoof === null
      ? null
      : { score: round(spoof, 3), threshold: t.antispoofMin, decides: t.antispoofMin > 0 };
  const livenessModel =
    live === null ? null : { score: round(live, 3), threshold: t.liveModelMin, decides: t.liveModelMin > 0 };
  const peak = latticePeak(faces.map((f) => f.lattice));
  const screenLattice = peak
    ? {
        value: round(peak.value, 2),
        threshold: t.screenLatticeMax,
        passed: peak.value < t.screenLatticeMax,
        channel: peak.channel,
        cyclesPerPixel: [round(peak.cyclesPerPixel[0], 4), round(peak.cyclesPerPixel[1], 4)] as [
          number,
          number,
        ],
      }
    : null;
  const screenBands = bands
    ? {
        value: round(bands.depth, 4),
        threshold: t.screenBandsMax,
        passed: bands.depth < t.screenBandsMax,
        cyclesPerFrame: round(bands.cyclesPerFrame, 2),
        pairs: bands.pairs,
      }
    : null;
  const evidence = {
    planeResidual: plane,
    idReuse: reuse,
    antispoof,
    livenessModel,
    screenLattice,
    screenBands,
  };

  let verdict: AttackVerdict = null;
  if (reuse?.reused) verdict = 'idReused';
  else if (plane && !plane.passed) verdict = 'flatPicture';
  else if (screenLattice && !screenLattice.passed) verdict = 'screenLattice';
  else if (screenBands && !screenBands.passed) verdict = 'screenBands';
  else if (
    (antispoof?.decides && spoof! < t.antispoofMin) ||
    (livenessModel?.decides && live! < t.liveModelMin)
  ) {
    verdict = 'modelSpoof';
  }
  return { evidence, verdict };
}
