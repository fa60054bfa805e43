// The app's one session actor: the pure session machine with the browser's effects provided.
// Installs itself as the API client's session gate, so a session-invalid answer reaches it.
import { createActor, type SimulatedClock } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { sessionMachine } from '../../../machines/session.machine';
import { Codes, messageFor, messageForCode } from '../../contract/codes';
import type { Locale } from '../../contract/envelope';
import { TOKEN_INVALID_MESSAGE } from '../api/client';
import type { RequestRegistry } from '../api/requestRegistry';
import type { SessionGate } from '../api/sessionGate';

export interface SessionEffects {
  toast(message: string): void;
  registry: RequestRegistry;
  clearSession(): void;
  goToLogin(): void;
  getLocale(): Locale;
}

/** Spec §4/§8: 311035 says permissions changed; the other session codes say "log in again". */
export function loggedOutMessage(code: number, locale: Locale): string {
  if (code === Codes.permissionsChanged.code) return messageFor('permissionsChanged', locale);
  return messageForCode(code, locale) ?? messageFor('loginInvalid', locale);
}

export function createSessionActor(effects: SessionEffects, signedIn: boolean, clock?: SimulatedClock) {
  const machine = sessionMachine.provide({
    actions: {
      'show logged-out message': (_, params) =>
        effects.toast(loggedOutMessage(params.code, effects.getLocale())),
      'cancel in-flight requests': () => effects.registry.cancelAll(TOKEN_INVALID_MESSAGE),
      'log out': () => {
        effects.clearSession();
        effects.goToLogin();
      },
    },
  });
  return createActor(machine, { input: { signedIn }, ...(clock ? { clock } : {}) });
}

export type SessionActor = ReturnType<typeof createSessionActor>;

export function sessionGateFor(actor: SessionActor): SessionGate {
  return {
    isRejectingRequests: () => actor.getSnapshot().hasTag('rejectingRequests'),
    reportSessionInvalid: (code) => actor.send({ type: 'server.sessionInvalid', code }),
  };
}

export const goToLogin = () => navigate('/login', { replace: true });
