// Generators of hostile requests for the fuzz suite (fast-check): malformed JSON bodies, wrong
// types, huge strings, deep nesting, prototype-pollution keys, odd content types, lying
// content-lengths, garbage queries, headers and path parameters, and broken multipart uploads.
import fc from 'fast-check';
import { elfExecutable, HTML_PAGE, jpeg, pdf, peExecutable, png, SVG_IMAGE } from '../fixtures/files/samples';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A short description for the failure message (the payload may be megabytes). */
  summary: string;
}

/** Strings that have broken parsers, databases and pages before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202eexe.png',
  '𝕏𝕐ℤ',
  'Ｆｕｌｌｗｉｄｔｈ',
  '١٢٣٤',
  '张伟',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  '%00',
  '%zz',
  '\r\nSet-Cookie: x=1',
  '9'.repeat(400),
  'x'.repeat(5000),
];

/** Percent-encodes anything, lone surrogates included (sent as the invalid UTF-8 they would be). */
export function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd')) + '%ED%A0%80';
  }
}

/** Null most of the time, a value now and then. */
function sometimes<T>(arb: fc.Arbitrary<T>, oneIn = 4): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: oneIn - 1 }, { arbitrary: arb, weight: 1 });
}

const PRINTABLE = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
/** A header value Node accepts: printable ASCII. */
export const headerValue = fc.oneof(
  fc.string({ unit: PRINTABLE, maxLength: 200 }),
  fc.constantFrom(...NASTY_STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s))),
);

const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5),
  fc.boolean(),
  fc.constant(null),
);

/** Any JSON value whose object keys are drawn from `keys` (the fields the API knows) or anything. */
export function jsonValue(keys: readonly string[]) {
  const key =
    keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })) : fc.string();
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 6 }),
    ),
  })).value;
}

/** An object with the route's own fields, each given a wrong or odd value: reaches past the
 *  "is it an object" check into the field rules and the services. */
function nearlyValid(keys: readonly string[]) {
  if (keys.length === 0) return jsonValue([]);
  return fc
    .subarray([...keys], { minLength: 1 })
    .chain((chosen) =>
      fc
        .tuple(...chosen.map(() => jsonValue(keys)))
        .map((values) => Object.fromEntries(chosen.map((k, i) => [k, values[i]]))),
    );
}

const deepJson = fc
  .tuple(fc.integer({ min: 20, max: 4000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** The same inside one of the route's own fields, where a free-form value (a draft) would take it. */
const deepInField = (keys: readonly string[]) =>
  fc
    .tuple(keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('values'), deepJson)
    .map(([key, deep]) => `{${JSON.stringify(key)}:${deep}}`);

/** An object with many members, at the top or in a field; past Limits.json.maxMembers or not. */
const wideJson = (keys: readonly string[]) =>
  fc
    .tuple(
      keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('values'),
      fc.integer({ min: 100, max: 30_000 }),
      fc.boolean(),
    )
    .map(([key, n, nested]) => {
      const members = Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',');
      return nested ? `{${JSON.stringify(key)}:{${members}}}` : `{${members}}`;
    });

/** One of the route's fields holding a long string (under the body limit). */
const longStringInField = (keys: readonly string[]) =>
  fc
    .tuple(
      keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('values'),
      fc.integer({ min: 1_000, max: 500_000 }),
    )
    .map(([key, n]) => `{${JSON.stringify(key)}:${JSON.stringify('長'.repeat(n))}}`);

/**
 * Shapes built to exhaust a parser, a serialiser or a recursive reader, for every JSON route each
 * run (not left to the random draw): deep nesting of arrays and objects at the top and inside the
 * route's own fields, a wide object, and a long string in a field. Issue 22 §1.
 */
export function shapeAttacks(keys: readonly string[]): BodyParts[] {
  const key = JSON.stringify(keys[0] ?? 'values');
  const deepArrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const deepObjects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  const wide = Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',');
  const bodies: [string, string][] = [
    ['deep arrays 5000', deepArrays(5_000)],
    ['deep objects 5000', deepObjects(5_000)],
    ['field: deep arrays 1500', `{${key}:${deepArrays(1_500)}}`],
    ['field: deep objects 5000', `{${key}:${deepObjects(5_000)}}`],
    ['field: deep arrays 50000', `{${key}:${deepArrays(50_000)}}`],
    ['wide object 20000', `{${wide}}`],
    ['field: wide object 20000', `{${key}:{${wide}}}`],
    ['field: long string', `{${key}:${JSON.stringify('x'.repeat(900_000))}}`],
  ];
  return bodies.map(([summary, payload]) => ({ contentType: 'application/json', payload, summary }));
}

const pollutingJson = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"__proto__":{"isReviewer":true,"role":"reviewer"}}',
  '[{"__proto__":{"polluted":true}}]',
  '{"step":"completeCompanyInfo","values":{"__proto__":{"polluted":true}},"version":0}',
  '{"nested":{"deeper":{"constructor":{"prototype":{"polluted":true}}}}}',
);

const invalidJson = fc.oneof(
  fc.string(),
  fc.constantFrom('{', '{"a":', '[1,2', '{"a":1,}', "{'a':1}", 'NaN', '\ufeff{}', '{"a":"\\u12"}', '\u0000'),
  jsonValue([]).map((v) => {
    const text = JSON.stringify(v) ?? 'null';
    return text.slice(0, Math.max(0, text.length - 1));
  }),
);

/** Past the 1 MB JSON limit, or big strings inside it. */
const hugeJson = fc.oneof(
  fc.integer({ min: 1024 * 1024, max: 1024 * 1024 + 4096 }).map((n) => `{"a":"${'x'.repeat(n)}"}`),
  fc
    .integer({ min: 10_000, max: 300_000 })
    .map((n) => `{"email":"${'a'.repeat(n)}@example.com","name":"${'名'.repeat(n / 10)}"}`),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json, text/plain',
  ';;;',
  'application/vnd.api+json',
];

export interface BodyParts {
  contentType?: string;
  payload?: string | Buffer;
  summary: string;
}

/** A JSON-ish body: mostly JSON with the route's fields, sometimes everything that is not JSON. */
export function jsonBody(keys: readonly string[]): fc.Arbitrary<BodyParts> {
  const asJson = (summary: string) => (text: string) => ({
    contentType: 'application/json',
    payload: text,
    summary: `${summary}: ${text.slice(0, 160)}`,
  });
  return fc.oneof(
    {
      arbitrary: nearlyValid(keys)
        .map((v) => JSON.stringify(v))
        .map(asJson('fields')),
      weight: 6,
    },
    {
      arbitrary: jsonValue(keys)
        .map((v) => JSON.stringify(v) ?? 'null')
        .map(asJson('json')),
      weight: 4,
    },
    { arbitrary: deepJson.map(asJson('deep')), weight: 1 },
    { arbitrary: deepInField(keys).map(asJson('deep field')), weight: 1 },
    { arbitrary: wideJson(keys).map(asJson('wide')), weight: 1 },
    { arbitrary: longStringInField(keys).map(asJson('long string')), weight: 1 },
    { arbitrary: pollutingJson.map(asJson('proto')), weight: 1 },
    { arbitrary: invalidJson.map(asJson('invalid json')), weight: 2 },
    { arbitrary: hugeJson.map(asJson('huge')), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...CONTENT_TYPES),
          fc.oneof(
            fc.string(),
            jsonValue(keys).map((v) => JSON.stringify(v) ?? ''),
          ),
        )
        .map(([contentType, payload]) => ({
          contentType,
          payload,
          summary: `${contentType}: ${payload.slice(0, 160)}`,
        })),
      weight: 2,
    },
    {
      arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => ({
        contentType: 'application/json',
        payload: Buffer.from(b),
        summary: `bytes(${b.length})`,
      })),
      weight: 1,
    },
    { arbitrary: fc.constant({ summary: 'no body' }), weight: 1 },
    { arbitrary: fc.constant({ contentType: 'application/json', summary: 'json, no body' }), weight: 1 },
  );
}

const FILE_CONTENTS: Record<string, () => Buffer> = {
  png: () => png(),
  jpeg: () => jpeg(),
  pdf: () => pdf(),
  elf: elfExecutable,
  pe: peExecutable,
  html: () => HTML_PAGE,
  svg: () => SVG_IMAGE,
  empty: () => Buffer.alloc(0),
  pngBomb: () => png(1, 1, { width: 100_000, height: 100_000 }),
  pngSignatureOnly: () => png().subarray(0, 8),
};

const fileContent = fc.oneof(
  fc.constantFrom(...Object.keys(FILE_CONTENTS)).map((name) => ({ name, bytes: FILE_CONTENTS[name]!() })),
  fc.uint8Array({ maxLength: 2048 }).map((b) => ({ name: `random(${b.length})`, bytes: Buffer.from(b) })),
  fc.integer({ min: 1, max: 64 }).map((n) => {
    // A real PNG head followed by junk: passes the magic bytes, not much else.
    const bytes = Buffer.concat([png().subarray(0, 33), Buffer.alloc(n * 1024, 0x41)]);
    return { name: `png+junk(${bytes.length})`, bytes };
  }),
);

const fileName = fc.oneof(
  fc.constantFrom(
    'doc.png',
    '../../etc/passwd.png',
    '..\\..\\boot.ini.png',
    '/etc/shadow',
    'a"b;c.png',
    'évidence 证件.png',
    '\u202egnp.exe',
    '',
    'x'.repeat(500) + '.png',
    'con.png',
  ),
  fc.string({ unit: PRINTABLE, maxLength: 60 }).filter((s) => !s.includes('"')),
);

interface Part {
  headers: string;
  body: Buffer;
}

const fieldPart = fc
  .tuple(
    fc.constantFrom('kind', 'key', 'file', 'x', 'kind'),
    fc.oneof(
      fc.constantFrom('businessLicense', 'cardApplication', 'idFront', 'faceCapture'),
      fc.string({ maxLength: 40 }),
      fc.constant('k'.repeat(2000)),
    ),
  )
  .map(([name, value]): Part => ({
    headers: `Content-Disposition: form-data; name="${name}"`,
    body: Buffer.from(value),
  }));

const filePart = fc
  .tuple(
    fc.constantFrom('file', 'file', 'upload', ''),
    fileName,
    fileContent,
    fc.constantFrom(
      'image/png',
      'application/pdf',
      'text/html',
      'image/svg+xml',
      'application/x-msdownload',
      '',
    ),
  )
  .map(([name, filename, content, type]): Part => ({
    headers:
      `Content-Disposition: form-data; name="${name}"; filename="${filename}"` +
      (type ? `\r\nContent-Type: ${type}` : ''),
    body: content.bytes,
  }));

/** A multipart body, whole or broken: wrong boundary, cut short, parts in any order and number. */
export const multipartBody: fc.Arbitrary<BodyParts> = fc
  .record({
    boundary: fc.constantFrom('----fuzzBoundary7MA4YWxk', 'x', 'a'.repeat(70)),
    headerBoundary: sometimes(fc.constantFrom('other', ''), 6),
    parts: fc.array(fc.oneof(fieldPart, filePart), { maxLength: 4 }),
    cutAt: sometimes(fc.double({ min: 0, max: 1, noNaN: true }), 4),
    noClose: fc.oneof(
      { arbitrary: fc.constant(false), weight: 5 },
      { arbitrary: fc.constant(true), weight: 1 },
    ),
  })
  .map(({ boundary, headerBoundary, parts, cutAt, noClose }) => {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      chunks.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`), part.body, Buffer.from('\r\n'));
    }
    if (!noClose) chunks.push(Buffer.from(`--${boundary}--\r\n`));
    let payload = Buffer.concat(chunks);
    if (cutAt !== null) payload = payload.subarray(0, Math.floor(payload.length * cutAt));
    const announced = headerBoundary ?? boundary;
    return {
      contentType: `multipart/form-data; boundary=${announced}`,
      payload,
      summary: `multipart ${parts.length} part(s), ${payload.length} bytes, boundary ${announced === boundary ? 'ok' : 'wrong'}${cutAt !== null ? ', cut' : ''}${noClose ? ', unclosed' : ''}`,
    };
  });

/** A query string: none, the route's own names with odd values, repeated names, or garbage. */
export function queryString(keys: readonly string[]): fc.Arbitrary<string> {
  const name =
    keys.length > 0
      ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 }))
      : fc.string({ maxLength: 10 });
  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(...NASTY_STRINGS),
    fc.integer().map(String),
  );
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: 3 },
    {
      arbitrary: fc
        .array(fc.tuple(name, value), { maxLength: 6 })
        .map((pairs) => '?' + pairs.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&')),
      weight: 5,
    },
    {
      arbitrary: fc.constantFrom(
        '?%',
        '?a=%zz',
        '?a[b][c]=1',
        '?__proto__[x]=1',
        '?constructor[prototype][x]=1',
        '?' + 'a=1&'.repeat(2000),
        '?=&=&',
        '?page=-1&pageSize=1e9',
      ),
      weight: 2,
    },
  );
}

/** A path parameter: real ids of other people's records, random UUIDs, and things that are no id. */
export function pathParam(knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.uuid().map((u) => u), weight: 3 },
    { arbitrary: knownIds.length ? fc.constantFrom(...knownIds) : fc.uuid(), weight: 3 },
    {
      arbitrary: knownIds.length ? fc.constantFrom(...knownIds).map((id) => id.toUpperCase()) : fc.uuid(),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...NASTY_STRINGS).map(encodePart), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e',
        '%E0%A4%A',
        '%',
        '1',
        '00000000-0000-0000-0000-000000000000',
        "1'--",
      ),
      weight: 2,
    },
    { arbitrary: fc.string({ maxLength: 50 }).map(encodePart), weight: 2 },
  );
}

/** Headers a client controls: language, cookies, Accept-Language, proxies' headers, a lying length. */
export const fuzzHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    language: fc.oneof(fc.constantFrom('0', '1', '2', '', 'zh-cn'), headerValue),
    'accept-language': fc.oneof(fc.constantFrom('zh-CN,zh;q=0.9', 'en-US', '*', 'xx;q=abc'), headerValue),
    cookie: fc.oneof(fc.constantFrom('token=abc', 'session=' + 'x'.repeat(4000), '__proto__=1'), headerValue),
    'x-forwarded-for': fc.oneof(fc.constantFrom('127.0.0.1', '10.0.0.1, 1.2.3.4', 'not-an-ip'), headerValue),
    'last-event-id': headerValue,
    'user-agent': headerValue,
    accept: fc.constantFrom('*/*', 'text/event-stream', 'application/xml', 'image/png'),
  },
  { requiredKeys: [] },
);

/** A content-length that does not match the body, in either direction. */
export const lyingLength = sometimes(
  fc.oneof(fc.constantFrom('0', '-1', 'abc', '99999999999'), fc.integer({ min: 1, max: 4096 }).map(String)),
  8,
);
