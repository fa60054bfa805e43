// The camera path's refusals (issue 16 §7), with the fake camera of support/fakeCamera.ts and the
// real engine: another person than the ID photo turning the head fails with the reason shown on the
// phone, a picture without a face says "no face found", and the portal answers before, between and
// after the checks. Kept apart from faceVerification.test.ts so that no file runs long. The two
// cases run concurrently, each with its own applicant and camera browser (camera.forTest), hence
// the test's own `expect` (neither video is timed: the capture is pressed once the guide has looked).
import { describe, test } from 'vitest';
import {
  CAMERA_TEST_TIMEOUT,
  captureWithCamera,
  t,
  useFakeCameraSuite,
  watchCaptures,
} from './support/fakeCamera';
import { consentOnPhone, openLinkOnPhone, phoneShows } from './support/phoneDriver';

const shared = useFakeCameraSuite();

describe('face verification with a camera: refusals (fake device, real engine)', () => {
  test.concurrent(
    'another person turning the head: failed, with the reason shown on the phone',
    async (test) => {
      const { annotate, expect } = test;
      const camera = shared.forTest(test);
      const user = await camera.applicant();
      const browser = await camera.cameraBrowser(
        await camera.cameraFile('other', camera.turnThereAndBack(camera.faces().otherPersonFrames)),
      );
      const phone = await openLinkOnPhone(await camera.phoneOn(browser, true), await camera.newLink(user));
      const captures = watchCaptures(phone);
      await consentOnPhone(phone);
      await camera.portalAnswers();
      await annotate(`the server answered the capture in ${await captureWithCamera(phone)} ms`);
      const panel = await phoneShows(phone, 'failed');
      await expect
        .poll(() => panel.textContent())
        .toContain(t('The face does not match the photo in the identity document.'));
      expect(captures.length).toBe(1);
      expect(new Set(captures.flat())).toEqual(new Set(['image/jpeg']));
      await camera.portalAnswers();
    },
    CAMERA_TEST_TIMEOUT,
  );

  test.concurrent(
    'no face in the picture: the result says "no face found"',
    async (test) => {
      const { annotate, expect } = test;
      const camera = shared.forTest(test);
      const user = await camera.applicant();
      const browser = await camera.cameraBrowser(await camera.cameraFile('none', [camera.faces().noFace]));
      const phone = await openLinkOnPhone(await camera.phoneOn(browser, true), await camera.newLink(user));
      await consentOnPhone(phone);
      await annotate(`the server answered the capture in ${await captureWithCamera(phone)} ms`);
      const panel = await phoneShows(phone, 'failed');
      await expect.poll(() => panel.textContent()).toContain(t('No face found. Look into the camera.'));
      await camera.portalAnswers();
    },
    CAMERA_TEST_TIMEOUT,
  );
});
