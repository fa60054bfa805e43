// The camera preview: registers its <video> with the camera actor (which owns the stream).
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { attachVideo, type CameraScreen } from './cameraActor';

export function CameraView({ screen }: { screen: CameraScreen }) {
  const { t } = useLingui();
  const ref = useCallback((video: HTMLVideoElement | null) => attachVideo(screen, video), [screen]);
  return (
    <video
      ref={ref}
      aria-label={t`Camera preview`}
      autoPlay
      playsInline
      muted
      style={{ width: '100%', borderRadius: 8, background: '#000', transform: 'scaleX(-1)' }}
    />
  );
}
