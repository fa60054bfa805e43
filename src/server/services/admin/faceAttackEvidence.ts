// The presentation-attack evidence as a reviewer reads it (issue 28 §6), from the session's
// attack_evidence column. The face engine writes it; this reads it defensively, part by part: a part
// that is missing or not of the contract's shape (an older capture, a future field) shows as "not
// measured" rather than failing the case view or showing a number without its threshold.
import { readFaceChallenge, type FaceAttackEvidence } from '../../../contract/api/verification';

type Part<K extends keyof FaceAttackEvidence> = NonNullable<FaceAttackEvidence[K]>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

function challengeOf(value: unknown): Part<'challenge'> | null {
  if (!isObject(value)) return null;
  const { asked, seen, passed } = value;
  // Evidence stored before session 13 names a two-move challenge ('leftThenRight'): read as its moves.
  const challenge = readFaceChallenge(asked);
  if (challenge === null || !isBoolean(passed)) return null;
  if (!Array.isArray(seen) || !seen.every((s) => typeof s === 'string')) return null;
  return { asked: challenge, seen, passed };
}

function planeResidualOf(value: unknown): Part<'planeResidual'> | null {
  if (!isObject(value)) return null;
  const { value: residual, threshold, passed, rms, points, meshValue } = value;
  if (!isNumber(residual) || !isNumber(threshold) || !isBoolean(passed)) return null;
  // The whole RMS, the texture points tracked and the mesh's own figure are optional context
  // beside the judged figure (captures before session 12 have no points: the mesh was judged).
  return {
    value: residual,
    threshold,
    passed,
    ...(isNumber(rms) ? { rms } : {}),
    ...(isNumber(points) ? { points } : {}),
    ...(isNumber(meshValue) ? { meshValue } : {}),
  };
}

function idReuseOf(value: unknown): Part<'idReuse'> | null {
  if (!isObject(value)) return null;
  const { similarity, similarityThreshold, hashDistance, hashThreshold, reused } = value;
  return isNumber(similarity) &&
    isNumber(similarityThreshold) &&
    isNumber(hashDistance) &&
    isNumber(hashThreshold) &&
    isBoolean(reused)
    ? { similarity, similarityThreshold, hashDistance, hashThreshold, reused }
    : null;
}

function modelScoreOf(value: unknown): Part<'antispoof'> | null {
  if (!isObject(value)) return null;
  const { score, threshold, decides } = value;
  return isNumber(score) && isNumber(threshold) && isBoolean(decides) ? { score, threshold, decides } : null;
}

function screenLatticeOf(value: unknown): Part<'screenLattice'> | null {
  if (!isObject(value)) return null;
  const { value: peak, threshold, passed, channel, cyclesPerPixel } = value;
  if (!isNumber(peak) || !isNumber(threshold) || !isBoolean(passed)) return null;
  if (channel !== 'luma' && channel !== 'chroma') return null;
  if (!Array.isArray(cyclesPerPixel)) return null;
  const [fx, fy] = cyclesPerPixel as unknown[];
  if (cyclesPerPixel.length !== 2 || !isNumber(fx) || !isNumber(fy)) return null;
  return { value: peak, threshold, passed, channel, cyclesPerPixel: [fx, fy] };
}

function screenBandsOf(value: unknown): Part<'screenBands'> | null {
  if (!isObject(value)) return null;
  const { value: depth, threshold, passed, cyclesPerFrame, pairs } = value;
  if (!isNumber(depth) || !isNumber(threshold) || !isBoolean(passed)) return null;
  if (!isNumber(cyclesPerFrame) || !isNumber(pairs)) return null;
  return { value: depth, threshold, passed, cyclesPerFrame, pairs };
}

/** The stored evidence, each part kept only when whole; null when nothing was measured. */
export function attackEvidenceOf(stored: unknown): FaceAttackEvidence | null {
  if (!isObject(stored)) return null;
  const evidence: FaceAttackEvidence = {
    challenge: challengeOf(stored['challenge']),
    planeResidual: planeResidualOf(stored['planeResidual']),
    idReuse: idReuseOf(stored['idReuse']),
    antispoof: modelScoreOf(stored['antispoof']),
    livenessModel: modelScoreOf(stored['livenessModel']),
  };
  // The screen check's part exists since session 12: an older capture's evidence has none at all.
  const screenLattice = screenLatticeOf(stored['screenLattice']);
  if (screenLattice) evidence.screenLattice = screenLattice;
  // The flicker check's part exists since session 13.
  const screenBands = screenBandsOf(stored['screenBands']);
  if (screenBands) evidence.screenBands = screenBands;
  return Object.values(evidence).some((part) => part !== null) ? evidence : null;
}
