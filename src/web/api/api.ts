// The app's API client, wired to the session store, the language, the notifier, the session
// machine (through the gate) and error reporting.
import { getLocale } from '../i18n/localeStore';
import { readSession } from '../session/sessionStore';
import { toasts } from '../shell/toast/toastStore';
import { reportApiFailure } from './apiFailure';
import { createApiClient } from './client';
import { requestRegistry } from './requestRegistry';
import { sessionGate } from './sessionGate';

export const api = createApiClient({
  baseURL: '',
  getToken: () => readSession()?.token ?? null,
  getLocale,
  toast: (message) => toasts.show(message),
  gate: sessionGate,
  registry: requestRegistry,
  report: reportApiFailure,
});
