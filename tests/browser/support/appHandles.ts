// Ways into the running portal that a user does not have but a test needs: a signed-in session
// before the app loads, a record of the router's navigations, and the app's own API client.
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_STORE_KEY } from '../../../src/contract/limits';
import type { SessionUser } from '../../../src/web/session/sessionStore';

/**
 * Puts `user` into sessionStorage `user` before the app's first script runs, as the login flow
 * would have left it. Only once per tab: after the app logs out, a reload stays logged out.
 */
export async function signInBeforeLoad(context: BrowserContext, user: SessionUser): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      const marker = '__test_session_seeded';
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
      sessionStorage.setItem(key, value);
    },
    { key: SESSION_STORE_KEY, value: JSON.stringify(user) },
  );
}

/**
 * Records every client-side navigation (pushState / replaceState) in `window.__navigations`, so a
 * test can tell "/identityVerification → / → /gateway" from a direct jump.
 */
export async function recordNavigations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __navigations: string[] };
    w.__navigations = [location.pathname];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url !== undefined && url !== null)
          w.__navigations.push(new URL(String(url), location.href).pathname);
        original(data, unused, url);
      };
    }
  });
}

/** The paths the tab went through, repeats in a row collapsed (StrictMode may navigate twice). */
export async function navigations(page: Page): Promise<string[]> {
  const all = await page.evaluate(() => (window as unknown as { __navigations: string[] }).__navigations);
  return all.filter((p, i) => p !== all[i - 1]);
}

/** The call styles of src/web/api/client.ts: how the client object is recognised in the heap. */
const CLIENT_METHODS = ['get', 'post', 'postForm', 'postBinary', 'putForm', 'delete'];
export const API_CLIENT_GLOBAL = '__portalApi';

/**
 * Makes the app's one API client (src/web/api/api.ts) reachable as `window.__portalApi`, without a
 * test-only build: DevTools lists the page's plain objects and the client is the one object with
 * exactly the six call styles. Calls through it go through the app's real session gate, request
 * registry, toasts and error reporting.
 */
export async function exposeApiClient(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const proto = await cdp.send('Runtime.evaluate', { expression: 'Object.prototype' });
    if (!proto.result.objectId) throw new Error('no handle on Object.prototype');
    const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId });
    if (!objects.objectId) throw new Error('Runtime.queryObjects returned no array');
    const found = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      functionDeclaration: `function (methods, name) {
        const hits = this.filter((o) => {
          const keys = Object.keys(o);
          return keys.length === methods.length && methods.every((m) => typeof o[m] === 'function');
        });
        if (hits.length === 1) window[name] = hits[0];
        return hits.length;
      }`,
      arguments: [{ value: CLIENT_METHODS }, { value: API_CLIENT_GLOBAL }],
      returnByValue: true,
    });
    const count = found.result.value as number;
    if (count !== 1) throw new Error(`expected one API client object in the page, found ${count}`);
    await cdp.send('Runtime.releaseObject', { objectId: objects.objectId });
  } finally {
    await cdp.detach();
  }
}
