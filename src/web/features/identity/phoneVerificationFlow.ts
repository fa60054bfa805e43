// The one place the phone verification's effects are wired in (docs/style.md), and the one running flow
// per scanned link: the four pages of /identityVerification are separate routes, so the actor lives
// here, outside any page, and survives moving between them. The chart moves the URL ('show page').
import { fromPromise, createActor, type ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import {
  identityVerificationMachine,
  type CapturedImage,
  type CaptureSource,
  type PhonePage,
} from '../../../../machines/identityVerification.machine';
import { VERIFICATION_LINK_PARAM, VERIFICATION_PHONE_PAGE } from '../../../contract/api/verification';
import { api } from '../../api/api';
import { getLocale } from '../../i18n/localeStore';
import { cameraActor, createCameraScreen, type CameraScreen } from './cameraActor';
import { createPhoneVerificationApi, type PhoneVerificationApi } from './phoneVerificationApi';

export type PhoneVerificationActorRef = ActorRefFrom<typeof identityVerificationMachine>;

export interface PhoneFlowDeps {
  api: PhoneVerificationApi;
  screen: CameraScreen;
  media?: () => MediaDevices | undefined;
  showPage(page: PhonePage, token: string | null): void;
}

export function pagePath(page: PhonePage, token: string | null): string {
  const query = token ? `?${VERIFICATION_LINK_PARAM}=${encodeURIComponent(token)}` : '';
  return `${VERIFICATION_PHONE_PAGE}/${page}${query}`;
}

export function providePhoneVerification(deps: PhoneFlowDeps, token: string | null) {
  return identityVerificationMachine.provide({
    actors: {
      // The link's token stays in the URL this flow was started for (no token in a context).
      'open session': fromPromise(() => deps.api.openSession({ token: token ?? '' })),
      'record consent': fromPromise(({ input }: { input: { phoneKey: string } }) =>
        deps.api.recordConsent(input),
      ),
      'upload capture': fromPromise(
        ({ input }: { input: { phoneKey: string; source: CaptureSource; frames: CapturedImage[] } }) =>
          deps.api.uploadCapture(input),
      ),
      'cancel verification': fromPromise(({ input }: { input: { phoneKey: string } }) =>
        deps.api.cancel(input),
      ),
      camera: cameraActor(deps.screen, { media: deps.media }),
    },
    actions: { 'show page': (_, params: { page: PhonePage }) => deps.showPage(params.page, token) },
  });
}

export function appPhoneFlowDeps(): PhoneFlowDeps {
  return {
    api: createPhoneVerificationApi({ api, baseURL: '', getLocale, storage: sessionStorage }),
    screen: createCameraScreen(),
    showPage: (page, token) => {
      const target = pagePath(page, token);
      if (`${location.pathname}${location.search}` !== target) navigate(target, { replace: true });
    },
  };
}

interface RunningFlow {
  token: string | null;
  actor: PhoneVerificationActorRef;
  screen: CameraScreen;
}

let running: RunningFlow | null = null;

/** The flow of this link: started on first use, the same one on every page of the link. */
export function phoneFlowFor(
  token: string | null,
  deps: () => PhoneFlowDeps = appPhoneFlowDeps,
): RunningFlow {
  if (running && running.token === token) return running;
  running?.actor.stop();
  const wired = deps();
  const actor = createActor(providePhoneVerification(wired, token), { input: { hasToken: token !== null } });
  running = { token, actor, screen: wired.screen };
  actor.start();
  return running;
}

/** Ends the running flow (tests; a new link). */
export function stopPhoneFlow(): void {
  running?.actor.stop();
  running = null;
}
