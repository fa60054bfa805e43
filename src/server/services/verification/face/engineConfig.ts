// The face engine's knobs, from config (FACE_* variables, src/server/config.ts). Defaults come from
// the measurements in docs/decisions/face.md "Face engine" (bench/face.ts reproduces them).
import { CHALLENGE_THRESHOLDS, type ChallengeThresholds } from './challenge';
import type { FaceAttackThresholds } from './presentationAttack';

export interface FaceEngineConfig {
  /** Worker threads running the engine (each loads the models once, ~150 MB). */
  workers: number;
  /** Checks allowed to wait for a worker; one more is refused with FaceEngineBusyError. */
  queue: number;
  /** Similarity to the ID photo (0..1) at or above which a frame is the same person. */
  matchThreshold: number;
  /** Similarity at or above which, while below matchThreshold, the check is referred (grey band). */
  greyBandFrom: number;
  /** Head-pose change (degrees of yaw or pitch across the frames) the motion challenge needs. */
  minPoseRangeDeg: number;
  /** Reference (ID photo) descriptors kept in memory, least recently used first out. */
  referenceCacheSize: number;
  /** When a head counts as turned or nodded for the server's challenge (challenge.ts, where the
   *  figures behind them are). */
  challenge: ChallengeThresholds;
  /** Presentation-attack thresholds (issue 28; presentationAttack.ts, measured by bench/face.ts). */
  attack: FaceAttackThresholds;
}

export const DEFAULT_FACE_ENGINE_CONFIG: FaceEngineConfig = {
  workers: 1,
  queue: 4,
  matchThreshold: 0.6,
  greyBandFrom: 0.45,
  minPoseRangeDeg: 5,
  referenceCacheSize: 200,
  challenge: { ...CHALLENGE_THRESHOLDS },
  attack: {
    planeResidualMin: 0.017,
    textureParallaxMin: 0.004,
    reuseSimilarityMin: 0.95,
    reuseHashMax: 3,
    antispoofMin: 0,
    liveModelMin: 0,
    screenLatticeMax: 17,
    screenBandsMax: 0.005,
  },
};
