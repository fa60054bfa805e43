// Issue 21 §2: the queues a team shares. Filters by assignee (mine, nobody's, someone's), company
// type, age (waiting at least N days) and approvals waiting for a second person; search by the
// registration code too; sorting; each row says who has it and whether an approval waits. Bad
// filters are a 400 validationFailed, never a 500.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath, type CertificationQueuePage } from '../../../src/contract/api/admin';
import { ClaimPaths } from '../../../src/contract/api/caseClaims';
import { Codes } from '../../../src/contract/codes';
import { companies } from '../../../src/server/db/schema/accounts';
import { certificationApplications } from '../../../src/server/db/schema/certification';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, seedCertification } from './support';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
const DAY = 24 * 60 * 60 * 1000;
const ids: Record<string, string> = {};

async function seed(
  key: string,
  companyName: string,
  daysAgo: number,
  companyType: string,
  creditCode: string,
) {
  const made = await seedCertification(t.app, {
    status: 'underReview',
    companyName,
    submittedAt: new Date(t.clock.now().getTime() - daysAgo * DAY),
  });
  await t.app.db
    .update(certificationApplications)
    .set({ submittedData: { location: 'CN', completeCompanyInfo: { companyType } } })
    .where(eq(certificationApplications.id, made.application.id));
  await t.app.db.update(companies).set({ creditCode }).where(eq(companies.id, made.company.id));
  ids[key] = made.application.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.mail.worker.stop();
  alice = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer'], language: 'en-us' });
  bob = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer'], language: 'en-us' });
  await seed('a', 'Aster Trading', 20, 'limitedCompany', '91350100MA2XYZ0001');
  await seed('b', 'Birch Holdings', 12, 'partnership', '91350100MA2XYZ0002');
  await seed('c', 'Cedar Works', 3, 'limitedCompany', '91350100MA2XYZ0003');
  await seed('d', 'Dune Goods', 1, 'other', '91440300QQ8ABC0004');
  await call(t, alice, 'POST', adminPath(ClaimPaths.certificationClaim, { id: ids['a']! }));
  await call(t, bob, 'POST', adminPath(ClaimPaths.certificationClaim, { id: ids['b']! }));
  const [c] = await t.app.db
    .select({ version: certificationApplications.version })
    .from(certificationApplications)
    .where(eq(certificationApplications.id, ids['c']!));
  await call(t, alice, 'POST', adminPath(AdminPaths.certificationApprove, { id: ids['c']! }), {
    version: c!.version,
  });
});
afterAll(() => t?.close());

const queue = (query: string, who: SignedIn = alice) =>
  call<CertificationQueuePage>(t, who, 'GET', `${AdminPaths.certifications}?${query}`);
const listed = async (query: string, who: SignedIn = alice) => {
  const res = await queue(query, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items.map((i) => Object.entries(ids).find(([, id]) => id === i.id)?.[0]);
};

describe('queues a team shares', () => {
  it('filters by assignee: mine, nobody’s, someone’s; each row says who has it', async () => {
    expect(await listed('assignee=me')).toEqual(['a']);
    expect(await listed('assignee=me', bob)).toEqual(['b']);
    expect(await listed(`assignee=${bob.userId}`)).toEqual(['b']);
    expect(await listed('assignee=unassigned')).toEqual(['c', 'd']);
    const page = (await queue('')).body.data;
    expect(page.items.find((i) => i.id === ids['a'])?.claim).toMatchObject({ by: { userId: alice.userId } });
    expect(page.items.find((i) => i.id === ids['d'])?.claim).toBeNull();
  });

  it('filters by company type and by age (waiting at least N days)', async () => {
    expect(await listed('companyType=limitedCompany')).toEqual(['a', 'c']);
    expect(await listed('minAgeDays=10')).toEqual(['a', 'b']);
    expect(await listed('minAgeDays=10&companyType=partnership')).toEqual(['b']);
  });

  it('lists the approvals waiting for a second person', async () => {
    expect(await listed('approval=proposed')).toEqual(['c']);
    const page = (await queue('approval=proposed')).body.data;
    expect(page.items[0]!.approval).toBe('proposed');
    expect((await queue('')).body.data.items.find((i) => i.id === ids['d'])?.approval).toBe(
      'awaitingProposal',
    );
  });

  it('searches the registration code; sorts oldest, newest or by company name; pages on the server', async () => {
    expect(await listed('q=QQ8ABC')).toEqual(['d']);
    expect(await listed('')).toEqual(['a', 'b', 'c', 'd']);
    expect(await listed('sort=newest')).toEqual(['d', 'c', 'b', 'a']);
    expect(await listed('sort=companyName&pageSize=2&page=2')).toEqual(['c', 'd']);
    expect((await queue('sort=companyName&pageSize=2&page=2')).body.data.total).toBe(4);
  });

  it.each([
    'assignee=someone',
    'minAgeDays=-1',
    'minAgeDays=abc',
    'sort=random',
    'companyType=castle',
    'approval=yes',
  ])('%s → 400 validationFailed', async (query) => {
    const res = await queue(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(Codes.validationFailed.code);
  });
});
