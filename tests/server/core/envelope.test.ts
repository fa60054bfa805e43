// Every failure kind answers with the envelope, in the caller's language, never with details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
const CHECK = '/plat/config-management/business-paramters/check-business-status';

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A route that fails the way a bug would, to see what a 500 reveals.
    app.get('/plat/test-only/boom', async () => {
      throw new Error('secret detail: password=hunter2 at /srv/app/x.ts:12');
    });
  });
});
afterAll(() => t?.close());

function expectEnvelope(body: unknown, code: number) {
  expect(body).toMatchObject({ code, msg: expect.any(String) });
  expect(Object.keys(body as object).sort()).toEqual(['code', 'data', 'msg']);
}

describe('the envelope for every failure kind', () => {
  it('validation: 400 with the fields and their message ids', async () => {
    const res = await t.app.inject({ method: 'POST', url: CHECK, payload: {} });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), Codes.validationFailed.code);
    expect(res.json().data).toEqual([{ path: 'registerLink', message: expect.any(String) }]);
  });

  it('malformed JSON: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CHECK,
      headers: { 'content-type': 'application/json' },
      payload: '{"registerLink": ',
    });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), Codes.validationFailed.code);
  });

  it('unknown route: 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/plat/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expectEnvelope(res.json(), Codes.notFound.code);
  });

  it('wrong method: 405 naming the allowed one', async () => {
    const res = await t.app.inject({ method: 'GET', url: CHECK });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expectEnvelope(res.json(), Codes.methodNotAllowed.code);
  });

  it('body too large: 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CHECK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ registerLink: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.json(), Codes.tooLarge.code);
  });

  it('unsupported media type: 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CHECK,
      headers: { 'content-type': 'application/xml' },
      payload: '<registerLink>x</registerLink>',
    });
    expect(res.statusCode).toBe(415);
    expectEnvelope(res.json(), Codes.unsupportedMediaType.code);
  });

  it('internal error: 500 without any detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/plat/test-only/boom' });
    expect(res.statusCode).toBe(500);
    expectEnvelope(res.json(), Codes.internal.code);
    expect(res.body).not.toMatch(/secret|hunter2|\.ts|stack|at /);
    expect(res.json().data).toBeNull();
  });

  it('not signed in: 401 with the spec session codes (no token → 301001, bad token → 401)', async () => {
    const list = '/plat/ums/user/menu/fields/list';
    const none = await t.app.inject({ method: 'POST', url: list, payload: { menuKey: 'loginHistory' } });
    expect(none.statusCode).toBe(401);
    expectEnvelope(none.json(), 301001);
    const bad = await t.app.inject({
      method: 'POST',
      url: list,
      headers: { authorization: 'Bearer ' + 'A'.repeat(43) },
      payload: { menuKey: 'loginHistory' },
    });
    expect(bad.statusCode).toBe(401);
    expectEnvelope(bad.json(), 401);
  });
});

describe('the language header switches msg', () => {
  it.each([
    ['0', 'zh-cn'],
    ['1', 'en-us'],
    ['2', 'en-us'],
    [undefined, 'zh-cn'],
  ] as const)('language %s → %s', async (header, locale) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/plat/nowhere',
      headers: header === undefined ? {} : { language: header },
    });
    expect(res.json().msg).toBe(Codes.notFound[locale]);
  });

  it('validation failures are localised too', async () => {
    const en = await t.app.inject({ method: 'POST', url: CHECK, headers: { language: '1' }, payload: {} });
    expect(en.json().msg).toBe(Codes.validationFailed['en-us']);
  });
});

describe('security headers', () => {
  it('sends a strict CSP and nosniff on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/plat/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
