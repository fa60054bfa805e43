// What the engine worker answers for one image: plain data that crosses the thread boundary. The
// embeddings live only in memory for the duration of one check (and, for an ID photo, in the
// in-memory reference cache); nothing here is ever logged or stored.
import type { BandFit } from './screenBanding';
import type { LatticeSpectrum } from './screenPhysics';
import type { PairTracks } from './textureTracking';

export interface FoundFace {
  /** [x, y, width, height] in pixels of the decoded (oriented, scaled) image. */
  box: [number, number, number, number];
  /** Detector confidence, 0..1. */
  score: number;
  yawDeg: number;
  pitchDeg: number;
  rollDeg: number;
  /** Mean luma of the face box, 0..255. */
  brightness: number;
  /** Variance of the Laplacian of the face box scaled to a fixed size: low means blurred. */
  sharpness: number;
  /** Whether the face box reaches past the image's edge (landmarks outside the picture). */
  touchesEdge: boolean;
  embedding: number[];
  /** The 468 mesh landmarks [x, y] in pixels (the flat-picture check compares them across frames). */
  mesh: [number, number][];
  /** The mesh model's depth of each landmark (same order; its own scale): what parallax should follow. */
  meshDepth: number[];
  /** Human's anti-spoofing and liveness models, 0..1 (higher: more real); null when not run. */
  antispoof: number | null;
  liveModel: number | null;
  /** The face unwrapped onto the mesh's canonical layout, grey 0..255 (faceTexture.ts); null without a mesh. */
  texture: number[] | null;
  /** The whitened spectra of the frame's own pixels around the face, for the screen check
   *  (screenPhysics.ts); absent or null when not measured (an image smaller than the crop). */
  lattice?: LatticeSpectrum | null;
}

export type ImageAnalysis =
  | {
      ok: true;
      width: number;
      height: number;
      /** Mean luma and Laplacian variance of the whole image (for when no face is found). */
      brightness: number;
      sharpness: number;
      faces: FoundFace[];
    }
  | { ok: false; problem: 'notAnImage' };

export interface AnalyzeTask {
  paths: string[];
  /** The first this many paths are a camera capture's frames, in order: their faces' texture is
   *  tracked between frames for the flat-picture check (textureTracking.ts). 0 or absent: none. */
  track?: number;
}

export interface AnalyzeAnswer {
  images: ImageAnalysis[];
  engineVersion: string;
  /** Texture tracks between the tracked frames' pairs (indices into `images`), when asked for and
   *  every one of those frames showed a face with its mesh. */
  tracks?: PairTracks[];
  /** The display-flicker bands of the tracked frames (screenBanding.ts), when every one was
   *  decoded; null when none could be measured. */
  bands?: BandFit | null;
}
