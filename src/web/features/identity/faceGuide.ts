// The live guidance of the face capture (issue 16 §4): Human (@vladmandic/human) finds the face in
// the camera preview and says what the person should do — come closer, find more light, look
// straight — before anything is pressed. It runs in the browser only: this module and Human are
// loaded on demand by the camera actor, on the phone page, so no other page (and not /login's first
// load) carries them. The models come from our own origin (GET /plat/verify/face-models/*), never
// from a CDN. WebGL first (phones have it); the CPU backend when WebGL is missing (a headless
// browser), since the wasm backend would need 'wasm-unsafe-eval' in the Content-Security-Policy.
import type { CaptureHint } from '../../../../machines/identityVerification.machine';
import { DEFAULT_PREFIX } from '../../api/client';
import { VerificationPaths } from '../../../contract/api/verification';

/** The face box must be at least this share of the frame's width ("move closer"). */
const MIN_FACE_WIDTH_SHARE = 0.22;
/** Mean luminance (0–255) below which the picture is too dark ("more light"). */
const MIN_LUMINANCE = 60;
/** Head turned further than this from the camera while guiding: "look straight". */
const MAX_STRAIGHT_YAW_RAD = (20 * Math.PI) / 180;

export interface FaceGuide {
  /** What the person should do, looking at the current video frame. */
  hintFor(video: HTMLVideoElement): Promise<CaptureHint>;
  /** A cheaper guide the camera switches to when this one is too slow on the phone. */
  lighter?: FaceGuide;
}

/** Mean luminance of the frame, from a small copy of it (cheap, and no face engine needed). */
export function luminanceOf(video: HTMLVideoElement): number | null {
  const canvas = document.createElement('canvas');
  canvas.width = 32;
  canvas.height = 24;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || video.videoWidth === 0) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let sum = 0;
  for (let i = 0; i < data.length; i += 4)
    sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  return sum / (data.length / 4);
}

/** Light only: what guidance can still say when the face engine cannot run on this phone. */
export const lightOnlyGuide: FaceGuide = {
  hintFor: (video) => {
    const light = luminanceOf(video);
    return Promise.resolve(light !== null && light < MIN_LUMINANCE ? 'moreLight' : 'holdStill');
  },
};

export async function createFaceGuide(): Promise<FaceGuide> {
  const { Human } = await import('@vladmandic/human');
  const modelBasePath = `${DEFAULT_PREFIX}${VerificationPaths.faceModels}/`;
  const config = {
    modelBasePath,
    debug: false,
    async: true,
    warmup: 'none' as const,
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 2, return: false },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
  let human = new Human({ ...config, backend: 'webgl' });
  try {
    await human.load();
    await human.detect(document.createElement('canvas'));
  } catch {
    human = new Human({ ...config, backend: 'cpu' });
    await human.load();
  }
  return {
    lighter: lightOnlyGuide,
    async hintFor(video) {
      const light = luminanceOf(video);
      if (light !== null && light < MIN_LUMINANCE) return 'moreLight';
      const result = await human.detect(video);
      const faces = [...result.face].sort((a, b) => b.box[2] - a.box[2]);
      const face = faces[0];
      if (!face || video.videoWidth === 0) return 'noFace';
      if (face.box[2] / video.videoWidth < MIN_FACE_WIDTH_SHARE) return 'moveCloser';
      const yaw = face.rotation?.angle.yaw ?? 0;
      if (Math.abs(yaw) > MAX_STRAIGHT_YAW_RAD) return 'lookStraight';
      return 'holdStill';
    },
  };
}
