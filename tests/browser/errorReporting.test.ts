// Error reporting end to end (spec §7, §9): a web build with VITE_SENTRY_DSN pointing at a local
// stand-in for Sentry's ingest, served by the portal (whose CSP then allows that origin). API
// failures arrive labelled, without cookie / sid / userid headers or parameter values; a 403
// never arrives.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { ErrorReporting } from '../../src/contract/limits';
import { BUSINESS_STATUS_PATH } from '../../src/web/shell/businessInfoCheck';
import { MASK } from '../../src/web/shell/sentryScrub';
import { API_CLIENT_GLOBAL, exposeApiClient } from './support/appHandles';
import { text } from './support/catalog';
import { startSentryIngest, type EnvelopeItem, type SentryIngest } from './support/sentryIngest';
import { useBrowserSuite } from './support/suite';
import { buildWebWith, type WebBuild } from './support/webBuild';

let ingest: SentryIngest | undefined;
let web: WebBuild | undefined;

const suite = useBrowserSuite(async () => {
  ingest = await startSentryIngest();
  web = await buildWebWith({ VITE_SENTRY_DSN: ingest.dsn });
  return { webDir: web.outDir, config: { sentryDsn: ingest.dsn } };
});

afterAll(async () => {
  await ingest?.close();
  web?.remove();
});

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the Sentry stand-in did not start');
  return value;
}

/** Values that must never reach the error service, whatever part of a report they could land in. */
const SECRETS = {
  registerLink: 'LINKSECRET4711',
  queryValue: 'QUERYSECRET0815',
  bodyValue: 'BODYSECRET1234',
  sid: 'SIDSECRET9876',
  userid: 'USERIDSECRET5555',
  cookie: 'COOKIESECRET2468',
};

interface SentryEvent {
  message?: string | { formatted?: string; message?: string };
  release?: string;
  tags?: Record<string, string>;
  contexts?: { api?: { url?: string; status?: number; params?: unknown; body?: unknown } };
  request?: { url?: string; headers?: Record<string, string> };
  breadcrumbs?: unknown;
}

const isEvent = (item: EnvelopeItem) => item.header.type === 'event';
const eventOf = (item: EnvelopeItem) => item.payload as SentryEvent;
const apiUrlOf = (item: EnvelopeItem) => (isEvent(item) ? (eventOf(item).contexts?.api?.url ?? '') : '');

async function signedInGateway(path = '/gateway'): Promise<Page> {
  const { page } = await suite.signedInPage();
  await page.goto(`${suite.portal().url}${path}`);
  await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Home') }).waitFor();
  return page;
}

/** Calls the app's own API client in the page (GET with params, or POST with a JSON body). */
function callApi(
  page: Page,
  call: {
    method: 'get' | 'post';
    path: string;
    params?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
  },
) {
  return page.evaluate(
    async ({ name, call }) => {
      const api = (
        window as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>
      )[name]!;
      const options = { headers: call.headers };
      const result =
        call.method === 'get'
          ? api.get!(call.path, call.params, options)
          : api.post!(call.path, call.body, options);
      return result.then(
        (resolved) => ({ resolved }),
        (error: Error) => ({ rejected: error.message }),
      );
    },
    { name: API_CLIENT_GLOBAL, call },
  );
}

describe('error reporting to a Sentry stand-in', () => {
  test('the CSP lets the page send to the DSN origin (and the server was told the DSN)', async () => {
    const response = await fetch(`${suite.portal().url}/gateway`);
    expect(response.headers.get('content-security-policy')).toMatch(
      new RegExp(`connect-src [^;]*${need(ingest).origin.replace(/[.:/]/g, '\\$&')}`),
    );
  });

  test('a 500 on the businessInfo check arrives as "50X server error", its body value masked', async () => {
    const sentry = need(ingest);
    const { page } = await suite.signedInPage();
    await page.route(`**/plat${BUSINESS_STATUS_PATH}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":100500,"msg":"boom","data":null}',
      }),
    );
    const arrived = sentry.waitForItem((item) => apiUrlOf(item).endsWith(BUSINESS_STATUS_PATH));
    await page.goto(`${suite.portal().url}/gateway?businessInfo=${SECRETS.registerLink}`);
    const event = eventOf(await arrived);

    expect(event.message).toBe('50X server error');
    expect(event.tags).toMatchObject({ label: '50X server error', status: '500', method: 'POST' });
    expect(event.release).toBe(ErrorReporting.release);
    expect(event.contexts?.api).toMatchObject({ status: 500, body: { registerLink: MASK } });
    // The page URL carried the link too: it is masked wherever the event names it.
    expect(event.request?.url).toBe(`${suite.portal().url}/gateway?businessInfo=${MASK}`);
    expectNoSecretLeft(sentry);
  });

  test('a failing GET with parameters, sid / userid headers and a cookie arrives without any of their values', async () => {
    const sentry = need(ingest);
    const { page } = await suite.signedInPage();
    await page.context().addCookies([{ name: 'sid', value: SECRETS.cookie, url: suite.portal().url }]);
    await page.goto(`${suite.portal().url}/gateway`);
    await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Home') }).waitFor();
    await exposeApiClient(page);
    await page.route('**/plat/browser-test/failing-get**', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'bad gateway' }),
    );
    const arrived = sentry.waitForItem((item) => apiUrlOf(item).includes('/browser-test/failing-get'));
    const result = await callApi(page, {
      method: 'get',
      path: '/browser-test/failing-get',
      params: { cardNo: SECRETS.queryValue },
      headers: { sid: SECRETS.sid, userid: SECRETS.userid },
    });
    expect(result).toEqual({ resolved: false });
    const event = eventOf(await arrived);

    expect(event.message).toBe('50X server error');
    expect(event.tags).toMatchObject({ label: '50X server error', status: '502', method: 'GET' });
    expect(event.contexts?.api?.params).toEqual({ cardNo: MASK });
    const headerNames = Object.keys(event.request?.headers ?? {}).map((h) => h.toLowerCase());
    for (const stripped of ['cookie', 'sid', 'userid']) expect(headerNames).not.toContain(stripped);
    expectNoSecretLeft(sentry);
  });

  test('a 404 arrives as "40X server error" and a network failure as "call exception"', async () => {
    const sentry = need(ingest);
    const page = await signedInGateway();
    await exposeApiClient(page);
    await page.route('**/plat/browser-test/missing', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"code":100404,"msg":"nope","data":null}',
      }),
    );
    await page.route('**/plat/browser-test/unreachable', (route) => route.abort('connectionrefused'));

    const notFound = sentry.waitForItem((item) => apiUrlOf(item).endsWith('/browser-test/missing'));
    await callApi(page, { method: 'post', path: '/browser-test/missing', body: { note: SECRETS.bodyValue } });
    const notFoundEvent = eventOf(await notFound);
    expect(notFoundEvent.message).toBe('40X server error');
    expect(notFoundEvent.tags).toMatchObject({ label: '40X server error', status: '404' });
    expect(notFoundEvent.contexts?.api?.body).toEqual({ note: MASK });

    const unreachable = sentry.waitForItem((item) => apiUrlOf(item).endsWith('/browser-test/unreachable'));
    await callApi(page, { method: 'get', path: '/browser-test/unreachable' });
    const unreachableEvent = eventOf(await unreachable);
    expect(unreachableEvent.message).toBe('call exception');
    expect(unreachableEvent.tags).toMatchObject({ label: 'call exception' });
    expectNoSecretLeft(sentry);
  });

  test('a 403 never arrives (a 500 sent after it does)', async () => {
    const sentry = need(ingest);
    const page = await signedInGateway();
    await exposeApiClient(page);
    await page.route('**/plat/browser-test/forbidden', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: '{"code":100403,"msg":"forbidden","data":null}',
      }),
    );
    await page.route('**/plat/browser-test/forbidden-plain', (route) =>
      route.fulfill({ status: 403, contentType: 'text/plain', body: 'forbidden' }),
    );
    await page.route('**/plat/browser-test/after-403', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":100500,"msg":"boom","data":null}',
      }),
    );
    const before = sentry.items().length;

    expect(await callApi(page, { method: 'post', path: '/browser-test/forbidden', body: {} })).toEqual({
      resolved: false,
    });
    expect(await callApi(page, { method: 'get', path: '/browser-test/forbidden-plain' })).toEqual({
      resolved: false,
    });
    // Reports go out in the order they are made: once the later 500 is in, a 403 report would be too.
    const sentinel = sentry.waitForItem((item) => apiUrlOf(item).endsWith('/browser-test/after-403'));
    await callApi(page, { method: 'post', path: '/browser-test/after-403', body: {} });

    // No report of either 403. (Later events may list the 403 fetches among their breadcrumbs,
    // the SDK's trail of what happened before; that is context, not a report of the 403.)
    const reportsOf403 = sentry
      .items()
      .slice(before)
      .filter(isEvent)
      .filter((item) => {
        const event = eventOf(item);
        return (
          apiUrlOf(item).includes('/browser-test/forbidden') ||
          event.tags?.status === '403' ||
          event.contexts?.api?.status === 403
        );
      });
    expect(reportsOf403).toEqual([]);
    expect(eventOf(await sentinel).tags).toMatchObject({ status: '500' });
  });
});

/** Nothing the error service received so far holds any of the values that must stay in the browser. */
function expectNoSecretLeft(sentry: SentryIngest) {
  const leaks = sentry.envelopes.flatMap((envelope, index) =>
    Object.entries(SECRETS)
      .filter(([, secret]) => envelope.searchable.includes(secret))
      .map(
        ([name]) =>
          `envelope ${index} (${envelope.items.map((i) => i.header.type).join(', ')}) contains the ${name}`,
      ),
  );
  expect(leaks).toEqual([]);
}
