// Access matrix (issue 10 §4, issue 21 §4): every API route, read from the app, × {anonymous,
// applicant of company A, applicant of company B, and one back-office account per role: reviewer,
// approver, support, admin}, each with its expected status and code written below. A route without
// a row fails the suite, so a new back-office route cannot ship without its rule. Then the cross-company rules in detail: B never
// reads or changes A's certification draft, files, card application or verification sessions,
// always 404 (not 403), and A's real file ids answer B exactly like ids that do not exist.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, type CodeName } from '../../../src/contract/codes';
import { cardApplications } from '../../../src/server/db/schema/card';
import { certificationApplications } from '../../../src/server/db/schema/certification';
import { storedFiles } from '../../../src/server/db/schema/files';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import { apiRoutesOf, type ApiRoute } from '../../support/securityRoutes';
import { buildWorld, type World } from '../../support/securityWorld';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';

const STAFF = ['reviewer', 'approver', 'support', 'admin'] as const;
type Staff = (typeof STAFF)[number];
type Who = 'anonymous' | 'applicantA' | 'applicantB' | Staff;
/** B before A, so that A's own changes (a deleted file, a closed session) come last. */
const WHO: readonly Who[] = ['anonymous', 'applicantB', ...STAFF, 'applicantA'];

/** [HTTP status, code name]; `raw` for a success that is not an envelope (a file, a stream, a page). */
type Expected = readonly [number, CodeName | 'raw'];
type Row = Record<Who, Expected>;

const OK: Expected = [200, 'ok'];
const RAW: Expected = [200, 'raw'];
const SIGN_IN: Expected = [401, 'noToken'];
const FORBIDDEN: Expected = [403, 'forbidden'];
const NOT_FOUND: Expected = [404, 'notFound'];
const INVALID: Expected = [400, 'validationFailed'];

/** Every back-office account alike. */
const staff = (e: Expected): Record<Staff, Expected> => ({ reviewer: e, approver: e, support: e, admin: e });
const everyone = (e: Expected): Row => ({ anonymous: e, applicantA: e, applicantB: e, ...staff(e) });
const signedIn = (e: Expected): Row => ({ anonymous: SIGN_IN, applicantA: e, applicantB: e, ...staff(e) });
const applicantOnly = (a: Expected, b: Expected = a): Row => ({
  anonymous: SIGN_IN,
  applicantA: a,
  applicantB: b,
  ...staff(FORBIDDEN),
});
/** A back-office route: the roles named get through to the route's own checks, every other 403. */
const backOffice = (allowed: Partial<Record<Staff, Expected>>): Row => ({
  anonymous: SIGN_IN,
  applicantA: FORBIDDEN,
  applicantB: FORBIDDEN,
  ...staff(FORBIDDEN),
  ...allowed,
});
/** Reading cases (issue 21 §4): every role (admin too, so that it can reassign claims). */
const caseReaders = (e: Expected) => backOffice(staff(e));
/** Deciding: reviewers only (an approval is then a proposal). */
const deciders = (e: Expected) => backOffice({ reviewer: e });
const admins = (e: Expected) => backOffice({ admin: e });
/** The second pair of eyes: approvers confirm or decline a proposed approval. */
const confirmers = (e: Expected) => backOffice({ approver: e });
/** Claiming a case for oneself: those who work cases. */
const claimers = (e: Expected) => backOffice({ reviewer: e, approver: e });
/** Moving someone's claim to someone else. */
const reassigners = (e: Expected) => backOffice({ approver: e, admin: e });
/** Claims are tried on a case that does not exist: the rule is reached, nothing is held. */
const noCase = () => randomUUID();
/** A's own record named by id: A may, B is told it does not exist, the back office is not an applicant. */
const companyA = (a: Expected): Row => ({
  anonymous: SIGN_IN,
  applicantA: a,
  applicantB: NOT_FOUND,
  ...staff(FORBIDDEN),
});

interface Recipe {
  expect: Row;
  /** The URL's parameter; the body to send, if any. */
  param?: (w: World) => string;
  body?: unknown;
  query?: string;
  /** A success that streams for ever (SSE): read the head over HTTP, then hang up. */
  stream?: boolean;
}

const aFile = (w: World) => w.aFileIds[0]!;
const aFileToDelete = (w: World) => w.aFileIds[w.aFileIds.length - 1]!;
const aSession = (w: World) => w.aVerificationSessionId;
const certification = (w: World) => w.certificationId;
const cardApplication = (w: World) => w.cardApplicationId;
const KEY = 'k'.repeat(43);

/** Every route's row. HEAD is not listed: it answers as the GET beside it (checked the same way). */
const MATRIX: Record<string, Recipe> = {
  'GET /plat/health': { expect: everyone(OK) },
  'GET /plat/docs': { expect: everyone(RAW) },
  'GET /plat/dev/mailbox': { expect: everyone(OK) },
  'GET /plat/dev/mailbox/view': { expect: everyone(RAW) },

  // files: A's own document by id
  'POST /plat/files': { expect: signedIn([415, 'unsupportedMediaType']), body: {} },
  'GET /plat/files/:id': {
    expect: { anonymous: SIGN_IN, applicantA: RAW, applicantB: NOT_FOUND, ...staff(RAW) },
    param: aFile,
  },
  'GET /plat/files/:id/meta': {
    expect: { anonymous: SIGN_IN, applicantA: OK, applicantB: NOT_FOUND, ...staff(OK) },
    param: aFile,
  },
  // what the document reader found in it (issue 30): the same access as the file
  'GET /plat/files/:id/reading': {
    expect: { anonymous: SIGN_IN, applicantA: OK, applicantB: NOT_FOUND, ...staff(OK) },
    param: aFile,
  },
  'DELETE /plat/files/:id': {
    expect: { anonymous: SIGN_IN, applicantA: OK, applicantB: NOT_FOUND, ...staff(FORBIDDEN) },
    param: aFileToDelete,
  },

  // accounts
  'GET /plat/ums/crypto/public-key': { expect: everyone(OK) },
  'GET /plat/ums/captcha': { expect: everyone(OK) },
  'POST /plat/ums/captcha/verify': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/user/menu/fields/list': { expect: signedIn(OK), body: { menuKey: 'loginHistory' } },
  'POST /plat/ums/user/menu/fields/save': { expect: signedIn(INVALID), body: { menuKey: 'loginHistory' } },
  'GET /plat/ums/user/info': { expect: signedIn(OK) },
  'POST /plat/ums/user/preferences': { expect: signedIn(OK), body: { language: 'en-us' } },
  'GET /plat/ums/user/login-history': { expect: signedIn(OK) },
  'POST /plat/ums/register': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/register/send-code': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/activate': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/activate/resend': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/login': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/logout': { expect: signedIn(OK) },
  'POST /plat/ums/password/forgot': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/password/reset': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/password/reset/check': { expect: everyone(INVALID), body: {} },
  'POST /plat/ums/password/change': { expect: signedIn(INVALID), body: {} },

  // configuration and support: public
  'POST /plat/config-management/business-paramters/check-business-status': {
    expect: everyone(OK),
    body: { registerLink: 'no-such-link' },
  },
  'GET /plat/config-management/public-config': { expect: everyone(OK) },
  'POST /plat/support/messages': {
    expect: everyone(OK),
    body: { email: 'someone@example.com', message: 'Hello' },
  },
  // Support by reference (issue 19 §5): applicants send, the back office reads by reference.
  'POST /plat/support/references': { expect: applicantOnly(INVALID), body: {} },
  'GET /plat/admin/support-references/:reference': {
    expect: caseReaders(NOT_FOUND),
    param: () => 'SR-2222-2222',
  },

  // card application and certification: the caller's own company, never named in the URL
  'GET /plat/card/application': { expect: applicantOnly(OK) },
  'GET /plat/card/purposes': { expect: applicantOnly(OK) },
  'GET /plat/card/questionnaire': { expect: applicantOnly(OK) },
  // Neither A (under review) nor B (new) is certified yet.
  'POST /plat/card/application/save': { expect: applicantOnly([403, 'certificationRequired']), body: {} },
  'POST /plat/card/application/submit': { expect: applicantOnly([403, 'certificationRequired']), body: {} },
  'GET /plat/kyb/application': { expect: applicantOnly(OK) },
  'GET /plat/kyb/authorization-letter-template': { expect: applicantOnly(RAW) },
  'POST /plat/kyb/location': { expect: applicantOnly(INVALID), body: {} },
  'POST /plat/kyb/draft': { expect: applicantOnly(INVALID), body: {} },
  'POST /plat/kyb/submit': { expect: applicantOnly(INVALID), body: {} },

  // QR verification: the desktop's sessions by id (A's), the phone's by key (nobody's here)
  'POST /plat/verify/sessions': { expect: applicantOnly(INVALID), body: {} },
  'GET /plat/verify/sessions/:id': { expect: companyA(OK), param: aSession },
  'GET /plat/verify/sessions/:id/events': { expect: companyA(RAW), param: aSession, stream: true },
  'POST /plat/verify/sessions/:id/regenerate': {
    expect: companyA([409, 'regenerateTooSoon']),
    param: aSession,
  },
  'POST /plat/verify/sessions/:id/close': { expect: companyA(OK), param: aSession },
  'POST /plat/verify/scan': { expect: everyone(NOT_FOUND), body: { token: KEY } },
  'GET /plat/verify/phone': { expect: everyone(NOT_FOUND), query: `?key=${KEY}` },
  'POST /plat/verify/consent': { expect: everyone(NOT_FOUND), body: { key: KEY, accepted: true } },
  'POST /plat/verify/cancel': { expect: everyone(NOT_FOUND), body: { key: KEY } },
  'POST /plat/verify/capture': { expect: everyone([415, 'unsupportedMediaType']), body: {} },
  // The phone's guidance models: public (the phone has no session), only the listed files.
  'GET /plat/verify/face-models/:file': { expect: everyone(RAW), param: () => 'blazeface.bin' },

  // back office (issue 21 §4): each role as backOfficeRoles.ts says, whatever an applicant sends
  'GET /plat/admin/certifications': { expect: caseReaders(OK) },
  'GET /plat/admin/certifications/:id': { expect: caseReaders(OK), param: certification },
  'GET /plat/admin/certifications/:id/changes': { expect: caseReaders(OK), param: certification },
  'POST /plat/admin/certifications/:id/approve': {
    expect: deciders(INVALID),
    param: certification,
    body: {},
  },
  'POST /plat/admin/certifications/:id/reject': {
    expect: deciders([400, 'reasonRequired']),
    param: certification,
    body: {},
  },
  'POST /plat/admin/certifications/:id/field-comments': {
    expect: deciders(INVALID),
    param: certification,
    body: {},
  },
  'POST /plat/admin/certifications/:id/field-flags': {
    expect: deciders(INVALID),
    param: certification,
    body: {},
  },
  'POST /plat/admin/certifications/:id/request-revision': {
    expect: deciders([400, 'reasonRequired']),
    param: certification,
    body: {},
  },
  'POST /plat/admin/certifications/:id/face-override': {
    expect: deciders([400, 'reasonRequired']),
    param: certification,
    body: {},
  },
  'GET /plat/admin/card-applications': { expect: caseReaders(OK) },
  'GET /plat/admin/card-applications/:id': { expect: caseReaders(OK), param: cardApplication },
  'GET /plat/admin/card-applications/:id/changes': { expect: caseReaders(OK), param: cardApplication },
  'POST /plat/admin/card-applications/:id/approve': {
    expect: deciders(INVALID),
    param: cardApplication,
    body: {},
  },
  'POST /plat/admin/card-applications/:id/reject': {
    expect: deciders([400, 'reasonRequired']),
    param: cardApplication,
    body: {},
  },
  // Card revisions (docs/decisions/back-office.md "Card applications: flags, comments and a revision request"): the same rules as a certification's.
  'POST /plat/admin/card-applications/:id/request-revision': {
    expect: deciders([400, 'reasonRequired']),
    param: cardApplication,
    body: {},
  },
  'POST /plat/admin/card-applications/:id/field-comments': {
    expect: deciders(INVALID),
    param: cardApplication,
    body: {},
  },
  'POST /plat/admin/card-applications/:id/field-flags': {
    expect: deciders(INVALID),
    param: cardApplication,
    body: {},
  },
  'POST /plat/admin/certifications/:id/confirm-approval': {
    expect: confirmers(INVALID),
    param: certification,
    body: {},
  },
  'POST /plat/admin/certifications/:id/decline-approval': {
    expect: confirmers([400, 'reasonRequired']),
    param: certification,
    body: {},
  },
  'POST /plat/admin/certifications/:id/claim': { expect: claimers(NOT_FOUND), param: noCase },
  'POST /plat/admin/certifications/:id/release': { expect: claimers(NOT_FOUND), param: noCase },
  'POST /plat/admin/certifications/:id/reassign': { expect: reassigners(INVALID), param: noCase, body: {} },
  'POST /plat/admin/card-applications/:id/confirm-approval': {
    expect: confirmers(INVALID),
    param: cardApplication,
    body: {},
  },
  'POST /plat/admin/card-applications/:id/decline-approval': {
    expect: confirmers([400, 'reasonRequired']),
    param: cardApplication,
    body: {},
  },
  'POST /plat/admin/card-applications/:id/claim': { expect: claimers(NOT_FOUND), param: noCase },
  'POST /plat/admin/card-applications/:id/release': { expect: claimers(NOT_FOUND), param: noCase },
  'POST /plat/admin/card-applications/:id/reassign': {
    expect: reassigners(INVALID),
    param: noCase,
    body: {},
  },
  'GET /plat/admin/claims/assignees': { expect: reassigners(OK) },
  'GET /plat/admin/partner-links': { expect: admins(OK) },
  'POST /plat/admin/partner-links': { expect: admins(INVALID), body: {} },
  'POST /plat/admin/partner-links/:code/disable': { expect: admins(OK), param: (w) => w.partnerCode },
  'GET /plat/admin/accounts': { expect: admins(OK) },
  'POST /plat/admin/accounts': { expect: admins(INVALID), body: {} },
  'POST /plat/admin/accounts/:id/roles': { expect: admins(INVALID), param: () => randomUUID(), body: {} },
  'POST /plat/admin/accounts/:id/disable': { expect: admins(NOT_FOUND), param: () => randomUUID() },
  'POST /plat/admin/accounts/:id/enable': { expect: admins(NOT_FOUND), param: () => randomUUID() },
};

let t: TestApp;
let world: World;
let routes: ApiRoute[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.mail.worker.stop();
  world = await buildWorld(t);
  routes = apiRoutesOf(t.app);
}, 180_000);
afterAll(() => t?.close());

function userOf(who: Who): SignedIn | null {
  if (who === 'anonymous') return null;
  return {
    applicantA: world.a,
    applicantB: world.b,
    reviewer: world.reviewer,
    approver: world.approver,
    support: world.support,
    admin: world.admin,
  }[who];
}

/** A fresh session per call, so a matrix row like logout cannot sign the next row out. */
async function headersOf(who: Who): Promise<Record<string, string>> {
  const user = userOf(who);
  if (!user) return { language: '1' };
  const { token } = await t.app.sessions.create(user.userId);
  return { authorization: `Bearer ${token}`, language: '1' };
}

async function answer(route: ApiRoute, recipe: Recipe, who: Who): Promise<[number, string]> {
  // Rate limits are their own suite; here every row must reach its route's checks.
  await t.app.pool.query('DELETE FROM rate_limit_counters');
  const url = route.url.replace(/:(\w+)/g, () => recipe.param!(world)) + (recipe.query ?? '');
  const headers = await headersOf(who);
  if (recipe.stream) {
    const abort = new AbortController();
    const res = await fetch(`${t.url}${url}`, { headers, signal: abort.signal });
    const type = res.headers.get('content-type') ?? '';
    const out: [number, string] = type.startsWith('text/event-stream')
      ? [res.status, 'raw']
      : [res.status, codeNameOf(((await res.json()) as { code: number }).code)];
    abort.abort();
    return out;
  }
  if (recipe.body !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    payload: recipe.body === undefined ? undefined : JSON.stringify(recipe.body),
  });
  if (route.method === 'HEAD') return [res.statusCode, res.statusCode === 200 ? 'head' : 'head'];
  if (
    !String(res.headers['content-type'] ?? '').startsWith('application/json') ||
    route.key === 'GET /plat/docs'
  ) {
    return [res.statusCode, 'raw'];
  }
  return [res.statusCode, codeNameOf((res.json() as { code: number }).code)];
}

function codeNameOf(code: number): string {
  return Object.entries(Codes).find(([, e]) => e.code === code)?.[0] ?? `unknown code ${code}`;
}

describe.sequential('access matrix', () => {
  it('every route of the app has a row (HEAD answers as its GET)', () => {
    const keys = routes.filter((r) => r.method !== 'HEAD').map((r) => r.key);
    expect(keys.filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !keys.includes(k))).toEqual([]);
    for (const head of routes.filter((r) => r.method === 'HEAD')) expect(keys).toContain(`GET ${head.url}`);
  });

  it('every route answers each caller as its row says', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const recipe = MATRIX[route.method === 'HEAD' ? `GET ${route.url}` : route.key];
      if (!recipe || (recipe.stream && route.method === 'HEAD')) continue;
      for (const who of WHO) {
        const [status, code] = await answer(route, recipe, who);
        const [wantStatus, wantCode] = recipe.expect[who];
        const want = route.method === 'HEAD' ? 'head' : wantCode;
        if (status !== wantStatus || code !== want) {
          wrong.push(`${route.key} as ${who}: ${status} ${code}, expected ${wantStatus} ${want}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});

describe('no cross-company reads or writes', () => {
  async function call(who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
    const res = await t.app.inject({
      method,
      url: `/plat${url}`,
      headers: {
        ...who.headers,
        language: '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body };
  }
  const rowOf = async (
    table:
      | typeof storedFiles
      | typeof verificationSessions
      | typeof certificationApplications
      | typeof cardApplications,
    id: string,
  ) => JSON.stringify(await t.app.db.select().from(table).where(eq(table.id, id)));

  it('B reading A’s certification sees only its own (empty) application, and B’s saves leave A’s untouched', async () => {
    const aBefore = await rowOf(certificationApplications, world.certificationId);
    const view = await call(world.b, 'GET', '/kyb/application');
    expect(view.status).toBe(200);
    for (const id of [world.certificationId, ...world.aFileIds]) expect(view.body).not.toContain(id);
    // B names A's documents in its own draft: refused, nothing stored (issue 22 §4).
    await call(world.b, 'POST', '/kyb/location', { location: 'CN', confirm: true });
    const versionOf = async () =>
      (JSON.parse((await call(world.b, 'GET', '/kyb/application')).body) as { data: { version: number } })
        .data.version;
    const saved = await call(world.b, 'POST', '/kyb/draft', {
      step: 'uploadEquityStructureChart',
      values: { equityStructureChartFileId: aFile(world) },
      currentStep: 'uploadEquityStructureChart',
      version: await versionOf(),
    });
    expect(saved.status).toBe(400);
    expect((JSON.parse(saved.body) as { code: number }).code).toBe(Codes.fileNotOwned.code);
    const after = JSON.parse((await call(world.b, 'GET', '/kyb/application')).body) as {
      data: { files: unknown[]; draft: Record<string, unknown> };
    };
    expect(after.data.files).toEqual([]);
    expect(after.data.draft['uploadEquityStructureChart']).toBeUndefined();
    expect(await rowOf(certificationApplications, world.certificationId)).toBe(aBefore);
  });

  it('B cannot read, delete or reuse C’s card-application document, and C’s application is untouched', async () => {
    const cBefore = await rowOf(cardApplications, world.cardApplicationId);
    const fileBefore = await rowOf(storedFiles, world.cFileId);
    const view = await call(world.b, 'GET', '/card/application');
    expect(view.body).not.toContain(world.cFileId);
    expect(view.body).not.toContain(world.cardApplicationId);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(world.b, method, `/files/${world.cFileId}`)).status).toBe(404);
    }
    expect((await call(world.b, 'GET', `/files/${world.cFileId}/meta`)).status).toBe(404);
    expect(await rowOf(cardApplications, world.cardApplicationId)).toBe(cBefore);
    expect(await rowOf(storedFiles, world.cFileId)).toBe(fileBefore);
  });

  it('B reaching A’s verification session gets 404 everywhere and changes nothing', async () => {
    const before = await rowOf(verificationSessions, world.aVerificationSessionId);
    const id = world.aVerificationSessionId;
    for (const [method, url] of [
      ['GET', `/verify/sessions/${id}`],
      ['GET', `/verify/sessions/${id}/events`],
      ['POST', `/verify/sessions/${id}/regenerate`],
      ['POST', `/verify/sessions/${id}/close`],
    ] as const) {
      const res = await call(world.b, method, url);
      expect([url, res.status, JSON.parse(res.body).code]).toEqual([url, 404, Codes.notFound.code]);
    }
    expect(await rowOf(verificationSessions, id)).toBe(before);
  });

  it('file ids are unguessable, and A’s real ids answer B exactly like ids that do not exist', async () => {
    const rows = await t.app.db.select().from(storedFiles);
    for (const row of rows) {
      // Random (version 4) UUIDs, and a 160-bit random storage key on disk.
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.storageKey).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const unknown = await call(world.b, 'GET', `/files/${randomUUID()}`);
    for (const id of world.aFileIds) {
      for (const suffix of ['', '/meta']) {
        const res = await call(world.b, 'GET', `/files/${id}${suffix}`);
        expect(res).toEqual(unknown);
        expect((await call(world.b, 'GET', `/files/${id.toUpperCase()}${suffix}`)).status).toBe(404);
      }
    }
    // Guessing: 300 random ids, none of them anybody's.
    for (let i = 0; i < 300; i++)
      expect((await call(world.b, 'GET', `/files/${randomUUID()}/meta`)).status).toBe(404);
  });
});
