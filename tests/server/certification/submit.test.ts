// Submit (issue 5 "Submit"): one transaction that validates everything, stores the snapshot, moves
// the company to status 1 / audit 1, records the history and mails the applicant in their language.
// Twice, in parallel or after the fact, it submits once and changes nothing more.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { companies } from '../../../src/server/db/schema/accounts';
import { certificationApplications, certificationHistory } from '../../../src/server/db/schema/certification';
import { outbox } from '../../../src/server/db/schema/outbox';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant, call, readyApplicant, submit, view, type Caller } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function snapshotOf(caller: Caller) {
  const companyId = caller.signedIn.companyId!;
  const [company] = await t.app.db.select().from(companies).where(eq(companies.id, companyId));
  const [application] = await t.app.db
    .select()
    .from(certificationApplications)
    .where(eq(certificationApplications.companyId, companyId));
  const history = await t.app.db
    .select()
    .from(certificationHistory)
    .where(eq(certificationHistory.companyId, companyId));
  // Only what submit writes: the delivery worker may move a mail's status meanwhile.
  const mails = await t.app.db
    .select({ id: outbox.id, template: outbox.template, locale: outbox.locale })
    .from(outbox)
    .where(eq(outbox.to, caller.signedIn.email));
  return { company, application, history, mails };
}

describe('POST /plat/kyb/submit', () => {
  it('submits a complete application: snapshot, status 1/1, history, mail in the applicant language', async () => {
    const { caller, draft } = await readyApplicant(t, { language: 'en-us' });
    const answer = await submit(t, caller);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(Codes.ok.code);
    expect(answer.body.data).toMatchObject({
      lifecycleState: 'underReview',
      certificationStatus: 1,
      auditStatus: 1,
    });

    const after = await snapshotOf(caller);
    expect(after.company).toMatchObject({ certificationStatus: 1, auditStatus: 1 });
    expect(after.application!.lifecycleState).toBe('underReview');
    const submitted = after.application!.submittedData as Record<string, Record<string, unknown>>;
    expect(submitted['location']).toBe('CN');
    expect(submitted['completeCompanyInfo']!['businessLicenseCode']).toBe(
      draft.completeCompanyInfo.businessLicenseCode,
    );
    expect(submitted['uploadAuthorizerInfo']!['choice']).toBe('none');
    expect(after.application!.submittedAt).not.toBeNull();
    expect(after.history.map((h) => `${h.action}:${h.fromState}->${h.toState}`)).toContain(
      'applicant.submit:notCertified.draft->underReview',
    );
    expect(after.mails).toHaveLength(1);
    expect(after.mails[0]).toMatchObject({ template: 'certificationSubmitted', locale: 'en-us' });

    const shown = await view(t, caller);
    expect(shown).toMatchObject({
      lifecycleState: 'underReview',
      mayEdit: false,
      certificationStatus: 1,
      auditStatus: 1,
    });
  });

  it('mails a Chinese-speaking applicant in Chinese', async () => {
    const { caller } = await readyApplicant(t, { language: 'zh-cn' });
    expect((await submit(t, caller)).status).toBe(200);
    const { mails } = await snapshotOf(caller);
    expect(mails.map((m) => m.locale)).toEqual(['zh-cn']);
  });

  it('refuses a second submit and changes nothing', async () => {
    const { caller } = await readyApplicant(t);
    expect((await submit(t, caller)).status).toBe(200);
    const before = await snapshotOf(caller);
    const again = await submit(t, caller);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(Codes.certificationEntryDenied.code);
    expect(await snapshotOf(caller)).toEqual(before);
  });

  it('submits once when two submits race (double-click)', async () => {
    const { caller } = await readyApplicant(t);
    const { version } = await view(t, caller);
    const answers = await Promise.all([
      submit(t, caller, version),
      submit(t, caller, version),
      submit(t, caller, version),
    ]);
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([200, 409, 409]);
    const after = await snapshotOf(caller);
    expect(after.mails).toHaveLength(1);
    expect(after.history.filter((h) => h.action === 'applicant.submit')).toHaveLength(1);
  });

  it('refuses to submit without a draft: the chart has no submit from noDraft', async () => {
    const caller = await applicant(t);
    const answer = await call(t, caller, 'POST', '/kyb/submit', { version: 0 });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(Codes.transitionNotAllowed.code);
    const after = await snapshotOf(caller);
    expect(after.application).toBeUndefined();
    expect(after.company).toMatchObject({ certificationStatus: 0 });
  });

  it('refuses a submit made on a stale version', async () => {
    const { caller } = await readyApplicant(t);
    const { version } = await view(t, caller);
    const answer = await submit(t, caller, version - 1);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(Codes.draftConflict.code);
    expect(answer.body.data).toMatchObject({ reason: 'staleVersion', version });
    expect((await snapshotOf(caller)).company).toMatchObject({ certificationStatus: 0 });
  });

  it('answers a validation failure with the first step that has an error, and changes nothing', async () => {
    const { caller } = await readyApplicant(t);
    await call(t, caller, 'POST', '/kyb/draft', {
      step: 'uploadEquityStructureChart',
      values: {},
      currentStep: 'uploadEquityStructureChart',
      version: (await view(t, caller)).version,
    });
    const before = await snapshotOf(caller);
    const answer = await submit(t, caller);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(Codes.validationFailed.code);
    expect(answer.body.msg).toBe(Codes.validationFailed['zh-cn']);
    expect(answer.body.data).toEqual({
      step: 'uploadEquityStructureChart',
      problems: [
        { step: 'uploadEquityStructureChart', path: 'equityStructureChartFileId', message: 'file.required' },
      ],
    });
    expect(await snapshotOf(caller)).toEqual(before);
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, caller.signedIn.email)));
    expect(mails).toHaveLength(0);
  });
});
