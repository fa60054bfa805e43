// The phone's routes are public: each counts per IP, and the capture route — which streams a file
// before it can check the key — is the tightest. Over the limit: 429 with the envelope, nothing done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { PhoneRateLimits } from '../../../src/server/routes/verify/rateLimits';
import { createTestApp, type TestApp } from '../../support/testApp';
import { capture, faceImage, phone, scan } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('rate limits of the public phone routes', () => {
  it('refuses the capture after the limit with 429, and a minute later counts afresh', async () => {
    for (let i = 0; i < PhoneRateLimits.capture.max; i++) {
      const answer = await capture(t, `unknown-key-${i}`.padEnd(43, 'x'), faceImage());
      expect(answer.status).not.toBe(429);
    }
    const refused = await capture(t, 'one-more'.padEnd(43, 'x'), faceImage());
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(Codes.rateLimited.code);
    t.clock.advance(PhoneRateLimits.capture.timeWindow + 1000);
    expect((await capture(t, 'later'.padEnd(43, 'x'), faceImage())).status).not.toBe(429);
  });

  it('counts scans and reads on their own', async () => {
    for (let i = 0; i < PhoneRateLimits.scan.max; i++) {
      expect((await scan(t, `no-such-token-${i}`.padEnd(43, 'y'))).status).not.toBe(429);
    }
    expect((await scan(t, 'over'.padEnd(43, 'y'))).status).toBe(429);
    // The read route has its own counter: not spent by the scans.
    expect((await phone(t, 'any'.padEnd(43, 'z'))).status).not.toBe(429);
  });
});
