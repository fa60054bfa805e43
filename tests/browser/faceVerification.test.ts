// The phone's camera path in a real Chromium against the real face engine (issue 16 §7), with the
// fake camera of support/fakeCamera.ts and one portal with FACE_PROVIDER 'human'. The authorizer's
// ID front is the fixture's ID photo. Without permission or without a camera the file input is
// offered and a picked photo is referred; the portal answers between steps. A head verified through
// the camera (doing the server's challenge; its frames go out as JPEG, the regression test of the
// JPEG capture crash f344380): faceVerificationChallenge.test.ts. Refusals (another person, no
// face): faceVerificationRefusals.test.ts. The two cases run concurrently, each with its own
// applicant and browser (camera.forTest).
import { describe, test } from 'vitest';
import { UI_TIMEOUT } from './support/certificationDriver';
import { t, useFakeCameraSuite } from './support/fakeCamera';
import { consentOnPhone, openLinkOnPhone, phoneShows } from './support/phoneDriver';

const shared = useFakeCameraSuite();

describe('face verification with a camera (fake device, real engine)', () => {
  test.concurrent.for([
    ['camera permission denied', true],
    ['no camera at all', false],
  ] as const)(
    '%s: the file input is offered and a picked photo is referred',
    async ([, fakeCamera], test) => {
      const camera = shared.forTest(test);
      const user = await camera.applicant();
      const browser = fakeCamera
        ? await camera.cameraBrowser(await camera.cameraFile('denied', camera.faces().sameFrames))
        : await camera.cameraBrowser();
      // Denied: the fake camera is there but the context never grants it (headless says no).
      const phone = await openLinkOnPhone(await camera.phoneOn(browser, false), await camera.newLink(user));
      await consentOnPhone(phone);
      const input = phone.getByLabel(t('Take or choose a photo'), { exact: true });
      await input.waitFor({ state: 'attached', timeout: UI_TIMEOUT });
      await phone.locator('video').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      await input.setInputFiles(camera.faces().frontal);
      await phoneShows(phone, 'referred');
      await camera.portalAnswers();
    },
  );
});
