// The front camera for the face capture, as the 'camera' actor of machines/identityVerification:
// getUserMedia while the capture view is open, a frame as a JPEG on camera.takePhoto, the camera
// stopped when the view closes. Without a camera (or permission) it says camera.unavailable and
// the page offers the file input alone.
import { fromCallback } from 'xstate';
import type { IdentityVerificationEvent } from '../../../../machines/identityVerification.machine';

/** Where the view shows the camera: the page registers its <video> element here. */
export interface CameraScreen {
  video: HTMLVideoElement | null;
  listeners: Set<() => void>;
}

export function createCameraScreen(): CameraScreen {
  return { video: null, listeners: new Set() };
}

export function attachVideo(screen: CameraScreen, video: HTMLVideoElement | null): void {
  screen.video = video;
  screen.listeners.forEach((notify) => notify());
}

const JPEG_QUALITY = 0.9;

function grabFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

export function cameraActor(
  screen: CameraScreen,
  media: () => MediaDevices | undefined = () => navigator.mediaDevices,
) {
  return fromCallback<IdentityVerificationEvent, void>(({ sendBack, receive }) => {
    let stream: MediaStream | null = null;
    let stopped = false;
    const show = () => {
      if (screen.video && stream && screen.video.srcObject !== stream) {
        screen.video.srcObject = stream;
        void screen.video.play?.()?.catch(() => undefined);
      }
    };
    screen.listeners.add(show);

    const devices = media();
    if (!devices?.getUserMedia) {
      sendBack({ type: 'camera.unavailable' });
    } else {
      devices.getUserMedia({ video: { facingMode: 'user' }, audio: false }).then(
        (granted) => {
          if (stopped) return granted.getTracks().forEach((track) => track.stop());
          stream = granted;
          show();
          sendBack({ type: 'camera.ready' });
        },
        () => sendBack({ type: 'camera.unavailable' }),
      );
    }

    receive((event) => {
      if ((event as { type: string }).type !== 'camera.takePhoto') return;
      const video = screen.video;
      void (video ? grabFrame(video) : Promise.resolve(null)).then((blob) =>
        blob
          ? sendBack({
              type: 'camera.captured',
              image: { blob, type: blob.type || 'image/jpeg', size: blob.size },
            })
          : sendBack({ type: 'camera.unavailable' }),
      );
    });

    return () => {
      stopped = true;
      screen.listeners.delete(show);
      stream?.getTracks().forEach((track) => track.stop());
      if (screen.video) screen.video.srcObject = null;
    };
  });
}
