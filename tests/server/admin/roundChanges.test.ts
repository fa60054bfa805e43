// Issue 21 §1 "a re-submitted case highlights what changed since the last round": each submit keeps
// its round's values, and GET /plat/admin/certifications/:id/changes compares the latest round with
// the one before — field by field, a replaced document as such — over a real server and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath } from '../../../src/contract/api/admin';
import { CASE_ROUND_CHANGES_PATH, type CaseRoundChanges } from '../../../src/contract/api/caseRounds';
import { Codes } from '../../../src/contract/codes';
import { changesBetween } from '../../../src/server/services/admin/roundChanges';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import * as kyb from '../certification/support';
import { call, reviewer, submittedCertification } from './support';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await reviewer(t);
});
afterAll(async () => {
  await t?.close();
});

const changesOf = (id: string) =>
  call<CaseRoundChanges | null>(t, alice, 'GET', adminPath(CASE_ROUND_CHANGES_PATH, { id }));

describe('changes since the last round', () => {
  it('a first submission has none; a resubmission shows exactly the edited field and the replaced document', async () => {
    const { caller, draft, application } = await submittedCertification(t);
    const first = await changesOf(application.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toBeNull();

    const revision = await call(
      t,
      alice,
      'POST',
      adminPath(AdminPaths.certificationRequestRevision, { id: application.id }),
      {
        version: application.version,
        fields: ['completeCompanyInfo.companyNameEnglish', 'completeCompanyInfo.businessLicenseFileId'],
        comment: 'The name and the licence do not match.',
      },
    );
    expect(revision.status).toBe(200);

    // The applicant fixes the two flagged fields a minute later and submits again.
    t.clock.advance(60_000);
    const company = draft.completeCompanyInfo as Record<string, unknown>;
    const oldLicence = company['businessLicenseFileId'];
    const newLicence = await kyb.upload(t, caller, 'businessLicense');
    await kyb.save(t, caller, 'completeCompanyInfo', {
      ...company,
      companyNameEnglish: 'Fuzhou Example Trading Company Limited',
      businessLicenseFileId: newLicence,
    });
    const resubmitted = await kyb.submit(t, caller);
    expect(resubmitted.status).toBe(200);

    const second = await changesOf(application.id);
    expect(second.status).toBe(200);
    const changes = second.body.data!;
    expect(changes.changes).toEqual([
      {
        path: 'completeCompanyInfo.companyNameEnglish',
        kind: 'changed',
        before: 'Fuzhou Example Trading Co., Ltd.',
        after: 'Fuzhou Example Trading Company Limited',
      },
      {
        path: 'completeCompanyInfo.businessLicenseFileId',
        kind: 'replaced',
        before: oldLicence,
        after: newLicence,
      },
    ]);
    expect(Date.parse(changes.submittedAt) - Date.parse(changes.previousSubmittedAt)).toBe(60_000);
  });

  it('an unknown case is 404, an applicant is refused', async () => {
    const missing = await changesOf(randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(Codes.notFound.code);
    const { caller, application } = await submittedCertification(t);
    const asApplicant = await call(
      t,
      caller.signedIn,
      'GET',
      adminPath(CASE_ROUND_CHANGES_PATH, { id: application.id }),
    );
    expect(asApplicant.status).toBe(403);
  });
});

describe('changesBetween', () => {
  const round = (beneficiaries: Array<Record<string, unknown>>, chart: string) => ({
    location: 'CN',
    uploadEquityStructureChart: { equityStructureChartFileId: chart },
    uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries },
  });

  it('names added and removed fields (a beneficiary gained or lost) and a replaced chart', () => {
    const one = [{ surnameEnglish: 'Zhang', shareholdingRatio: 60 }];
    const two = [...one, { surnameEnglish: 'Li', shareholdingRatio: 30 }];
    const fileA = randomUUID();
    const fileB = randomUUID();
    expect(changesBetween(round(one, fileA), round(two, fileB))).toEqual([
      {
        path: 'uploadEquityStructureChart.equityStructureChartFileId',
        kind: 'replaced',
        before: fileA,
        after: fileB,
      },
      {
        path: 'uploadBeneficiaryInfo.beneficiaries.1.surnameEnglish',
        kind: 'added',
        before: null,
        after: 'Li',
      },
      {
        path: 'uploadBeneficiaryInfo.beneficiaries.1.shareholdingRatio',
        kind: 'added',
        before: null,
        after: 30,
      },
    ]);
    expect(changesBetween(round(two, fileA), round(one, fileA)).map((c) => [c.path, c.kind])).toEqual([
      ['uploadBeneficiaryInfo.beneficiaries.1.surnameEnglish', 'removed'],
      ['uploadBeneficiaryInfo.beneficiaries.1.shareholdingRatio', 'removed'],
    ]);
    expect(changesBetween(round(one, fileA), round(one, fileA))).toEqual([]);
  });
});
