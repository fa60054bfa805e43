// Issue 18 §4: TRUST_PROXY. Off (the default), X-Forwarded-For is whatever a client wrote: the
// per-IP limit still counts the socket's address. Set to the proxy's address (or a hop count), the
// forwarded address is the client, for the limits and for request.ip everywhere else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { createTestApp, type ExtendApp, type TestApp } from '../../support/testApp';

const limited: ExtendApp = (app) => {
  app.get(
    '/plat/test-only/whoami',
    { config: { rateLimit: { max: 2, timeWindow: 60_000 } } },
    async (request) => ({
      ip: request.ip,
    }),
  );
};

let off: TestApp;
let trusted: TestApp;
let hops: TestApp;
beforeAll(async () => {
  off = await createTestApp({}, limited);
  trusted = await createTestApp(
    { trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy },
    limited,
  );
  hops = await createTestApp({ trustProxy: 1 }, limited);
});
afterAll(async () => {
  await Promise.all([off?.close(), trusted?.close(), hops?.close()]);
});

const ask = (t: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: '/plat/test-only/whoami',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY', () => {
  it('off: a spoofed X-Forwarded-For changes nothing; the limit counts the socket address', async () => {
    const answers = [
      await ask(off, '203.0.113.1'),
      await ask(off, '203.0.113.2'),
      await ask(off, '203.0.113.3'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    expect(answers[0]!.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('a listed proxy: the forwarded address is the client, each counted on its own', async () => {
    const answers = [
      await ask(trusted, '203.0.113.1'),
      await ask(trusted, '203.0.113.2'),
      await ask(trusted, '203.0.113.3'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => (a.json() as { ip: string }).ip)).toEqual([
      '203.0.113.1',
      '203.0.113.2',
      '203.0.113.3',
    ]);
    // A peer that is not a listed proxy is not believed.
    expect((await ask(trusted, '203.0.113.9', '198.51.100.7')).json()).toEqual({ ip: '198.51.100.7' });
  });

  it('a hop count: the address the last proxy saw, not what the client put before it', async () => {
    expect((await ask(hops, '198.51.100.66, 203.0.113.5')).json()).toEqual({ ip: '203.0.113.5' });
  });

  it('parses off, a hop count, or addresses/CIDRs, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.local', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
