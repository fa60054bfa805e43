// What reaches the error service (spec §7, §9): stripped headers, masked values, no 403.
import { describe, expect, it } from 'vitest';
import { labelFailure } from '../../src/web/api/apiFailure';
import {
  isForbidden,
  maskQueryString,
  maskUrl,
  prepareForSending,
  scrubEvent,
} from '../../src/web/shell/sentryScrub';

describe('scrubbing', () => {
  const event = {
    message: 'call exception',
    request: {
      url: 'https://portal.example/plat/ums/x?email=a%40b.co&page=2#frag',
      headers: { Cookie: 'sid=1', SID: 'abc', userid: '42', 'User-Agent': 'UA', language: '0' },
      cookies: { sid: '1' },
      query_string: 'email=a%40b.co&page=2',
      data: JSON.stringify({ email: 'a@b.co', nested: { password: 'secret', list: [1, 'x'] } }),
    },
    breadcrumbs: [{ category: 'fetch', data: { url: '/plat/a?token=abc', method: 'GET' } }],
    contexts: {
      api: { url: '/plat/ums/x?email=a@b.co', params: { page: 2 }, body: { email: 'a@b.co' }, status: 500 },
    },
    spans: [
      { description: 'GET /plat/q?name=bob', data: { 'http.query': '?name=bob', url: '/plat/q?name=bob' } },
    ],
  };

  const out = scrubEvent(event);
  const text = JSON.stringify(out);

  it('strips cookie, sid and userid headers, whatever their case, and the cookies', () => {
    expect(
      Object.keys(out.request!.headers!)
        .map((h) => h.toLowerCase())
        .sort(),
    ).toEqual(['language', 'user-agent']);
    expect(out.request).not.toHaveProperty('cookies');
  });

  it('masks every parameter value and keeps the names', () => {
    expect(out.request!.url).toBe('https://portal.example/plat/ums/x?email=***&page=***');
    expect(out.request!.query_string).toBe('email=***&page=***');
    expect(out.request!.data).toEqual({ email: '***', nested: { password: '***', list: ['***', '***'] } });
    expect(out.breadcrumbs![0]!.data).toEqual({ url: '/plat/a?token=***', method: 'GET' });
    expect(out.contexts!.api).toMatchObject({
      url: '/plat/ums/x?email=***',
      params: { page: '***' },
      body: { email: '***' },
    });
    expect(out.spans![0]).toEqual({
      description: 'GET /plat/q?name=***',
      data: { 'http.query': '?name=***', url: '/plat/q?name=***' },
    });
    for (const secret of ['a@b.co', 'a%40b.co', 'secret', 'abc', 'bob', '"42"'])
      expect(text).not.toContain(secret);
  });

  it('masks form bodies and leaves the original event alone', () => {
    expect(scrubEvent({ request: { data: 'a=1&b=2' } }).request!.data).toBe('a=***&b=***');
    expect(event.request.headers.Cookie).toBe('sid=1');
  });

  it('url helpers', () => {
    expect(maskUrl('/x')).toBe('/x');
    expect(maskQueryString('?a=1&b')).toBe('?a=***&b=***');
  });
});

describe('403 is never reported', () => {
  it('drops events tagged with status 403, sends the others scrubbed', () => {
    expect(isForbidden({ tags: { status: '403' } })).toBe(true);
    expect(prepareForSending({ tags: { status: '403' } })).toBeNull();
    expect(prepareForSending({ contexts: { api: { status: 403 } } })).toBeNull();
    expect(prepareForSending({ tags: { status: '404' }, request: { headers: { cookie: 'x' } } })).toEqual({
      tags: { status: '404' },
      request: { headers: {} },
    });
  });

  it('labels failures as the spec names them, and gives 403 no label', () => {
    expect(labelFailure({ status: 403 })).toBeNull();
    expect(labelFailure({ timedOut: true })).toBe('interface timeout');
    expect(labelFailure({ status: 404 })).toBe('40X server error');
    expect(labelFailure({ status: 502 })).toBe('50X server error');
    expect(labelFailure({})).toBe('call exception');
  });
});
