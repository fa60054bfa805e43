// The entry rule of spec §2 and the lifecycle chart on the server: drafts are saved only in status 0
// or 1/3, the location locks once confirmed, stale versions are refused, and every refusal leaves
// the records as they were. Re-application after a rejection starts from the submitted data.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificationView, DraftConflictData } from '../../../src/contract/api/certification';
import { Codes } from '../../../src/contract/codes';
import { companies } from '../../../src/server/db/schema/accounts';
import { certificationApplications, certificationHistory } from '../../../src/server/db/schema/certification';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant, call, confirm, readyApplicant, save, submit, view, type Caller } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function records(caller: Caller) {
  const id = caller.signedIn.companyId!;
  const [company] = await t.app.db.select().from(companies).where(eq(companies.id, id));
  const [application] = await t.app.db
    .select()
    .from(certificationApplications)
    .where(eq(certificationApplications.companyId, id));
  const history = await t.app.db
    .select()
    .from(certificationHistory)
    .where(eq(certificationHistory.companyId, id));
  return { company, application, history };
}

const draftBody = (version: number) => ({
  step: 'uploadEquityStructureChart',
  values: { equityStructureChartFileId: null },
  currentStep: 'uploadEquityStructureChart',
  version,
});

describe('GET /plat/kyb/application', () => {
  it('shows a new company as not certified without a draft, and creates nothing', async () => {
    const caller = await applicant(t);
    const shown = await view(t, caller);
    expect(shown).toMatchObject({
      lifecycleState: 'notCertified.noDraft',
      certificationStatus: 0,
      mayEdit: true,
      location: 'CN',
      locationLocked: false,
      currentStep: 'selectLocationCompany',
      draft: {},
      version: 0,
      review: null,
      accountPosition: 'manager',
      authorizerStepApplies: true,
    });
    expect((await records(caller)).application).toBeUndefined();
  });

  it('has no authorizer step for the legal person', async () => {
    const caller = await applicant(t, { position: 'legalPerson' });
    expect((await view(t, caller)).authorizerStepApplies).toBe(false);
  });

  it('is for signed-in applicants only', async () => {
    expect((await call(t, null, 'GET', '/kyb/application')).status).toBe(401);
  });
});

describe('POST /plat/kyb/location', () => {
  it('confirms and locks the location; the same again is fine; another is refused and nothing changes', async () => {
    const caller = await applicant(t);
    const first = await call<CertificationView>(t, caller, 'POST', '/kyb/location', {
      location: 'HK',
      confirm: true,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      location: 'HK',
      locationLocked: true,
      lifecycleState: 'notCertified.draft',
      currentStep: 'completeCompanyInfo',
    });
    const locked = await records(caller);
    expect(locked.company).toMatchObject({ location: 'HK', locationLocked: true });

    expect((await call(t, caller, 'POST', '/kyb/location', { location: 'HK', confirm: true })).status).toBe(
      200,
    );
    const refused = await call(t, caller, 'POST', '/kyb/location', { location: 'CN', confirm: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(Codes.locationLocked.code);
    expect(await records(caller)).toEqual(locked);
  });

  it('needs the confirmation', async () => {
    const caller = await applicant(t);
    const answer = await call(t, caller, 'POST', '/kyb/location', { location: 'SG' });
    expect(answer.status).toBe(400);
    expect((await records(caller)).company).toMatchObject({ locationLocked: false });
  });
});

describe('POST /plat/kyb/draft', () => {
  it('saves a partial step and resumes it on another device at the same step', async () => {
    const caller = await applicant(t);
    await confirm(t, caller);
    const { version } = await view(t, caller);
    const saved = await call<{ version: number }>(t, caller, 'POST', '/kyb/draft', {
      step: 'completeCompanyInfo',
      values: { companyNameEnglish: 'Half Done Ltd' },
      currentStep: 'completeCompanyInfo',
      version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(version + 1);
    // A new login: another session of the same user.
    const { token } = await t.app.sessions.create(caller.signedIn.userId);
    const elsewhere = { ...caller, headers: { ...caller.headers, authorization: `Bearer ${token}` } };
    expect(await view(t, elsewhere)).toMatchObject({
      currentStep: 'completeCompanyInfo',
      draft: { completeCompanyInfo: { companyNameEnglish: 'Half Done Ltd' } },
      version: version + 1,
    });
  });

  it('refuses a stale version with what is stored now, and overwrites nothing', async () => {
    const caller = await applicant(t);
    await confirm(t, caller);
    const stale = (await view(t, caller)).version;
    await save(t, caller, 'completeCompanyInfo', { companyNameEnglish: 'Tab One Ltd' });
    const before = await records(caller);
    const answer = await call<DraftConflictData>(t, caller, 'POST', '/kyb/draft', {
      step: 'completeCompanyInfo',
      values: { companyNameEnglish: 'Tab Two Ltd' },
      currentStep: 'completeCompanyInfo',
      version: stale,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(410006);
    expect(answer.body.data).toMatchObject({
      reason: 'staleVersion',
      version: stale + 1,
      draft: { completeCompanyInfo: { companyNameEnglish: 'Tab One Ltd' } },
    });
    expect(await records(caller)).toEqual(before);
  });

  it('refuses an unknown step and a values body that is not an object', async () => {
    const caller = await applicant(t);
    expect((await call(t, caller, 'POST', '/kyb/draft', { ...draftBody(0), step: 'hacking' })).status).toBe(
      400,
    );
    expect((await call(t, caller, 'POST', '/kyb/draft', { ...draftBody(0), values: 'x' })).status).toBe(400);
  });

  it.each([
    ['under review (1/1)', 1, 1],
    ['approved (2/2)', 2, 2],
    ['status 2 without audit', 2, null],
  ])('refuses a save %s with certificationEntryDenied and changes nothing', async (_n, status, audit) => {
    const caller = await applicant(t);
    await t.app.db
      .update(companies)
      .set({ certificationStatus: status, auditStatus: audit })
      .where(eq(companies.id, caller.signedIn.companyId!));
    const before = await records(caller);
    for (const [path, body] of [
      ['/kyb/draft', draftBody(0)],
      ['/kyb/submit', { version: 0 }],
      ['/kyb/location', { location: 'CN', confirm: true }],
    ] as const) {
      const answer = await call(t, caller, 'POST', path, body);
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe(Codes.certificationEntryDenied.code);
    }
    expect(await records(caller)).toEqual(before);
    expect((await view(t, caller)).mayEdit).toBe(false);
  });

  it('refuses a save after submit and changes nothing', async () => {
    const { caller } = await readyApplicant(t);
    expect((await submit(t, caller)).status).toBe(200);
    const before = await records(caller);
    const answer = await call(t, caller, 'POST', '/kyb/draft', draftBody((await view(t, caller)).version));
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(Codes.certificationEntryDenied.code);
    expect(await records(caller)).toEqual(before);
  });
});

describe('re-application after a rejection', () => {
  async function rejected() {
    const { caller, draft } = await readyApplicant(t);
    expect((await submit(t, caller)).status).toBe(200);
    // The back office does not exist yet: the reviewer's decision is written directly.
    await t.app.db.execute(sql`
      update certification_applications set lifecycle_state = 'rejected', decision = 'rejected',
        reason = 'The licence photo is unreadable', flagged_fields = '["completeCompanyInfo.businessLicenseFileId"]'::jsonb,
        decided_at = now() where company_id = ${caller.signedIn.companyId}`);
    await t.app.db
      .update(companies)
      .set({ certificationStatus: 1, auditStatus: 3 })
      .where(eq(companies.id, caller.signedIn.companyId!));
    return { caller, draft };
  }

  it('starts from the submitted data and shows the reason and the flagged fields', async () => {
    const { caller, draft } = await rejected();
    const shown = await view(t, caller);
    expect(shown).toMatchObject({
      lifecycleState: 'rejected',
      mayEdit: true,
      currentStep: 'completeCompanyInfo',
      review: {
        decision: 'rejected',
        reason: 'The licence photo is unreadable',
        flaggedFields: ['completeCompanyInfo.businessLicenseFileId'],
      },
    });
    expect(shown.draft.completeCompanyInfo).toMatchObject({
      businessLicenseCode: draft.completeCompanyInfo.businessLicenseCode,
      location: 'CN',
    });
    expect(shown.draft.uploadBeneficiaryInfo).toMatchObject({ hasBeneficiaries: true });
    expect(shown.files.map((f) => f.id)).toContain(draft.completeCompanyInfo.businessLicenseFileId);
  });

  it('a save re-applies (back to a draft, status 0) keeping the review; submit then goes to review again', async () => {
    const { caller } = await rejected();
    const shown = await view(t, caller);
    await save(t, caller, 'uploadOtherInfo', { otherFileIds: [], note: 'New licence photo uploaded' });
    const after = await view(t, caller);
    expect(after).toMatchObject({
      lifecycleState: 'notCertified.draft',
      certificationStatus: 0,
      review: { decision: 'rejected' },
    });
    expect(after.draft.completeCompanyInfo).toEqual(shown.draft.completeCompanyInfo);
    const answer = await submit(t, caller);
    expect(answer.status).toBe(200);
    expect((await records(caller)).company).toMatchObject({ certificationStatus: 1, auditStatus: 1 });
  });

  it('submitting straight from the failed review re-applies with the submitted data', async () => {
    const { caller } = await rejected();
    const answer = await submit(t, caller);
    expect(answer.status).toBe(200);
    const { history } = await records(caller);
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['applicant.reapply', 'applicant.submit']),
    );
  });
});
