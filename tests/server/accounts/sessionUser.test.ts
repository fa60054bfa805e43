// The session user as PostgreSQL builds it (src/server/services/accounts/sessionUser.ts, one JSON
// value instead of eighteen columns, issue 31 §5): every SessionUser field, with its JavaScript type
// (arrays stay arrays, integers numbers, missing values null), the same from the login answer and
// from every later request's session lookup.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/contract/api/accounts';
import { companies, users } from '../../../src/server/db/schema/index';
import { createTestApp, type TestApp } from '../../support/testApp';
import { Caller, createAccount, login } from './support/accountsClient';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function signIn(account: { email: string; password: string }) {
  const caller = new Caller(t);
  const res = await login(caller, account.email, account.password);
  expect(res.code).toBe(200);
  caller.token = res.data.token as string;
  return { caller, fromLogin: res.data.user as SessionUser };
}

describe('session user', () => {
  it("is every field of an applicant's account and company, the same at login and on each request", async () => {
    const account = await createAccount(t);
    await t.app.db
      .update(users)
      .set({ phoneAreaCode: '+852', phone: '91234567' })
      .where(eq(users.id, account.userId));
    await t.app.db
      .update(companies)
      .set({
        certificationStatus: 2,
        auditStatus: 1,
        operatorId: 'OP00000001',
        creditCode: '91110000100000000X',
      })
      .where(eq(companies.id, account.companyId!));
    const { caller, fromLogin } = await signIn(account);
    const expected: SessionUser = {
      userId: account.userId,
      email: account.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneAreaCode: '+852',
      phone: '91234567',
      role: 'applicant',
      backOfficeRoles: [],
      position: 'manager',
      accountStatus: 'active',
      language: 'en-us',
      operatorId: 'OP00000001',
      companyId: account.companyId!,
      companyName: 'Acme Trading Ltd',
      companyLocation: 'HK',
      companyCreditCode: '91110000100000000X',
      enterpriseCertificationStatus: 2,
      enterpriseAuditStatus: 1,
    };
    expect(fromLogin).toStrictEqual(expected);
    expect((await caller.get('/ums/user/info')).data).toStrictEqual(expected);
  });

  it("is a reviewer's account with its back-office roles and no company (-1)", async () => {
    const account = await createAccount(t, { role: 'reviewer' });
    await t.app.db
      .update(users)
      .set({ backOfficeRoles: ['reviewer', 'approver'] })
      .where(eq(users.id, account.userId));
    const { caller, fromLogin } = await signIn(account);
    const info = (await caller.get('/ums/user/info')).data as SessionUser;
    expect(info).toStrictEqual(fromLogin);
    expect(info).toMatchObject({
      role: 'reviewer',
      backOfficeRoles: ['reviewer', 'approver'],
      position: null,
      phone: null,
      operatorId: null,
      companyId: null,
      companyName: null,
      companyLocation: null,
      companyCreditCode: null,
      enterpriseCertificationStatus: -1,
      enterpriseAuditStatus: null,
    });
    expect(Object.keys(info).sort()).toEqual(Object.keys(fromLogin).sort());
    expect(Object.keys(info)).toHaveLength(18);
  });
});
