// A value PostgreSQL refuses (a NUL byte in a path parameter, found by the fuzz) is the client's bad
// input: 400 with the envelope, not a 500 fault.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('values the database refuses', () => {
  it('a NUL byte in a path parameter answers 400 validationFailed', async () => {
    // Partner links are the admin's (issue 21 §4): the route's own checks are reached.
    const reviewer = await signInAs(t.app, { role: 'reviewer', roles: ['admin'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/plat/admin/partner-links/%00/disable',
      headers: reviewer.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: Codes.validationFailed.code, data: null });
  });
});
