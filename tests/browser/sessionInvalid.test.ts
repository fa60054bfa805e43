// Session invalidation in the browser (spec §4, §8): the server answers a request with a
// session-invalid code (the session was revoked on the server), while three other requests are in
// flight. All three are cancelled, the logged-out message shows, and after 100 ms the app logs out
// and lands on /login; a request made inside those 100 ms is refused with the spec's message.
import type { Request, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { Codes } from '../../src/contract/codes';
import { SESSION_STORE_KEY } from '../../src/contract/limits';
import { TOKEN_INVALID_MESSAGE } from '../../src/web/api/client';
import { API_CLIENT_GLOBAL, exposeApiClient } from './support/appHandles';
import { text } from './support/catalog';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** An API the signed-in user may call; revoked, it answers with the session-invalid code. */
const LIST_PATH = '/ums/user/menu/fields/list';

type Outcome = { resolved: unknown } | { rejected: string };

test('a session-invalid answer during three requests cancels all three, logs out after 100 ms, lands on /login', async () => {
  expect(TOKEN_INVALID_MESSAGE).toBe('Token已失效，取消请求');
  const portal = suite.portal();
  const { page, user } = await suite.signedInPage();

  // The three "held" requests stay in flight (never answered) until the app cancels them; every
  // other call goes to the real server.
  const held: Route[] = [];
  await page.route(`**/plat${LIST_PATH}`, async (route) => {
    const body = route.request().postDataJSON() as { menuKey?: string };
    if (body.menuKey?.startsWith('held')) held.push(route);
    else await route.continue();
  });
  const failed: Request[] = [];
  page.on('requestfailed', (request) => failed.push(request));
  const sentAfterInvalidation: string[] = [];

  await page.goto(`${portal.url}/gateway`);
  await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Home') }).waitFor();
  await exposeApiClient(page);

  await page.evaluate(
    ({ name, path }) => {
      const api = (window as unknown as Record<string, { post(p: string, b: unknown): Promise<unknown> }>)[
        name
      ]!;
      (window as unknown as { __held: Promise<Outcome>[] }).__held = [1, 2, 3].map((i) =>
        api.post(path, { menuKey: `held${i}` }).then(
          (resolved) => ({ resolved }),
          (error: Error) => ({ rejected: error.message }),
        ),
      );
    },
    { name: API_CLIENT_GLOBAL, path: LIST_PATH },
  );
  await expect.poll(() => held.length).toBe(3);

  // The session ends on the server (e.g. a sign-in elsewhere): its next answer is session-invalid.
  await portal.app.sessions.revokeAllOfUser(user.signedIn.userId, 'elsewhere');
  page.on('request', (request) => {
    if (request.url().includes('/plat/') && !request.url().endsWith(LIST_PATH))
      sentAfterInvalidation.push(request.url());
  });

  const outcome = await page.evaluate(
    async ({ name, path }) => {
      type Api = {
        post(p: string, b: unknown): Promise<unknown>;
        get(p: string, params?: unknown): Promise<unknown>;
      };
      const api = (window as unknown as Record<string, Api>)[name]!;
      const settle = (p: Promise<unknown>): Promise<Outcome> =>
        p.then(
          (resolved) => ({ resolved }),
          (error: Error) => ({ rejected: error.message }),
        );
      const trigger = await settle(api.post(path, { menuKey: 'trigger' }));
      // Inside the 100 ms: the flag is set, the logout has not happened yet.
      const startedAt = performance.now();
      const pathInsideDelay = location.pathname;
      const storeInsideDelay = sessionStorage.getItem('user') !== null;
      const late = await settle(api.get('/health'));
      const lateAfterMs = performance.now() - startedAt;
      const heldOutcomes = await Promise.all((window as unknown as { __held: Promise<Outcome>[] }).__held);
      return { trigger, pathInsideDelay, storeInsideDelay, late, lateAfterMs, heldOutcomes };
    },
    { name: API_CLIENT_GLOBAL, path: LIST_PATH },
  );

  // The answer itself: the call resolves to false (the session machine took over).
  expect(outcome.trigger).toEqual({ resolved: false });
  // All three in flight were cancelled with the spec's message, and their network requests aborted.
  expect(outcome.heldOutcomes).toEqual([
    { rejected: TOKEN_INVALID_MESSAGE },
    { rejected: TOKEN_INVALID_MESSAGE },
    { rejected: TOKEN_INVALID_MESSAGE },
  ]);
  await expect
    .poll(() => failed.map((r) => (r.postDataJSON() as { menuKey: string }).menuKey).sort())
    .toEqual(['held1', 'held2', 'held3']);
  // A request made within the 100 ms is refused before it reaches the network.
  expect(outcome.lateAfterMs).toBeLessThan(100);
  expect(outcome.late).toEqual({ rejected: TOKEN_INVALID_MESSAGE });
  expect(sentAfterInvalidation).toEqual([]);
  // Logout waits for the delay: right after the answer the user is still on the page, still stored.
  expect(outcome.pathInsideDelay).toBe('/gateway');
  expect(outcome.storeInsideDelay).toBe(true);

  // The logged-out message (revoked because of a sign-in elsewhere: 301017's message).
  await page.getByRole('alert').filter({ hasText: Codes.signedInElsewhere['zh-cn'] }).waitFor();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Log in') }).waitFor();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORE_KEY)).toBeNull();

  // Once logged out the flag is cleared: requests go out again (and the user stays logged out).
  const afterLogout = await page.evaluate(async (name) => {
    const api = (window as unknown as Record<string, { get(p: string): Promise<unknown> }>)[name]!;
    return api.get('/health').then(
      (resolved) => ({ resolved }),
      (error: Error) => ({ rejected: error.message }),
    );
  }, API_CLIENT_GLOBAL);
  expect(afterLogout).toMatchObject({ resolved: { status: 'ok' } });
  await page.reload();
  await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Log in') }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
});
