// Bad input, server side (issue 10 §3): every API route, read from the app itself, is sent
// thousands of generated malformed requests (bodies, queries, headers, path parameters, multipart
// parts) as an anonymous caller, a signed-in applicant and a reviewer. Whatever comes in: never a
// 5xx, always the envelope with a known code in the caller's language, and a refused request
// changes nothing in the database or the storage folder.
import { BACK_OFFICE_ROLES } from '../../../src/contract/api/backOfficeRoles';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../fixtures/files/samples';
import { Codes } from '../../../src/contract/codes';
import { envelopeProblem, codeOf, localeOf } from '../../support/securityEnvelope';
import {
  encodePart,
  fuzzHeaders,
  headerValue,
  jsonBody,
  lyingLength,
  multipartBody,
  pathParam,
  queryString,
  shapeAttacks,
  type BodyParts,
} from '../../support/securityFuzz';
import { apiRoutesOf, fillParams, openApiRouteKeys, type ApiRoute } from '../../support/securityRoutes';
import { CHANGED_BY_REFUSALS, watchChanges, type Mark } from '../../support/securitySnapshot';
import { buildWorld, type World } from '../../support/securityWorld';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';

/** Per route and identity; with ~80 routes (HEAD included) × 3 identities this is > 5 000 requests. */
const RUNS_PER_ROUTE = 22;
const MIN_TOTAL_REQUESTS = 5000;
/** Generous for a loaded 2-core machine; a hung request would otherwise stall the suite silently. */
const ANSWER_WITHIN_MS = 10_000;

/** Routes whose SUCCESS is not an envelope, with what they answer instead. Their refusals still are. */
const NON_ENVELOPE_SUCCESS: Readonly<Record<string, string>> = {
  'GET /plat/docs': 'the OpenAPI document',
  'GET /plat/files/:id': 'the stored document, as an attachment',
  'GET /plat/kyb/authorization-letter-template': 'the authorization-letter PDF',
  'GET /plat/dev/mailbox/view': 'the dev mailbox page (HTML)',
  'GET /plat/verify/sessions/:id/events': 'a server-sent event stream',
};

type Identity = 'anonymous' | 'applicant' | 'reviewer';
const IDENTITIES: readonly Identity[] = ['anonymous', 'applicant', 'reviewer'];

let t: TestApp;
let world: World;
let routes: ApiRoute[];
let changes: Awaited<ReturnType<typeof watchChanges>>;
let baseline: Mark;
/** The fuzzing applicant (its own company F) and reviewer; re-signed if a fuzzed logout succeeds. */
const callers = {} as Record<Exclude<Identity, 'anonymous'>, SignedIn>;
let revokedToken: string;
let ownFileId: string;
const fieldsByRoute = new Map<string, string[]>();
const queryByRoute = new Map<string, string[]>();
const requestCount = new Map<string, number>();
const timeByRoute = new Map<string, number>();

/** Every property name in a JSON schema, at any depth. */
function propertyNames(schema: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => propertyNames(s, into));
  else if (typeof schema === 'object' && schema !== null) {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties' && typeof v === 'object' && v !== null)
        Object.keys(v).forEach((n) => into.add(n));
      propertyNames(v, into);
    }
  }
  return into;
}

function readOpenApi(doc: Record<string, unknown>) {
  const paths = (doc['paths'] ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const [p, methods] of Object.entries(paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const key = `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`;
      fieldsByRoute.set(key, [...propertyNames(op['requestBody'])]);
      const params = (op['parameters'] ?? []) as { in?: string; name?: string }[];
      queryByRoute.set(
        key,
        params.filter((x) => x.in === 'query' && x.name).map((x) => x.name!),
      );
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  // The delivery worker writes the outbox on its own schedule; stopped, the request under test is
  // the only writer, so a change after a refusal can only be that request's.
  await t.app.mail.worker.stop();
  world = await buildWorld(t);
  callers.applicant = await signInAs(t.app, { role: 'applicant' });
  // Every back-office role, so that fuzzed bodies reach every back-office route's checks.
  callers.reviewer = await signInAs(t.app, { role: 'reviewer', roles: [...BACK_OFFICE_ROLES] });
  const revoked = await signInAs(t.app, { role: 'applicant' });
  await t.app.sessions.revokeAllOfUser(revoked.userId, 'logout');
  revokedToken = revoked.token;
  const form = new FormData();
  form.append('kind', 'businessLicense');
  form.append('file', new Blob([new Uint8Array(png())]), 'own.png');
  const uploaded = await fetch(`${t.url}/plat/files`, {
    method: 'POST',
    headers: callers.applicant.headers,
    body: form,
  });
  ownFileId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  routes = apiRoutesOf(t.app);
  readOpenApi(t.app.swagger() as unknown as Record<string, unknown>);
  changes = await watchChanges(t.app.pool, t.app.storage.dir);
  baseline = await changes.mark();
}, 180_000);

afterAll(() => t?.close());

function knownIds(): string[] {
  return [
    ...world.aFileIds,
    world.cFileId,
    ownFileId,
    world.aVerificationSessionId,
    world.certificationId,
    world.cardApplicationId,
    world.a.userId,
    world.a.companyId!,
  ];
}

function authorization(identity: Identity) {
  if (identity !== 'anonymous') return fc.constant<Record<string, string>>({});
  return fc.oneof(
    { arbitrary: fc.constant<Record<string, string>>({}), weight: 4 },
    { arbitrary: fc.constant({ authorization: `Bearer ${revokedToken}` }), weight: 1 },
    { arbitrary: headerValue.map((v) => ({ authorization: `Bearer ${v}` })), weight: 1 },
    { arbitrary: headerValue.map((v) => ({ authorization: v })), weight: 1 },
  );
}

function bodyFor(route: ApiRoute): fc.Arbitrary<BodyParts> {
  const json = jsonBody(fieldsByRoute.get(route.key) ?? []);
  if (route.method === 'GET' || route.method === 'HEAD') {
    return fc.oneof(
      { arbitrary: fc.constant({ summary: 'no body' }), weight: 6 },
      { arbitrary: json, weight: 1 },
    );
  }
  return fc.oneof({ arbitrary: json, weight: 3 }, { arbitrary: multipartBody, weight: 1 });
}

interface Generated {
  request: { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };
  summary: string;
}

/**
 * Path parameters PostgreSQL itself refuses (a NUL byte in text): rare among the random ones, so
 * every route with a parameter also gets each of them in a plain request, every run (the random
 * draw reached the one route that passes such a value to the database in about 1 run in 8).
 */
const DATABASE_REFUSED_PARAMS = ['%00', 'OP%0012345', '%00%00%00'];

function requests(route: ApiRoute, identity: Identity): fc.Arbitrary<Generated> {
  return fc
    .record({
      param: route.url.includes('/:code')
        ? fc.oneof(fc.constant(world.partnerCode), pathParam([]))
        : pathParam(knownIds()),
      query: queryString(queryByRoute.get(route.key) ?? []),
      headers: fuzzHeaders,
      auth: authorization(identity),
      body: bodyFor(route),
      lie: lyingLength,
    })
    .map(({ param, query, headers, auth, body, lie }) => {
      const url = fillParams(route.url, () => param) + query;
      const all: Record<string, string> = { ...headers, ...auth };
      if (body.contentType !== undefined) all['content-type'] = body.contentType;
      if (lie !== null) all['content-length'] = lie;
      const summary = `${route.method} ${url.slice(0, 300)} headers=${JSON.stringify(all).slice(0, 400)} body=${body.summary}`;
      const generated: Generated = {
        request: { method: route.method, url, headers: all, payload: body.payload },
        summary,
      };
      // fast-check prints this in a failure report instead of a payload of megabytes.
      return Object.assign(generated, { [fc.toStringMethod]: () => summary });
    });
}

/** A well-formed request but for its path parameters: nothing else stops it before the handler. */
function plainRequest(route: ApiRoute, param: string): Generated {
  const url = fillParams(route.url, () => param);
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const headers: Record<string, string> = { language: '1' };
  if (hasBody) headers['content-type'] = 'application/json';
  const summary = `${route.method} ${url} (plain)`;
  return { request: { method: route.method, url, headers, payload: hasBody ? '{}' : undefined }, summary };
}

async function stillSignedIn(identity: Exclude<Identity, 'anonymous'>) {
  const current = callers[identity];
  const resolved = await t.app.sessions.resolve(current.token);
  if ('principal' in resolved) return;
  // A fuzzed logout went through: a new session for the same user.
  const { token } = await t.app.sessions.create(current.userId);
  callers[identity] = { ...current, token, headers: { authorization: `Bearer ${token}` } };
}

async function send(
  route: ApiRoute,
  identity: Identity,
  generated: Generated,
): Promise<{ statusCode: number; body: string }> {
  const { request, summary } = generated;
  const headers =
    identity === 'anonymous' ? request.headers : { ...request.headers, ...callers[identity].headers };
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  // A request that is never answered holds a connection for ever: a failure, not a wait.
  const unanswered = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms\n${identity}: ${summary}`)),
      ANSWER_WITHIN_MS,
    );
  });
  const res = await Promise.race([
    t.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload }),
    unanswered,
  ]).finally(() => clearTimeout(timer));
  timeByRoute.set(route.key, (timeByRoute.get(route.key) ?? 0) + Date.now() - started);
  requestCount.set(`${route.key} as ${identity}`, (requestCount.get(`${route.key} as ${identity}`) ?? 0) + 1);
  const where = `${identity}: ${summary}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) throw new Error(`5xx answer\n${where}`);

  const binarySuccess = res.statusCode === 200 && route.key in NON_ENVELOPE_SUCCESS;
  if (request.method !== 'HEAD' && !binarySuccess) {
    const problem = envelopeProblem(res, localeOf(headers['language']));
    if (problem) throw new Error(`not a valid envelope: ${problem}\n${where}`);
  }
  const accepted =
    res.statusCode < 400 && (request.method === 'HEAD' || binarySuccess || codeOf(res.body) === 200);

  if (!accepted) {
    const { changed, now } = await changes.step(baseline);
    if (changed.length > 0)
      throw new Error(`a refused request changed stored data:\n  ${changed.join('\n  ')}\n${where}`);
    baseline = now;
  } else {
    if (identity !== 'anonymous') await stillSignedIn(identity);
    baseline = await changes.mark();
  }
  if (res.statusCode === 429) {
    // Counted per IP; cleared so that the next requests reach the route's own checks again.
    await t.app.pool.query('DELETE FROM rate_limit_counters');
    baseline = await changes.mark();
  }
  return res;
}

/** Statuses of refusals made before the body is parsed (session, role, route, rate limit). */
const REFUSED_BEFORE_PARSING = new Set([401, 403, 404, 405, 429]);

/** Deep, wide and long bodies: refused with jsonTooComplex (or earlier), never stored, never a 5xx. */
async function sendShapeAttacks(route: ApiRoute, identity: Identity) {
  for (const body of shapeAttacks(fieldsByRoute.get(route.key) ?? [])) {
    const url = fillParams(route.url, () => world.certificationId);
    const summary = `${route.method} ${url} body=${body.summary}`;
    const headers = { 'content-type': 'application/json', language: '1' };
    const res = await send(route, identity, {
      request: { method: route.method, url, headers, payload: body.payload },
      summary,
    });
    if (body.summary.startsWith('field: long')) continue;
    if (REFUSED_BEFORE_PARSING.has(res.statusCode)) continue;
    if (res.statusCode !== 400 || codeOf(res.body) !== Codes.jsonTooComplex.code)
      throw new Error(
        `expected jsonTooComplex\n${identity}: ${summary}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
  }
}

describe.sequential('fuzz of every API route', () => {
  it('the routes come from the app, and the OpenAPI document lists none that the fuzz would miss', () => {
    const keys = new Set(routes.map((r) => r.key));
    expect(routes.length).toBeGreaterThan(40);
    const documented = openApiRouteKeys(t.app.swagger());
    expect(documented.filter((k) => !keys.has(k))).toEqual([]);
    // Named exemptions from "nothing changed" are real tables, not typos that exempt nothing.
    for (const table of Object.keys(CHANGED_BY_REFUSALS)) {
      expect(changes.allTables).toContain(table);
      expect(changes.tables).not.toContain(table);
    }
    expect(changes.tables).toContain('stored_files');
    expect(Object.keys(NON_ENVELOPE_SUCCESS).filter((k) => !keys.has(k))).toEqual([]);
  });

  for (const identity of IDENTITIES) {
    it(`as ${identity}: no 5xx, always the envelope, and refusals change nothing`, async () => {
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(requests(route, identity), async (g) => {
            await send(route, identity, g);
          }),
          // No shrinking: the failure message already names the request, and a hanging request
          // would cost the answer timeout for every shrinking step.
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
        if (route.method !== 'GET' && route.method !== 'HEAD') await sendShapeAttacks(route, identity);
        if (!route.url.includes('/:')) continue;
        for (const param of DATABASE_REFUSED_PARAMS) await send(route, identity, plainRequest(route, param));
      }
    }, 300_000);
  }

  it('paths that are no route answer 404/405 with the envelope', async () => {
    const segment = fc.oneof(
      fc.constantFrom('ums', 'kyb', 'files', 'admin', 'verify', '..', '%2e%2e', '%00', '', '*', ':id', '(x)'),
      fc.string({ maxLength: 12 }).map(encodePart),
    );
    const route: ApiRoute = { method: '*', url: '/plat/<unknown>', key: '* /plat/<unknown>' };
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fuzzHeaders,
        async (segments, method, headers) => {
          const url = `/plat/${segments.join('/')}/no-such-route`;
          const summary = `${method} ${url}`;
          await send({ ...route, method }, 'anonymous', { request: { method, url, headers }, summary });
        },
      ),
      { numRuns: 200, endOnFailure: true },
    );
  }, 120_000);

  it(`covered every route as every identity, ${MIN_TOTAL_REQUESTS}+ requests in all, and nothing polluted a prototype`, () => {
    const missing = routes.flatMap((r) =>
      IDENTITIES.filter((i) => (requestCount.get(`${r.key} as ${i}`) ?? 0) < RUNS_PER_ROUTE).map(
        (i) => `${r.key} as ${i}`,
      ),
    );
    expect(missing).toEqual([]);
    const total = [...requestCount.values()].reduce((a, b) => a + b, 0);
    const slowest = [...timeByRoute].sort((x, y) => y[1] - x[1]).slice(0, 5);
    console.log(
      `fuzz: ${total} requests over ${routes.length} routes × ${IDENTITIES.length} identities; slowest routes (ms in all): ${JSON.stringify(slowest)}`,
    );
    expect(total).toBeGreaterThanOrEqual(MIN_TOTAL_REQUESTS);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(({} as Record<string, unknown>)['isReviewer']).toBeUndefined();
  });
});
