// Rate limits count in PostgreSQL: two API instances on one database count as one portal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CHECK = '/plat/config-management/business-paramters/check-business-status';

describe('per-IP rate limits shared across instances', () => {
  it('the 61st check in a minute is refused with 429, whichever instance answers it', async () => {
    const second = await t.reopen();
    try {
      for (let i = 0; i < 60; i++) {
        const app = i % 2 === 0 ? t.app : second;
        const res = await app.inject({ method: 'POST', url: CHECK, payload: { registerLink: `x${i}` } });
        expect(res.statusCode).toBe(200);
      }
      const refused = await second.inject({ method: 'POST', url: CHECK, payload: { registerLink: 'again' } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe(Codes.rateLimited.code);

      // A minute later the window has passed.
      t.clock.advance(61_000);
      const later = await t.app.inject({ method: 'POST', url: CHECK, payload: { registerLink: 'later' } });
      expect(later.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('each limited route counts on its own', () => {
  it('exhausting one route does not limit another', async () => {
    const own = await createTestApp({}, (app) => {
      app.get('/plat/test-only/a', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
        a: 1,
      }));
      app.get('/plat/test-only/b', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
        b: 1,
      }));
    });
    try {
      const hit = (p: string) => own.app.inject({ method: 'GET', url: p }).then((r) => r.statusCode);
      expect([
        await hit('/plat/test-only/a'),
        await hit('/plat/test-only/a'),
        await hit('/plat/test-only/a'),
      ]).toEqual([200, 200, 429]);
      expect(await hit('/plat/test-only/b')).toBe(200);
    } finally {
      await own.close();
    }
  });
});
