// Issue 21 §4: an admin creates, disables and assigns roles to back-office accounts through the API;
// roles apply on the next request, a disabled account's sessions end, an admin cannot lock
// themselves out, and bad input is a 400 (never a 500). Support reads cases and decides nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath } from '../../../src/contract/api/admin';
import {
  BackOfficeAccountPaths,
  backOfficeAccountPath,
  type BackOfficeAccount,
} from '../../../src/contract/api/backOfficeAccounts';
import { Codes } from '../../../src/contract/codes';
import type { Page } from '../../../src/contract/envelope';
import { users } from '../../../src/server/db/schema/accounts';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, mailsTo, seedCertification } from './support';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.mail.worker.stop();
  admin = await signInAs(t.app, { role: 'reviewer', roles: ['admin'], language: 'en-us' });
});
afterAll(() => t?.close());

const create = (body: unknown) =>
  call<BackOfficeAccount>(t, admin, 'POST', BackOfficeAccountPaths.create, body);
const setRoles = (id: string, roles: unknown, who: SignedIn = admin) =>
  call<BackOfficeAccount>(t, who, 'POST', backOfficeAccountPath(BackOfficeAccountPaths.setRoles, id), {
    roles,
  });

describe('back-office accounts', () => {
  it('an admin creates an account with roles; it gets a set-password mail and is listed', async () => {
    const made = await create({
      email: ' New.Reviewer@Example.com ',
      firstName: 'Nia',
      lastName: 'Reviewer',
      language: 'en-us',
      roles: ['reviewer', 'approver', 'reviewer'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      email: 'new.reviewer@example.com',
      roles: ['reviewer', 'approver'],
      status: 'active',
    });
    const mails = await mailsTo(t.app, 'new.reviewer@example.com', 'resetPassword');
    expect(mails).toHaveLength(1);
    const list = await call<Page<BackOfficeAccount>>(
      t,
      admin,
      'GET',
      `${BackOfficeAccountPaths.list}?pageSize=100`,
    );
    expect(list.body.data.items.map((a) => a.email)).toContain('new.reviewer@example.com');
    // Applicants are not back-office accounts.
    expect(list.body.data.items.every((a) => a.roles.length > 0 || a.status !== 'active')).toBe(true);

    const again = await create({
      email: 'new.reviewer@example.com',
      firstName: 'N',
      lastName: 'R',
      roles: ['support'],
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(Codes.accountEmailTaken.code);
  });

  it.each([
    [{}],
    [{ email: 'x@example.com', firstName: 'X', lastName: 'Y', roles: [] }],
    [{ email: 'x@example.com', firstName: 'X', lastName: 'Y', roles: ['superuser'] }],
    [{ email: 'not-an-email', firstName: 'X', lastName: 'Y', roles: ['reviewer'] }],
    [{ email: 'x@example.com', firstName: 'X'.repeat(101), lastName: 'Y', roles: ['reviewer'] }],
    ['"a string"'],
  ])('bad input %j → 400 validationFailed, nothing stored', async (body) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(Codes.validationFailed.code);
    expect(await t.app.db.select().from(users).where(eq(users.email, 'x@example.com'))).toHaveLength(0);
  });

  it('a role change ends the account’s sessions (spec §8: permissions changed, re-enter); signed in again, a reviewer made support may read but no longer decide', async () => {
    const worker = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer'] });
    const seeded = await seedCertification(t.app, { status: 'underReview', submittedAt: new Date() });
    const reject = (who: { headers: Record<string, string> }) =>
      call(t, who, 'POST', adminPath(AdminPaths.certificationReject, { id: seeded.application.id }), {
        version: seeded.application.version,
        reason: 'Not readable.',
      });
    /** The same account signed in again, as after the re-entry. */
    const signInAgain = async () => {
      const { token } = await t.app.sessions.create(worker.userId);
      return { ...worker, token, headers: { authorization: `Bearer ${token}` } };
    };

    expect((await setRoles(worker.userId, ['support'])).body.data.roles).toEqual(['support']);
    const stale = await reject(worker);
    expect(stale.body.code).toBe(Codes.permissionsChanged.code);
    const support = await signInAgain();
    const refused = await reject(support);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(Codes.forbidden.code);
    const read = await call(
      t,
      support,
      'GET',
      adminPath(AdminPaths.certificationCase, { id: seeded.application.id }),
    );
    expect(read.status).toBe(200);

    // The same roles again change nothing: the session stays.
    await setRoles(worker.userId, ['support']);
    expect(
      (await call(t, support, 'GET', adminPath(AdminPaths.certificationCase, { id: seeded.application.id })))
        .status,
    ).toBe(200);

    await setRoles(worker.userId, ['reviewer']);
    expect((await reject(await signInAgain())).status).toBe(200);
  });

  it('disabling ends the account’s sessions (permissionsChanged); enabling lets it sign in again', async () => {
    const worker = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer'] });
    const path = backOfficeAccountPath(BackOfficeAccountPaths.disable, worker.userId);
    expect((await call<BackOfficeAccount>(t, admin, 'POST', path, {})).body.data.status).toBe('disabled');
    const after = await call(t, worker, 'GET', AdminPaths.certifications);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(Codes.permissionsChanged.code);
    const enabled = await call<BackOfficeAccount>(
      t,
      admin,
      'POST',
      backOfficeAccountPath(BackOfficeAccountPaths.enable, worker.userId),
      {},
    );
    expect(enabled.body.data.status).toBe('active');
    const fresh = await t.app.sessions.create(worker.userId);
    const back = await call(
      t,
      { headers: { authorization: `Bearer ${fresh.token}` } },
      'GET',
      AdminPaths.certifications,
    );
    expect(back.status).toBe(200);
  });

  it('an admin cannot disable their own account nor drop their own admin role', async () => {
    const own = await call(
      t,
      admin,
      'POST',
      backOfficeAccountPath(BackOfficeAccountPaths.disable, admin.userId),
      {},
    );
    expect(own.status).toBe(409);
    expect(own.body.code).toBe(Codes.ownAdminAccount.code);
    const drop = await setRoles(admin.userId, ['reviewer']);
    expect(drop.status).toBe(409);
    expect(drop.body.code).toBe(Codes.ownAdminAccount.code);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, admin.userId));
    expect(row).toMatchObject({ status: 'active', backOfficeRoles: ['admin'] });
  });

  it('an applicant’s id, an unknown id or a malformed one → 404; nobody but an admin manages accounts', async () => {
    const applicant = await signInAs(t.app, { role: 'applicant' });
    for (const id of [applicant.userId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await setRoles(id, ['reviewer']);
      expect(res.status).toBe(404);
    }
    for (const roles of [['reviewer', 'approver', 'support'] as const]) {
      const other = await signInAs(t.app, { role: 'reviewer', roles: [...roles] });
      const res = await call(t, other, 'GET', BackOfficeAccountPaths.list);
      expect(res.status).toBe(403);
    }
  });
});
