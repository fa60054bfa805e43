// The 'human' face provider: @vladmandic/human in a worker pool (work in progress).
import type { FaceProviderFactory } from '../faceProvider';
import { DEFAULT_FACE_ENGINE_CONFIG } from './engineConfig';

export const humanFaceProvider: FaceProviderFactory = (deps) => {
  const config = { ...DEFAULT_FACE_ENGINE_CONFIG, ...deps.face };
  void config;
  return {
    name: 'human',
    verify() {
      return Promise.reject(new Error('the human face provider is not built yet'));
    },
  };
};
