// Issue 8 "Queues": submitted and decided cases only (no drafts), oldest first, filters by status,
// location, submission date (≤ one year) and company name / applicant email (wildcards literal),
// paging, and counts per status under the same filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPaths,
  adminPath,
  type CardApplicationCaseView,
  type CardApplicationQueuePage,
  type CertificationQueuePage,
} from '../../../src/contract/api/admin';
import { inArray } from 'drizzle-orm';
import { Codes } from '../../../src/contract/codes';
import { users } from '../../../src/server/db/schema/accounts';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, reviewer, seedCardApplication, seedCertification } from './support';

let t: TestApp;
let alice: SignedIn;
const DAY = 24 * 60 * 60 * 1000;
const base = new Date('2030-03-01T00:00:00Z').getTime();
const at = (days: number) => new Date(base + days * DAY);
const ids: Record<string, string> = {};
const cardIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  alice = await reviewer(t);
  const seeds = [
    {
      key: 'newest',
      status: 'underReview',
      submittedAt: at(5),
      companyName: 'Zeta Holdings',
      location: 'HK',
    },
    {
      key: 'oldest',
      status: 'underReview',
      submittedAt: at(-400),
      companyName: 'Alpha 100% Trading',
      location: 'CN',
    },
    {
      key: 'middle',
      status: 'rejected',
      submittedAt: at(-10),
      companyName: 'Beta_Co',
      location: 'CN',
      email: 'boss@beta.example',
    },
    {
      key: 'revision',
      status: 'revisionRequested',
      submittedAt: at(-5),
      companyName: 'Gamma Ltd',
      location: 'SG',
    },
    { key: 'approved', status: 'approved', submittedAt: at(-3), companyName: 'Delta Ltd', location: 'CN' },
    { key: 'draft', status: 'draft', submittedAt: at(-1), companyName: 'Draft Co', location: 'CN' },
  ];
  for (const { key, ...seed } of seeds) ids[key] = (await seedCertification(t.app, seed)).application.id;
  for (const { key, ...seed } of seeds.filter((s) => s.status !== 'revisionRequested')) {
    const email = seed.email?.replace('@', '@card.');
    cardIds[key] = (await seedCardApplication(t.app, { ...seed, email })).application.id;
  }
});
afterAll(async () => {
  await t?.close();
});

function query(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}
const certQueue = (params: Record<string, string | number> = {}) =>
  call<CertificationQueuePage>(t, alice, 'GET', `${AdminPaths.certifications}?${query(params)}`);
const cardQueue = (params: Record<string, string | number> = {}) =>
  call<CardApplicationQueuePage>(t, alice, 'GET', `${AdminPaths.cardApplications}?${query(params)}`);

describe('certification queue', () => {
  it('lists submitted and decided cases, oldest first, never drafts, with counts per status', async () => {
    const res = await certQueue();
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i) => i.id)).toEqual(
      ['oldest', 'middle', 'revision', 'approved', 'newest'].map((k) => ids[k]),
    );
    expect(res.body.data.items.map((i) => i.id)).not.toContain(ids['draft']);
    expect(res.body.data).toMatchObject({
      total: 5,
      page: 1,
      pageSize: 20,
      counts: { underReview: 2, rejected: 1, revisionRequested: 1, approved: 1 },
    });
    expect(res.body.data.items[1]).toMatchObject({
      companyName: 'Beta_Co',
      applicantEmail: 'boss@beta.example',
      status: 'rejected',
    });
  });

  it('filters by status and location; counts follow the other filters', async () => {
    const review = await certQueue({ status: 'underReview' });
    expect(review.body.data.items.map((i) => i.id)).toEqual([ids['oldest'], ids['newest']]);
    expect(review.body.data.total).toBe(2);
    expect((await certQueue({ status: 'revisionRequested' })).body.data.items.map((i) => i.id)).toEqual([
      ids['revision'],
    ]);
    const cn = await certQueue({ location: 'CN' });
    expect(cn.body.data.items.map((i) => i.id)).toEqual([ids['oldest'], ids['middle'], ids['approved']]);
    expect(cn.body.data.counts).toEqual({ underReview: 1, rejected: 1, revisionRequested: 0, approved: 1 });
  });

  it('searches company name or email, case-insensitively, with % and _ taken literally', async () => {
    expect((await certQueue({ q: 'BETA@' })).body.data.items.map((i) => i.id)).toEqual([]);
    expect((await certQueue({ q: 'boss@BETA' })).body.data.items.map((i) => i.id)).toEqual([ids['middle']]);
    expect((await certQueue({ q: 'zeta' })).body.data.items.map((i) => i.id)).toEqual([ids['newest']]);
    expect((await certQueue({ q: '100%' })).body.data.items.map((i) => i.id)).toEqual([ids['oldest']]);
    // A bare % or _ would match everything if not escaped.
    expect((await certQueue({ q: '%' })).body.data.items.map((i) => i.id)).toEqual([ids['oldest']]);
    expect((await certQueue({ q: '_' })).body.data.items.map((i) => i.id)).toEqual([ids['middle']]);
  });

  it('filters by submission date; a range over one year → dateRangeTooLong; to before from → validationFailed', async () => {
    const week = await certQueue({ from: at(-7).toISOString(), to: at(0).toISOString() });
    expect(week.body.data.items.map((i) => i.id)).toEqual([ids['revision'], ids['approved']]);
    const year = await certQueue({ from: at(-365).toISOString(), to: at(0).toISOString() });
    expect(year.status).toBe(200);
    const tooLong = await certQueue({ from: at(-367).toISOString(), to: at(0).toISOString() });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe(Codes.dateRangeTooLong.code);
    const reversed = await certQueue({ from: at(0).toISOString(), to: at(-1).toISOString() });
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe(Codes.validationFailed.code);
    const bad = await certQueue({ from: 'yesterday' });
    expect(bad.status).toBe(400);
  });

  it('pages without repeating or skipping, total from the same snapshot', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await certQueue({ page, pageSize: 2 });
      expect(res.body.data).toMatchObject({ total: 5, page, pageSize: 2 });
      seen.push(...res.body.data.items.map((i) => i.id));
    }
    expect(seen).toEqual(['oldest', 'middle', 'revision', 'approved', 'newest'].map((k) => ids[k]));
    expect((await certQueue({ pageSize: 101 })).status).toBe(400);
    expect((await certQueue({ status: 'draft' })).status).toBe(400);
  });
});

describe('applicant names in the queues (issue 31)', () => {
  it('writes a Chinese name family name first ("张伟", not "伟 张") in both queues, whatever the language', async () => {
    await t.app.db
      .update(users)
      .set({ firstName: '伟', lastName: '张' })
      .where(inArray(users.email, ['boss@beta.example', 'boss@card.beta.example']));
    for (const language of ['0', '1'] as const) {
      const cert = await call<CertificationQueuePage>(
        t,
        alice,
        'GET',
        `${AdminPaths.certifications}?q=beta`,
        undefined,
        language,
      );
      expect(cert.body.data.items.map((i) => i.applicantName)).toEqual(['张伟']);
      const card = await call<CardApplicationQueuePage>(
        t,
        alice,
        'GET',
        `${AdminPaths.cardApplications}?q=beta`,
        undefined,
        language,
      );
      expect(card.body.data.items.map((i) => i.applicantName)).toEqual(['张伟']);
    }
    // A Latin name keeps given name first.
    const latin = await certQueue({ q: 'zeta' });
    expect(latin.body.data.items.map((i) => i.applicantName)).toEqual(['Seed Applicant']);
  });
});

describe('card application queue', () => {
  it('lists, orders, filters, searches and counts the same way', async () => {
    const all = await cardQueue();
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((i) => i.id)).toEqual(
      ['oldest', 'middle', 'approved', 'newest'].map((k) => cardIds[k]),
    );
    expect(all.body.data.counts).toEqual({ underReview: 2, revisionRequested: 0, rejected: 1, approved: 1 });
    expect(all.body.data.items[0]).toMatchObject({
      status: 'underReview',
      businessPurpose: 'advertising',
      location: 'CN',
    });
    expect((await cardQueue({ status: 'rejected' })).body.data.items.map((i) => i.id)).toEqual([
      cardIds['middle'],
    ]);
    expect((await cardQueue({ location: 'HK' })).body.data.items.map((i) => i.id)).toEqual([
      cardIds['newest'],
    ]);
    expect((await cardQueue({ q: 'beta_' })).body.data.items.map((i) => i.id)).toEqual([cardIds['middle']]);
    const tooLong = await cardQueue({ from: at(-400).toISOString(), to: at(0).toISOString() });
    expect(tooLong.body.code).toBe(Codes.dateRangeTooLong.code);
  });

  it("names each case's status after the chart's state; a saved draft's case reads 'saved', with nothing to decide", async () => {
    // The queue's statuses are the card chart's state names (src/contract/api/admin.ts CardQueueStatus).
    const all = await cardQueue();
    expect(all.body.data.items.map((i) => [i.id, i.status])).toEqual([
      [cardIds['oldest'], 'underReview'],
      [cardIds['middle'], 'rejected'],
      [cardIds['approved'], 'approved'],
      [cardIds['newest'], 'underReview'],
    ]);
    // A draft is no case of the queue, but its case view answers (status CardQueueStatus | 'saved').
    const draft = await call<CardApplicationCaseView>(
      t,
      alice,
      'GET',
      adminPath(AdminPaths.cardApplicationCase, { id: cardIds['draft']! }),
    );
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({ status: 'saved', allowedDecisions: [] });
  });
});
