// The API client (spec §7, §8) against a real local HTTP server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { Codes } from '../../src/contract/codes';
import type { Locale } from '../../src/contract/envelope';
import { Limits } from '../../src/contract/limits';
import type { ApiFailure } from '../../src/web/api/apiFailure';
import { createApiClient, TOKEN_INVALID_MESSAGE, withPrefix } from '../../src/web/api/client';
import { createRequestRegistry, RequestCancelledError } from '../../src/web/api/requestRegistry';
import type { SessionGate } from '../../src/web/api/sessionGate';
import { TransportFailureError } from '../../src/web/api/transportFailure';
import { createSessionActor, sessionGateFor } from '../../src/web/session/sessionActor';
import { envelope, hang, startStubApi, type Answer } from './support/stubApiServer';

const DEFAULT_MSG_ZH = 'Error 网络异常，请稍后重试';

let server: Awaited<ReturnType<typeof startStubApi>>;
beforeAll(async () => {
  server = await startStubApi();
});
afterAll(() => server.close());

function setup(
  overrides: {
    token?: string | null;
    locale?: Locale;
    gate?: SessionGate;
    timeoutMs?: number;
    writeRetryDelaysMs?: readonly number[];
  } = {},
) {
  const toasts: string[] = [];
  const reports: ApiFailure[] = [];
  const sessionCodes: number[] = [];
  const registry = createRequestRegistry();
  const client = createApiClient({
    baseURL: server.origin,
    getToken: () => (overrides.token === undefined ? 'tok-123' : overrides.token),
    getLocale: () => overrides.locale ?? 'zh-cn',
    toast: (m) => toasts.push(m),
    gate: overrides.gate ?? {
      isRejectingRequests: () => false,
      reportSessionInvalid: (c) => sessionCodes.push(c),
    },
    registry,
    report: (f) => reports.push(f),
    ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
    ...(overrides.writeRetryDelaysMs ? { writeRetryDelaysMs: overrides.writeRetryDelaysMs } : {}),
  });
  return { client, toasts, reports, sessionCodes, registry };
}

const last = () => server.requests[server.requests.length - 1]!;

beforeEach(() => server.reset());

describe('headers and prefix', () => {
  it('sends Authorization: Bearer <token> and language 0 for Chinese', async () => {
    const { client } = setup();
    await client.get('/ums/user/info');
    expect(last().headers.authorization).toBe('Bearer tok-123');
    expect(last().headers.language).toBe('0');
  });

  it('sends language 1 for English and no Authorization without a token', async () => {
    const { client } = setup({ token: null, locale: 'en-us' });
    await client.get('/ums/user/info');
    expect(last().headers.language).toBe('1');
    expect(last().headers.authorization).toBeUndefined();
  });

  it('adds /plat by default, another prefix when given, none for NONE', async () => {
    const { client } = setup();
    await client.get('/ums/a');
    expect(last().url).toBe('/plat/ums/a');
    await client.get('/ums/b', undefined, { prefix: '/card-api' });
    expect(last().url).toBe('/card-api/ums/b');
    await client.get('/health', undefined, { prefix: 'NONE' });
    expect(last().url).toBe('/health');
    expect(withPrefix('ums/c', undefined)).toBe('/plat/ums/c');
  });

  it('uses the 90 000 ms timeout of limits.ts by default', () => {
    expect(Limits.request.timeoutMs).toBe(90_000);
  });
});

describe('the six call styles', () => {
  it('GET with query params (undefined ones left out)', async () => {
    const { client } = setup();
    const data = await client.get<{ path: string }>('/q', { page: 2, name: 'a b', skip: undefined });
    expect(last().method).toBe('GET');
    expect(last().url).toBe('/plat/q?page=2&name=a+b');
    expect(data).toEqual({ path: '/plat/q' });
  });

  it('POST with a JSON body', async () => {
    const { client } = setup();
    await client.post('/j', { registerLink: 'abc', n: 1 });
    expect(last().method).toBe('POST');
    expect(last().headers['content-type']).toContain('application/json');
    expect(JSON.parse(last().body)).toEqual({ registerLink: 'abc', n: 1 });
  });

  it('POST form-encoded', async () => {
    const { client } = setup();
    await client.postForm('/f', { email: 'a@b.co', n: 3, gone: undefined });
    expect(last().method).toBe('POST');
    expect(last().headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(last().body).toBe('email=a%40b.co&n=3');
  });

  it('POST returning a binary stream resolves to a Blob with the bytes', async () => {
    server.answer('/plat/doc', (res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]));
    });
    const { client } = setup();
    const blob = await client.postBinary('/doc', { id: 'x' });
    // Node's fetch answers with Node's Blob, not jsdom's: check the shape, not the realm.
    expect((blob as Blob).type).toBe('application/pdf');
    const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
    expect([...bytes]).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    expect(JSON.parse(last().body)).toEqual({ id: 'x' });
  });

  it('a binary call answered with an error envelope toasts and resolves to false', async () => {
    server.answer('/plat/doc', envelope(440001, null, 'no file', 404));
    const { client, toasts } = setup();
    expect(await client.postBinary('/doc')).toBe(false);
    expect(toasts).toEqual(['no file']);
  });

  it('PUT form-encoded', async () => {
    const { client } = setup();
    await client.putForm('/p', { a: 'x&y' });
    expect(last().method).toBe('PUT');
    expect(last().headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(last().body).toBe('a=x%26y');
  });

  it('DELETE with a body', async () => {
    const { client } = setup();
    await client.delete('/d', { ids: ['1', '2'] });
    expect(last().method).toBe('DELETE');
    expect(JSON.parse(last().body)).toEqual({ ids: ['1', '2'] });
  });
});

describe('envelope handling', () => {
  it('code 200 resolves to data, without a toast', async () => {
    server.answer('/plat/ok', envelope(200, { a: 1 }));
    const { client, toasts } = setup();
    expect(await client.get('/ok')).toEqual({ a: 1 });
    expect(toasts).toEqual([]);
  });

  it('a prefixed code "E0000200" counts as 200', async () => {
    server.answer('/plat/ok', envelope('E0000200', 'yes'));
    const { client } = setup();
    expect(await client.get('/ok')).toBe('yes');
  });

  it('another code toasts the server msg and resolves to false, reported as a call exception', async () => {
    server.answer('/plat/x', envelope(302001, null, '邮箱或密码错误'));
    const { client, toasts, reports } = setup();
    expect(await client.post('/x', { email: 'a@b.co' })).toBe(false);
    expect(toasts).toEqual(['邮箱或密码错误']);
    expect(reports.map((r) => [r.label, r.code])).toEqual([['call exception', 302001]]);
  });

  it('without a msg, a mapped code shows the mapped message, reduced from its 8-character form', async () => {
    server.answer('/plat/x', envelope('E0400014', null, ''));
    const { client, toasts } = setup({ locale: 'en-us' });
    expect(await client.get('/x')).toBe(false);
    expect(toasts).toEqual([Codes.generic['en-us']]);
  });

  it('without a msg and unmapped, shows the default message', async () => {
    server.answer('/plat/x', envelope(999999, null, ''));
    const { client, toasts } = setup();
    expect(await client.get('/x')).toBe(false);
    expect(toasts).toEqual([DEFAULT_MSG_ZH]);
  });

  it.each([301005, 301010, 301012, 301014, 301018, 301302, 10002])(
    'silent code %i: no toast, no report, resolves to false',
    async (code) => {
      server.answer('/plat/s', envelope(code, null, 'silent'));
      const { client, toasts, reports } = setup();
      expect(await client.get('/s')).toBe(false);
      expect(toasts).toEqual([]);
      expect(reports).toEqual([]);
    },
  );

  it('silent code with isPageHandle returns the raw envelope', async () => {
    server.answer('/plat/s', envelope(301010, null, '验证码错误'));
    const { client } = setup();
    expect(await client.post('/s', {}, { isPageHandle: true })).toEqual({
      code: 301010,
      msg: '验证码错误',
      data: null,
    });
  });

  it('isPageHandle returns the raw envelope for any code, without a toast', async () => {
    server.answer('/plat/p', envelope(302012, { e: 1 }, 'taken'));
    const { client, toasts } = setup();
    const raw = await client.get('/p', undefined, { isPageHandle: true });
    expect(raw).toEqual({ code: 302012, msg: 'taken', data: { e: 1 } });
    expect(toasts).toEqual([]);
    server.answer('/plat/p', envelope(200, { ok: true }, 'ok'));
    expect(await client.get('/p', undefined, { isPageHandle: true })).toEqual({
      code: 200,
      msg: 'ok',
      data: { ok: true },
    });
  });

  it.each([401, 301001, 301002, 301017, 311035])(
    'session-invalid code %i tells the session machine, no toast from the client',
    async (code) => {
      server.answer('/plat/i', envelope(code, null, 'invalid', code === 401 ? 401 : 200));
      const { client, toasts, sessionCodes } = setup();
      expect(await client.get('/i')).toBe(false);
      expect(sessionCodes).toEqual([code]);
      expect(toasts).toEqual([]);
    },
  );

  it('HTTP 5xx with an envelope is reported as a 50X server error', async () => {
    server.answer('/plat/e', envelope(100500, null, 'boom', 503));
    const { client, toasts, reports } = setup();
    expect(await client.get('/e')).toBe(false);
    expect(toasts).toEqual(['boom']);
    expect(reports[0]?.label).toBe('50X server error');
  });

  it('HTTP 4xx is a 40X server error, but 403 is never reported', async () => {
    server.answer('/plat/e', envelope(100404, null, 'nope', 404));
    const { client, reports } = setup();
    await client.get('/e');
    server.answer('/plat/f', envelope(100403, null, 'forbidden', 403));
    await client.get('/f');
    expect(reports.map((r) => [r.label, r.status])).toEqual([['40X server error', 404]]);
  });

  it('a non-envelope error answer (HTML 502) shows the default message', async () => {
    server.answer('/plat/h', (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const { client, toasts, reports } = setup();
    expect(await client.get('/h')).toBe(false);
    expect(toasts).toEqual([DEFAULT_MSG_ZH]);
    expect(reports[0]?.label).toBe('50X server error');
  });
});

/** Drops the connection without an answer, as a killed worker or a network cut does. */
const cut: Answer = (res) => res.socket?.destroy();

/** Answers with `first` for the first `times` requests to the path, then with `then`. */
function firstThen(times: number, first: Answer, then: Answer): Answer {
  let seen = 0;
  return (res, req) => (seen++ < times ? first(res, req) : then(res, req));
}

describe('writes sent again with their idempotency key (issue 17 §5)', () => {
  const keyOf = (i: number) => server.requests[i]?.headers['idempotency-key'];

  it('every write carries a fresh 128-bit key; a read carries none', async () => {
    const { client } = setup();
    await client.post('/a', {});
    await client.post('/a', {});
    await client.putForm('/a', {});
    await client.delete('/a', {});
    await client.get('/a');
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([keyOf(0), keyOf(1), keyOf(2), keyOf(3)]).size).toBe(4);
    expect(keyOf(4)).toBeUndefined();
  });

  it('a write cut before its answer is sent again with the same key, and the caller gets the answer', async () => {
    server.answer('/plat/save', firstThen(1, cut, envelope(200, { saved: true })));
    const { client, toasts } = setup({ writeRetryDelaysMs: [20, 20] });
    expect(await client.post('/save', { a: 1 })).toEqual({ saved: true });
    expect(server.requests).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
    expect(toasts).toEqual([]);
  });

  it('a write cut every time is tried once per pause, then shows the network message', async () => {
    server.answer('/plat/save', cut);
    const { client, toasts, reports } = setup({ writeRetryDelaysMs: [20, 20] });
    expect(await client.post('/save', {})).toBe(false);
    expect(server.requests).toHaveLength(3);
    expect(toasts).toEqual([DEFAULT_MSG_ZH]);
    expect(reports.map((r) => r.label)).toEqual(['call exception']);
  });

  it('"still being processed" (409 requestInProgress) is waited for as Retry-After says, then asked again', async () => {
    const running: Answer = (res) => {
      res.writeHead(409, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ code: Codes.requestInProgress.code, msg: '', data: { retryAfterMs: 900 } }));
    };
    server.answer('/plat/submit', firstThen(1, running, envelope(200, { done: true })));
    const { client, toasts } = setup({ writeRetryDelaysMs: [] });
    const started = Date.now();
    expect(await client.post('/submit', {})).toEqual({ done: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(toasts).toEqual([]);
  });

  it('another 409 is an answer like any other, not waited for', async () => {
    server.answer('/plat/submit', envelope(Codes.transitionNotAllowed.code, null, 'no', 409));
    const { client, toasts } = setup({ writeRetryDelaysMs: [20] });
    expect(await client.post('/submit', {})).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect(toasts).toEqual(['no']);
  });

  it('a read cut is not sent again by the client', async () => {
    server.answer('/plat/list', cut);
    const { client, toasts } = setup({ writeRetryDelaysMs: [20, 20] });
    expect(await client.get('/list')).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect(toasts).toEqual([DEFAULT_MSG_ZH]);
  });

  it('a cancellation during the pause ends the retries at once', async () => {
    server.answer('/plat/save', cut);
    const { client } = setup({ writeRetryDelaysMs: [60_000] });
    const controller = new AbortController();
    const pending = client.post('/save', {}, { signal: controller.signal });
    await server.waitForRequests(1);
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestCancelledError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('transport failures, timeout and cancellation', () => {
  it('a refused connection shows the default message and resolves to false', async () => {
    const toasts: string[] = [];
    const reports: ApiFailure[] = [];
    const client = createApiClient({
      baseURL: 'http://127.0.0.1:1',
      getToken: () => null,
      getLocale: () => 'zh-cn',
      toast: (m) => toasts.push(m),
      gate: { isRejectingRequests: () => false, reportSessionInvalid: () => {} },
      registry: createRequestRegistry(),
      report: (f) => reports.push(f),
    });
    expect(await client.get('/x')).toBe(false);
    expect(toasts).toEqual([DEFAULT_MSG_ZH]);
    expect(reports[0]?.label).toBe('call exception');
  });

  it('a timeout shows the default message and is reported as an interface timeout', async () => {
    server.answer('/plat/slow', hang);
    const { client, toasts, reports, registry } = setup({ timeoutMs: 150 });
    expect(await client.get('/slow')).toBe(false);
    expect(toasts).toEqual([DEFAULT_MSG_ZH]);
    expect(reports[0]?.label).toBe('interface timeout');
    expect(registry.size()).toBe(0);
  });

  it('with isPageHandle a refused connection rejects with a TransportFailureError, reported, no toast', async () => {
    const toasts: string[] = [];
    const reports: ApiFailure[] = [];
    const client = createApiClient({
      baseURL: 'http://127.0.0.1:1',
      getToken: () => null,
      getLocale: () => 'zh-cn',
      toast: (m) => toasts.push(m),
      gate: { isRejectingRequests: () => false, reportSessionInvalid: () => {} },
      registry: createRequestRegistry(),
      report: (f) => reports.push(f),
    });
    const failure = await client.post('/x', {}, { isPageHandle: true }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TransportFailureError);
    expect(failure).toMatchObject({ method: 'POST', url: '/plat/x', timedOut: false });
    expect(toasts).toEqual([]);
    expect(reports.map((r) => r.label)).toEqual(['call exception']);
  });

  it('with isPageHandle a timeout rejects with a TransportFailureError marked timedOut', async () => {
    server.answer('/plat/slow', hang);
    const { client, toasts, reports, registry } = setup({ timeoutMs: 150 });
    const failure = await client.get('/slow', undefined, { isPageHandle: true }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TransportFailureError);
    expect(failure).toMatchObject({ timedOut: true });
    expect(toasts).toEqual([]);
    expect(reports.map((r) => r.label)).toEqual(['interface timeout']);
    expect(registry.size()).toBe(0);
  });

  it('with isPageHandle a cancellation still rejects as a cancellation, not a transport failure', async () => {
    server.answer('/plat/slow', hang);
    const { client, reports } = setup();
    const controller = new AbortController();
    const pending = client.get('/slow', undefined, { isPageHandle: true, signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestCancelledError);
    expect(reports).toEqual([]);
  });

  it('a request cancelled by its caller rejects, without a toast or a report', async () => {
    server.answer('/plat/slow', hang);
    const { client, toasts, reports } = setup();
    const controller = new AbortController();
    const pending = client.get('/slow', undefined, { signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestCancelledError);
    expect(toasts).toEqual([]);
    expect(reports).toEqual([]);
  });

  it('the registry tracks in-flight requests and cancels them all', async () => {
    server.answer('/plat/slow', hang);
    const { client, registry, toasts } = setup();
    const pending = [client.get('/slow'), client.post('/slow', {}), client.delete('/slow')];
    await server.waitForRequests(3);
    expect(registry.size()).toBe(3);
    registry.cancelAll('stop');
    const results = await Promise.allSettled(pending);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(registry.size()).toBe(0);
    expect(toasts).toEqual([]);
  });
});

describe('with the real session machine (spec §4)', () => {
  it('a session-invalid answer during three parallel requests cancels the others, shows the message, rejects new requests with the spec message, logs out after 100 ms', async () => {
    const clock = new SimulatedClock();
    const registry = createRequestRegistry();
    const toasts: string[] = [];
    const log: string[] = [];
    const actor = createSessionActor(
      {
        toast: (m) => toasts.push(m),
        registry,
        clearSession: () => log.push('clear store'),
        goToLogin: () => log.push('go to /login'),
        getLocale: () => 'zh-cn',
      },
      true,
      clock,
    ).start();
    const client = createApiClient({
      baseURL: server.origin,
      getToken: () => 'tok',
      getLocale: () => 'zh-cn',
      toast: (m) => toasts.push(m),
      gate: sessionGateFor(actor),
      registry,
      report: () => {},
    });
    server.answer('/plat/slow', hang);
    server.answer('/plat/invalid', envelope(311035, null, 'x', 401));

    const slow = [client.get('/slow'), client.get('/slow'), client.get('/slow')];
    await server.waitForRequests(3);
    const invalid = await client.get('/invalid');
    expect(invalid).toBe(false);

    const settled = await Promise.allSettled(slow);
    for (const result of settled) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason.message).toBe(TOKEN_INVALID_MESSAGE);
    }
    expect(toasts).toEqual([Codes.permissionsChanged['zh-cn']]);

    // Within the 100 ms window every new request is refused before it leaves the browser.
    const before = server.requests.length;
    await expect(client.get('/anything')).rejects.toThrow(TOKEN_INVALID_MESSAGE);
    expect(server.requests.length).toBe(before);

    clock.increment(Limits.logoutDelayMs - 1);
    expect(log).toEqual([]);
    clock.increment(1);
    expect(log).toEqual(['clear store', 'go to /login']);
    // The flag is cleared: requests go out again.
    expect(await client.get('/after')).toEqual({ path: '/plat/after' });
  });
});
