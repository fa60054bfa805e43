// The running app's session actor, started from the session store and wired to the API client.
import { AccountPaths } from '../../contract/api/accountPaths';
import { api } from '../api/api';
import { installSessionGate } from '../api/sessionGate';
import { requestRegistry } from '../api/requestRegistry';
import { getLocale } from '../i18n/localeStore';
import { toasts } from '../shell/toast/toastStore';
import { forgetUser } from './forgetUser';
import { createSessionActor, goToLogin, sessionGateFor } from './sessionActor';
import { clearSession, isSignedIn, writeSession, type SessionUser } from './sessionStore';

/** The session store goes, and with it everything kept for this user (forgetUser.ts). */
function clearSessionAndUserData(): void {
  clearSession();
  forgetUser();
}

export const sessionActor = createSessionActor(
  {
    toast: (m) => toasts.show(m),
    registry: requestRegistry,
    clearSession: clearSessionAndUserData,
    goToLogin,
    getLocale,
  },
  isSignedIn(),
);
installSessionGate(sessionGateFor(sessionActor));
sessionActor.start();

/** Called by the login flow once the server has answered with a session. */
export function signIn(user: SessionUser): void {
  writeSession({ ...user, isLogin: true });
  sessionActor.send({ type: 'session.signedIn' });
}

/** The user menu's "log out": the server revokes the token first; the browser signs out either way. */
export function signOut(): Promise<void> {
  return Promise.resolve()
    .then(() => api.post(AccountPaths.logout, {}))
    .catch(() => undefined)
    .then(() => {
      sessionActor.send({ type: 'user.logout' });
    });
}
