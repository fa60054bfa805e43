// The life of the stub API for a file of accounts-page tests: started once and every relative fetch
// routed to it, answers cleared and English chosen before each test, and the page, the session and
// the tab's storage gone after each one.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { clearSession } from '../../../src/web/session/sessionStore';
import { routeFetchTo } from './renderApp';
import { startStubApi, type StubApi } from './support';

/** The stub API as the file's tests use it; read before `beforeAll` has started it, it throws. */
export function stubApiForPages(): StubApi {
  let server: StubApi | undefined;
  let restoreFetch = () => {};
  beforeAll(async () => {
    server = await startStubApi();
    restoreFetch = routeFetchTo(server);
  });
  afterAll(async () => {
    restoreFetch();
    await server?.close();
  });
  beforeEach(() => {
    server!.reset();
    chooseLocale('en-us');
  });
  afterEach(() => {
    cleanup();
    clearSession();
    sessionStorage.clear();
  });
  return new Proxy({} as StubApi, {
    get(_, key) {
      if (!server) throw new Error('The stub API starts in beforeAll: use it inside a test or a hook.');
      const value: unknown = Reflect.get(server, key);
      return typeof value === 'function' ? value.bind(server) : value;
    },
  });
}
