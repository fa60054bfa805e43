// Which generated paths of machines/identityVerification (the phone pages) the real page can follow,
// and the transitions it never can: the rules of tests/browser/modelBased/identityVerification.test.ts,
// apart from the browser so that they can be planned and read on their own.
import type { EventObject } from 'xstate';
import { CAPTURE_TYPES } from '../../../../machines/identityVerification.machine';
import { Limits } from '../../../../src/contract/limits';
import type { PlannedPath } from '../../../../src/tools/machineGraph/pathPlan';
import type { ExcludedTransition } from './everyTransition';
import { activeStatePaths, inFlightRule, isDone, isError, outputOf } from './uiModel';

/** The hint the page's light guide gives the bright picture of the fake camera (faceGuide.ts). */
export const LIGHT_GUIDE_HINT = 'holdStill';

/** The registry's camera hint, as the guide on this page says it (the other hints need the face engine). */
export function asThePageGivesIt(event: EventObject): EventObject {
  return event.type === 'camera.guidance' ? ({ ...event, hint: LIGHT_GUIDE_HINT } as EventObject) : event;
}

/** States waiting for the server: nothing but its answer comes next. */
export const BUSY = ['opening', 'flow.recordingConsent', 'flow.cancelling', 'flow.uploading'];

const ANSWER = /^xstate\.(done|error)\.actor\./;
const stateOf = (event: EventObject) =>
  (outputOf(event) as { kind?: string; data?: { state?: string } } | undefined)?.data?.state;
const codeOf = (event: EventObject) => (outputOf(event) as { code?: string } | undefined)?.code;

const UNPLUGGED =
  'camera.unavailable during the head turn means the camera stopped giving pictures after it had started (another app took it, the device went away): nothing on the page does that, and Chromium’s fake camera cannot be taken away from a running page';
const CAMERA_FRAMES =
  'the camera actor encodes every frame itself as JPEG (canvas.toBlob, quality 0.85) scaled to at most 960 px wide, far below Limits.face.frameMaxBytes: a camera frame of another type or over 2 MB never comes from it';

/**
 * The machine's transitions the page cannot be made to take by a person, each with the test that
 * checks its behaviour instead (describeEveryTransition asserts that these, and only these, are left).
 */
export const EXCLUDED: Record<string, ExcludedTransition> = {
  'identityVerification.flow.capture.capturingFrames camera.captured #0': {
    reason: CAMERA_FRAMES,
    coveredBy: {
      file: 'tests/machines/identityVerificationCamera.test.ts',
      test: 'refuses camera frames of another type without uploading, back to the guidance',
    },
  },
  'identityVerification.flow.capture.capturingFrames camera.captured #1': {
    reason: CAMERA_FRAMES,
    coveredBy: {
      file: 'tests/machines/identityVerification.test.ts',
      test: 'refuses a camera frame above the per-frame size without uploading',
    },
  },
  'identityVerification.flow.capture.capturingFrames camera.unavailable #0': {
    reason: UNPLUGGED,
    coveredBy: {
      file: 'tests/machines/identityVerificationCamera.test.ts',
      test: 'a camera that stops during the head turn leaves the file input, saying the camera is not available',
    },
  },
};

/** The frames of a camera.captured the real camera actor can send (JPEG within the frame limit). */
function cameraCouldSend(event: EventObject): boolean {
  const frames = (event as { frames?: Array<{ type: string; size: number }> }).frames ?? [];
  return frames.every(
    (f) => f.type === 'image/jpeg' && CAPTURE_TYPES.includes(f.type) && f.size <= Limits.face.frameMaxBytes,
  );
}

/** Why the page cannot follow `path`, or null. */
export function undrivable(path: PlannedPath): string | null {
  const inFlight = inFlightRule(path, BUSY);
  if (inFlight) return inFlight;
  let camera: boolean | null = null;
  let hint: string | null = null;
  let failures = 0;
  let source: 'camera' | 'file' | null = null;
  /** Another tab holds the session (verifying or decided): the path ends with what it refused. */
  let elsewhere: string | null = null;
  for (const [i, event] of path.events.entries()) {
    const before = activeStatePaths(path.expectedValues[i]!);
    const after = activeStatePaths(path.expectedValues[i + 1]!);
    if (elsewhere && ANSWER.test(event.type)) return elsewhere;
    if (before.includes('flow.capture.startingCamera') && !event.type.startsWith('camera.'))
      return 'the camera answers within moments of the capture view opening: nothing comes before it';
    if (!before.includes('flow.capture') && after.includes('flow.capture')) hint = null;
    if (after.includes('flow.capture.capturingFrames')) hint = 'challengeStart';
    switch (event.type) {
      case 'camera.ready':
      case 'camera.unavailable': {
        if (!before.includes('flow.capture.startingCamera')) return UNPLUGGED;
        const granted = event.type === 'camera.ready';
        if (camera !== null && camera !== granted)
          return 'a visit’s phone has a camera it may use, or not, throughout';
        camera = granted;
        break;
      }
      case 'camera.guidance':
        if (!before.includes('flow.capture.guiding'))
          return 'the guidance looks only while the preview runs and no head turn is under way';
        if ((event as { hint?: string }).hint === hint) return 'the camera says a hint only when it changes';
        hint = (event as { hint?: string }).hint ?? null;
        break;
      case 'camera.captured':
        if (!cameraCouldSend(event)) return CAMERA_FRAMES;
        source = 'camera';
        break;
      case 'user.chooseFile':
        source = 'file';
        break;
    }
    if (isDone(event, 'openSession')) {
      const state = stateOf(event);
      if (state === 'failed') failures = 1;
      if (state === 'verifying')
        elsewhere = 'opened while another capture is being checked: the path ends at the page it opens';
    }
    if (isDone(event, 'recordConsent') && codeOf(event) === 'transitionNotAllowed')
      elsewhere = 'consent refused because another tab’s capture is being checked: the path ends there';
    if (isDone(event, 'cancelVerification') && codeOf(event) === 'transitionNotAllowed')
      elsewhere = 'cancel refused because another tab’s capture was decided: the path ends there';
    if (isDone(event, 'uploadCapture')) {
      const state = stateOf(event);
      if (state === 'verified' && source === 'file')
        return 'a chosen photo is never verified without a reviewer: the server refers it (file fallback)';
      if (codeOf(event) === 'fileTooLarge')
        return 'the server refuses as too large only what the page already refused before the upload';
      if (state === 'failed' && ++failures >= Limits.face.attemptsPerScan)
        return `the ${Limits.face.attemptsPerScan}th failed check of a scan is final, not "try again"`;
    }
    if (isError(event, 'uploadCapture') || isDone(event, 'uploadCapture')) source = null;
  }
  return null;
}
