// Issue 8 "role separation for every route": every /plat/admin route refuses anonymous callers
// (401) and applicants (403) whatever they send, and lets the back-office role it is for through
// (reviewers; admins for partner links; every role per route: tests/server/security/accessMatrix);
// reviewer sessions are refused by the applicant APIs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath } from '../../../src/contract/api/admin';
import { Codes } from '../../../src/contract/codes';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, reviewer, seedCardApplication, seedCertification } from './support';

let t: TestApp;
let applicantCaller: SignedIn;
let reviewerCaller: SignedIn;
let adminCaller: SignedIn;
let certificationId: string;
let cardId: string;

beforeAll(async () => {
  t = await createTestApp();
  applicantCaller = await signInAs(t.app, { role: 'applicant' });
  reviewerCaller = await reviewer(t);
  adminCaller = await signInAs(t.app, { role: 'reviewer', roles: ['admin'] });
  certificationId = (await seedCertification(t.app, { status: 'underReview', submittedAt: new Date() }))
    .application.id;
  cardId = (await seedCardApplication(t.app, { status: 'underReview', submittedAt: new Date() })).application
    .id;
});
afterAll(async () => {
  await t?.close();
});

type Route = { method: 'GET' | 'POST'; path: () => string; body?: unknown; admin?: true };

const routes: Route[] = [
  { method: 'GET', path: () => AdminPaths.certifications },
  { method: 'GET', path: () => adminPath(AdminPaths.certificationCase, { id: certificationId }) },
  {
    method: 'POST',
    path: () => adminPath(AdminPaths.certificationApprove, { id: certificationId }),
    body: { version: 999 },
  },
  {
    method: 'POST',
    path: () => adminPath(AdminPaths.certificationReject, { id: certificationId }),
    body: { version: 999, reason: 'x' },
  },
  {
    method: 'POST',
    path: () => adminPath(AdminPaths.certificationRequestRevision, { id: certificationId }),
    body: { version: 999, fields: ['uploadOtherInfo.note'], comment: 'x' },
  },
  { method: 'GET', path: () => AdminPaths.cardApplications },
  { method: 'GET', path: () => adminPath(AdminPaths.cardApplicationCase, { id: cardId }) },
  {
    method: 'POST',
    path: () => adminPath(AdminPaths.cardApplicationApprove, { id: cardId }),
    body: { version: 999 },
  },
  {
    method: 'POST',
    path: () => adminPath(AdminPaths.cardApplicationReject, { id: cardId }),
    body: { version: 999, reason: 'x' },
  },
  { method: 'GET', path: () => AdminPaths.partnerLinks, admin: true },
  {
    method: 'POST',
    path: () => AdminPaths.partnerLinkCreate,
    body: { partnerName: 'Role Test Partner' },
    admin: true,
  },
  {
    method: 'POST',
    path: () => adminPath(AdminPaths.partnerLinkDisable, { code: 'no-such-code' }),
    body: {},
    admin: true,
  },
];

describe.each(routes)('$method route %#', (route) => {
  it('anonymous → 401 noToken, an applicant → 403 forbidden, its back-office role gets through', async () => {
    const anonymous = await call(t, null, route.method, route.path(), route.body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(Codes.noToken.code);

    const byApplicant = await call(t, applicantCaller, route.method, route.path(), route.body);
    expect(byApplicant.status).toBe(403);
    expect(byApplicant.body.code).toBe(Codes.forbidden.code);

    const byReviewer = await call(
      t,
      route.admin ? adminCaller : reviewerCaller,
      route.method,
      route.path(),
      route.body,
    );
    expect([401, 403]).not.toContain(byReviewer.status);
    expect(byReviewer.status).toBeLessThan(500);
  });

  it('refuses an applicant even with a malformed body or id (the guard runs first)', async () => {
    const path = route.path().replace(/[0-9a-f-]{36}/, 'not-a-uuid');
    const res = await call(
      t,
      applicantCaller,
      route.method,
      path,
      route.method === 'POST' ? { junk: true } : undefined,
    );
    expect(res.status).toBe(403);
  });
});

describe('reviewer sessions and the applicant APIs', () => {
  it.each([
    ['GET', '/kyb/application'],
    ['POST', '/kyb/draft'],
    ['POST', '/kyb/submit'],
    ['GET', '/card/application'],
    ['POST', '/card/application/submit'],
  ] as const)('%s %s → 403 for a reviewer', async (method, path) => {
    const res = await call(t, reviewerCaller, method, path, method === 'POST' ? { version: 0 } : undefined);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(Codes.forbidden.code);
  });
});

describe('case ids', () => {
  it.each(['not-a-uuid', randomUUID(), "1' or '1'='1"])('GET a case with id %s → 404', async (id) => {
    for (const path of [AdminPaths.certificationCase, AdminPaths.cardApplicationCase]) {
      const res = await call(t, reviewerCaller, 'GET', adminPath(path, { id }));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(Codes.notFound.code);
    }
  });

  it('a decision on an unknown or malformed id → 404', async () => {
    for (const id of ['nope', randomUUID()]) {
      const res = await call(t, reviewerCaller, 'POST', adminPath(AdminPaths.certificationApprove, { id }), {
        version: 0,
      });
      expect(res.status).toBe(404);
    }
  });
});
