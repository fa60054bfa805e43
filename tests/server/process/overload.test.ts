// Issue 17 §2: past its overload thresholds (OVERLOAD_* in config) the API refuses a request at
// once with 503, the `unavailable` envelope in the caller's language and Retry-After, instead of
// letting latency grow. Forced here with a heap threshold any process is above; the defaults never
// trigger in normal work.
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { waitUntil } from '../../support/faultWait';
import { createTestApp, type TestApp } from '../../support/testApp';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.allSettled(apps.map((a) => a.close()));
});

describe('overload', () => {
  it('answers 503 + Retry-After + the translated envelope above a threshold', async () => {
    const { overload } = loadConfig({ OVERLOAD_MAX_HEAP_USED_MB: '1', OVERLOAD_RETRY_AFTER_S: '7' });
    const t = await createTestApp({ overload });
    apps.push(t);
    // The first sample is taken a second after the start.
    const refused = await waitUntil(
      async () => {
        const response = await fetch(`${t.url}/plat/no-such-route`, { headers: { language: '1' } });
        return response.status === 503 ? response : undefined;
      },
      'the overload refusal',
      30_000,
    );
    expect(refused.headers.get('retry-after')).toBe('7');
    expect(await refused.json()).toEqual({
      code: Codes.unavailable.code,
      msg: Codes.unavailable['en-us'],
      data: null,
    });
    const zh = await fetch(`${t.url}/plat/no-such-route`, { headers: { language: '0' } });
    expect(zh.status).toBe(503);
    expect(await zh.json()).toEqual({
      code: Codes.unavailable.code,
      msg: Codes.unavailable['zh-cn'],
      data: null,
    });
  });

  it('does not trigger with the default thresholds', async () => {
    const t = await createTestApp({ overload: loadConfig({}).overload });
    apps.push(t);
    // Past the first samples: still served.
    await new Promise((r) => setTimeout(r, 2500));
    const response = await fetch(`${t.url}/plat/no-such-route`);
    expect(response.status).toBe(404);
  });

  it('validates WORKERS and the thresholds', () => {
    // One worker per core by default (issue 18 §1); 1 is allowed.
    expect(loadConfig({}).workers).toBe(Math.min(64, availableParallelism()));
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '4' }).workers).toBe(4);
    for (const [variable, value] of [
      ['WORKERS', '0'],
      ['WORKERS', 'many'],
      ['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', '-1'],
      ['OVERLOAD_MAX_HEAP_USED_MB', '1.5'],
      ['OVERLOAD_RETRY_AFTER_S', '0'],
    ] as const) {
      let error: unknown;
      try {
        loadConfig({ [variable]: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.variable)).toEqual([variable]);
    }
  });
});
