// Issue 31 §2, the single-process parts of the metrics: METRICS_* validated like every variable
// (never public without a token), the endpoint's own server (bearer token, only GET /metrics), and
// one app's requests counted by route pattern and status in this process's registry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_METRICS_PORT, loadConfig } from '../../../src/server/config';
import { processRegistry } from '../../../src/server/observability/metrics/registry';
import { startMetricsServer, type MetricsServer } from '../../../src/server/observability/metrics/server';
import { createTestApp, type TestApp } from '../../support/testApp';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => p.variable);
    throw error;
  }
  return [];
};

describe('METRICS_* configuration', () => {
  it('serves on 127.0.0.1:9464 by default, not at all under APP_ENV=test unless asked', () => {
    expect(loadConfig({ APP_ENV: 'production' }).metrics).toEqual({
      port: DEFAULT_METRICS_PORT,
      host: '127.0.0.1',
      token: undefined,
    });
    expect(loadConfig({ APP_ENV: 'test' }).metrics.port).toBeNull();
    expect(loadConfig({ APP_ENV: 'test', METRICS_PORT: '0' }).metrics.port).toBe(0);
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics.port).toBeNull();
    expect(loadConfig({ METRICS_PORT: ' ' }).metrics.port).toBe(DEFAULT_METRICS_PORT);
  });

  it('refuses a bad port, a short token, and a non-loopback address without a token', () => {
    expect(problemsOf({ METRICS_PORT: '70000' })).toEqual(['METRICS_PORT']);
    expect(problemsOf({ METRICS_PORT: 'sometimes' })).toEqual(['METRICS_PORT']);
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN']);
    expect(problemsOf({ METRICS_HOST: '0.0.0.0' })).toEqual(['METRICS_TOKEN']);
    expect(problemsOf({ METRICS_HOST: '0.0.0.0', METRICS_PORT: 'off' })).toEqual([]);
    expect(problemsOf({ METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a-token-of-16-chars' })).toEqual([]);
    expect(problemsOf({ METRICS_HOST: '::1' })).toEqual([]);
  });
});

describe('one process: the app and the endpoint', () => {
  let t: TestApp;
  let server: MetricsServer;
  const token = 'single-process-token-0123';
  beforeAll(async () => {
    t = await createTestApp();
    server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      token,
      collect: async () => processRegistry,
    });
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  const countOf = async (route: string, status: string) => {
    const response = await fetch(server.url, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('http_request_duration_seconds_count{') &&
          l.includes(`route="${route}"`) &&
          l.includes(`status_code="${status}"`),
      );
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('answers only GET /metrics, and only with the token', async () => {
    expect((await fetch(server.url)).status).toBe(401);
    expect((await fetch(server.url, { headers: { authorization: token } })).status).toBe(401);
    const other = new URL('/other', server.url).href;
    expect((await fetch(other, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    const post = await fetch(server.url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(post.status).toBe(404);
  });

  it('counts requests by the route pattern, 4xx included, never by the raw URL', async () => {
    const route = '/plat/verify/sessions/:id';
    const before = await countOf(route, '401');
    for (const id of ['a1', 'b2', 'c3']) {
      expect((await fetch(`${t.url}/plat/verify/sessions/${id}`)).status).toBe(401);
    }
    expect((await countOf(route, '401')) - before).toBe(3);
    const text = await (await fetch(server.url, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(text).not.toContain('/plat/verify/sessions/a1');
  });
});
