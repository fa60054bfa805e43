// With SENTRY_DSN set, a server fault reaches the ingest (a local stand-in) scrubbed; a client error
// (4xx) is not reported at all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/testApp';

let ingest: Server;
const received: { url: string; body: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  ingest = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => ingest.listen(0, '127.0.0.1', r));
  const port = (ingest.address() as AddressInfo).port;
  t = await createTestApp({ sentryDsn: `http://abc123@127.0.0.1:${port}/42` }, (app) => {
    app.get('/plat/test-only/boom', async () => {
      throw new Error('database exploded');
    });
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => ingest.close(r));
});

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('server fault reporting', () => {
  it('reports a 500 with its label, without stripped headers or parameter values', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/plat/test-only/boom?email=alice@example.com&card=4111',
      headers: { cookie: 'sid=secret-cookie', authorization: 'Bearer secret-token', sid: 's1', userid: 'u1' },
    });
    expect(res.statusCode).toBe(500);
    await until(() => received.length > 0);
    expect(received).toHaveLength(1);
    const { url, body } = received[0]!;
    expect(url).toMatch(/^\/api\/42\/envelope\/\?sentry_key=abc123/);
    const event = JSON.parse(body.split('\n')[2]!);
    expect(event.release).toBe('2.0.0');
    expect(event.tags.label).toBe('50X server error');
    expect(event.exception.values[0].value).toBe('database exploded');
    expect(event.request.url).toBe('/plat/test-only/boom?email=***&card=***');
    expect(body).not.toMatch(/secret-cookie|secret-token|alice@example\.com|4111/);
    expect(Object.keys(event.request.headers)).not.toEqual(expect.arrayContaining(['cookie']));
    for (const h of ['cookie', 'authorization', 'sid', 'userid'])
      expect(event.request.headers[h]).toBeUndefined();
  });

  it('does not report client errors (403, 404, 400)', async () => {
    const before = received.length;
    await t.app.inject({ method: 'GET', url: '/plat/no-such-route' });
    await t.app.inject({
      method: 'POST',
      url: '/plat/config-management/business-paramters/check-business-status',
      payload: {},
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(received.length).toBe(before);
  });
});
