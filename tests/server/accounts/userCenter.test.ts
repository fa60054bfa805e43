// The user center's server side: session user with certification status, language preference kept
// for mails, and the caller's own login history with the one-year range limit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { companies } from '../../../src/server/db/schema/index';
import { createTestApp, type TestApp } from '../../support/testApp';
import { Caller, createAccount, login, userRow } from './support/accountsClient';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;

async function signedIn(lang: 'zh-cn' | 'en-us' = 'en-us') {
  const caller = new Caller(t, undefined, lang);
  const account = await createAccount(t);
  caller.token = (await login(caller, account.email, account.password)).data.token;
  return { caller, account };
}

describe('user info', () => {
  it('shows the company status, audit status and operator id once certified', async () => {
    const { caller, account } = await signedIn();
    await t.app.db
      .update(companies)
      .set({
        certificationStatus: 2,
        auditStatus: 2,
        operatorId: 'OP12345678',
        creditCode: '91110000100000000X',
      })
      .where(eq(companies.id, account.companyId!));
    const res = await caller.get('/ums/user/info');
    expect(res.data).toMatchObject({
      enterpriseCertificationStatus: 2,
      enterpriseAuditStatus: 2,
      operatorId: 'OP12345678',
      companyCreditCode: '91110000100000000X',
      companyName: 'Acme Trading Ltd',
      firstName: 'Ada',
      lastName: 'Lovelace',
      position: 'manager',
      language: 'en-us',
    });
  });

  it('needs a session', async () => {
    const res = await new Caller(t).get('/ums/user/info');
    expect([res.status, res.code]).toEqual([401, Codes.noToken.code]);
  });
});

describe('preferences', () => {
  it('keeps the language on the server, and mails then use it', async () => {
    const { caller, account } = await signedIn();
    const res = await caller.post('/ums/user/preferences', { language: 'zh-cn' });
    expect(res).toMatchObject({ code: 200, data: { language: 'zh-cn' } });
    expect((await userRow(t, account.userId)).language).toBe('zh-cn');
    expect((await caller.get('/ums/user/info')).data.language).toBe('zh-cn');
    expect((await caller.post('/ums/user/preferences', { language: 'fr' })).status).toBe(400);
  });
});

describe('login history', () => {
  it("lists only the caller's attempts, newest first, paged", async () => {
    const { caller, account } = await signedIn();
    const stranger = await signedIn();
    t.clock.advance(1000);
    await login(new Caller(t), account.email, 'Wrong#Pass1');
    t.clock.advance(1000);
    await login(new Caller(t), account.email, account.password);
    const page1 = await caller.get('/ums/user/login-history', { page: '1', pageSize: '2' });
    expect(page1.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.data.items.map((i: { result: string }) => i.result)).toEqual(['success', 'wrongPassword']);
    expect(page1.data.items[0]).toMatchObject({ device: 'Chrome 126 · Windows' });
    expect(Date.parse(page1.data.items[0].time)).toBeGreaterThan(Date.parse(page1.data.items[1].time));
    const page2 = await caller.get('/ums/user/login-history', { page: '2', pageSize: '2' });
    expect(page2.data.items).toHaveLength(1);
    const theirs = await stranger.caller.get('/ums/user/login-history');
    expect(theirs.data.total).toBe(1);
  });

  it('filters by a date range of at most one year', async () => {
    const { caller } = await signedIn('zh-cn');
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const inRange = await caller.get('/ums/user/login-history', {
      from: iso(now - 365 * DAY),
      to: iso(now + 1000),
    });
    expect(inRange.data.total).toBe(1);
    const before = await caller.get('/ums/user/login-history', {
      from: iso(now - 10 * DAY),
      to: iso(now - DAY),
    });
    expect(before.data).toMatchObject({ total: 0, items: [] });
    const tooLong = await caller.get('/ums/user/login-history', { from: iso(now - 400 * DAY), to: iso(now) });
    expect(tooLong).toMatchObject({
      status: 200,
      code: Codes.dateRangeTooLong.code,
      msg: '日期范围限制为一年',
    });
    caller.lang = 'en-us';
    expect(
      (await caller.get('/ums/user/login-history', { from: iso(now - 400 * DAY), to: iso(now) })).msg,
    ).toBe('Date range limited to one year');
    const reversed = await caller.get('/ums/user/login-history', { from: iso(now), to: iso(now - DAY) });
    expect(reversed.status).toBe(400);
    expect((await caller.get('/ums/user/login-history', { from: 'yesterday' })).status).toBe(400);
  });
});
