// The phone's camera path in a real Chromium against the real face engine (issue 16 §7), with the
// fake camera of support/fakeCamera.ts and one portal with FACE_PROVIDER 'human'. The authorizer's
// ID front is the fixture's ID photo. The same person turning the head is verified (phone and
// desktop); without permission or without a camera the file input is offered and a picked photo is
// referred. The frames go out as JPEG: the regression test of the JPEG capture crash (f344380); the
// portal answers between steps. Refusals (another person, no face): faceVerificationRefusals.test.ts.
import { describe, expect, test } from 'vitest';
import { exactly, openQrDialog, openWizard, qrLink, UI_TIMEOUT } from './support/certificationDriver';
import {
  CAMERA_TEST_TIMEOUT,
  captureWithCamera,
  t,
  useFakeCameraSuite,
  watchCaptures,
} from './support/fakeCamera';
import { consentOnPhone, openLinkOnPhone, phoneShows } from './support/phoneDriver';

const camera = useFakeCameraSuite();
const { suite } = camera;

describe('face verification with a camera (fake device, real engine)', () => {
  test(
    'the same person turning the head: verified on the phone and on the desktop; the frames are JPEG',
    async ({ annotate }) => {
      const user = await camera.applicant();
      const browser = await camera.cameraBrowser(
        await camera.cameraFile('same', camera.turnThereAndBack(camera.faces().sameFrames)),
      );
      const desktop = await suite.context({ locale: 'en-us', seeded: user });
      const page = await suite.page(desktop);
      expect(await openWizard(page, suite.portal().url)).toBe('uploadAuthorizerInfo');
      await openQrDialog(page);
      const phone = await openLinkOnPhone(await camera.phoneOn(browser, true), await qrLink(page));
      const captures = watchCaptures(phone);
      await consentOnPhone(phone);
      await camera.portalAnswers();
      await annotate(`the server answered the capture in ${await captureWithCamera(phone)} ms`);
      await phoneShows(phone, 'verified');
      expect(captures.length).toBe(1);
      expect(captures[0]!.length).toBeGreaterThanOrEqual(3);
      expect(new Set(captures[0])).toEqual(new Set(['image/jpeg']));
      await page.getByText(exactly(t('Face verification passed'))).waitFor({ timeout: UI_TIMEOUT });
      await camera.portalAnswers();
    },
    CAMERA_TEST_TIMEOUT,
  );

  test.each([
    ['camera permission denied', true],
    ['no camera at all', false],
  ])('%s: the file input is offered and a picked photo is referred', async (_name, fakeCamera) => {
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
  });
});
