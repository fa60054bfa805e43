// The one place the desktop QR verification's effects are wired in (docs/style.md): the API calls, the
// live stream and poll, the clipboard. A parent chart (the certification wizard's authorizer step)
// provides its invoked child with `provideQrVerification(appQrVerificationDeps())`; the standalone
// hook useQrVerificationActor does the same.
import { fromPromise } from 'xstate';
import { followSession, qrVerificationMachine } from '../../../../machines/qrVerification.machine';
import { LANGUAGE_HEADER, languageHeaderFor } from '../../../contract/envelope';
import { api } from '../../api/api';
import { getLocale } from '../../i18n/localeStore';
import { readSession } from '../../session/sessionStore';
import { sessionEventStreamActor, type SessionEventStreamDeps } from './sessionEventStream';
import { createVerificationApi, type VerificationApi } from './verificationApi';

export interface QrVerificationDeps {
  api: VerificationApi;
  stream: SessionEventStreamDeps;
  /** Puts the link on the clipboard and tells the user (a toast). */
  copyLink(link: string): void;
}

export function provideQrVerification(deps: QrVerificationDeps) {
  return qrVerificationMachine.provide({
    actors: {
      'create session': fromPromise(({ input }: { input: { subjectName: string } }) =>
        deps.api.createSession(input),
      ),
      'regenerate session': fromPromise(({ input }: { input: { sessionId: string } }) =>
        deps.api.regenerate(input),
      ),
      'close session': fromPromise(({ input }: { input: { sessionId: string } }) => deps.api.close(input)),
      'follow session': followSession.provide({
        actors: {
          'subscribe to session events': sessionEventStreamActor(deps.stream),
          'fetch session': fromPromise(({ input }: { input: { sessionId: string } }) =>
            deps.api.fetchSession(input),
          ),
        },
      }),
    },
    actions: { 'copy link': (_, params: { link: string }) => deps.copyLink(params.link) },
  });
}

/** The app's wiring: same-origin API, the signed-in user's token and the active language. */
export function appQrVerificationDeps(copyLink: (link: string) => void): QrVerificationDeps {
  return {
    api: createVerificationApi(api),
    stream: {
      baseURL: '',
      headers: () => {
        const token = readSession()?.token;
        return {
          [LANGUAGE_HEADER]: languageHeaderFor(getLocale()),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        };
      },
    },
    copyLink,
  };
}
