// The camera preview: registers its <video> with the camera actor (which owns the stream), with a
// face outline drawn over it (issue 16 §4) showing where the face belongs. The outline is decoration:
// the spoken guidance is the status line beside it.
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { attachVideo, type CameraScreen } from './cameraActor';

export function CameraView({ screen }: { screen: CameraScreen }) {
  const { t } = useLingui();
  const ref = useCallback((video: HTMLVideoElement | null) => attachVideo(screen, video), [screen]);
  return (
    <div style={{ position: 'relative', width: '100%' }}>
      <video
        ref={ref}
        aria-label={t`Camera preview`}
        autoPlay
        playsInline
        muted
        style={{ width: '100%', borderRadius: 8, background: '#000', transform: 'scaleX(-1)' }}
      />
      <div
        aria-hidden="true"
        data-face-outline=""
        style={{
          position: 'absolute',
          left: '25%',
          top: '12%',
          width: '50%',
          height: '72%',
          border: '3px dashed rgba(255, 255, 255, 0.85)',
          borderRadius: '50%',
          pointerEvents: 'none',
        }}
      />
    </div>
  );
}
