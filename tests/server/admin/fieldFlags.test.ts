// Issue 21 §3 "every step (claim, flag, …) lands in the case's activity timeline with who, when and
// why": each flag, unflag and comment a reviewer makes on a field is its own audit row, read back by
// the case view's history with the field and the comment — over a real server and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath, type CertificationCaseView } from '../../../src/contract/api/admin';
import { FIELD_FLAG_PATH } from '../../../src/contract/api/fieldFlags';
import { Codes } from '../../../src/contract/codes';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { auditRowsOf, call, reviewer, submittedCertification } from './support';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await reviewer(t);
  bob = await reviewer(t);
});
afterAll(async () => {
  await t?.close();
});

const step = (who: SignedIn, id: string, body: unknown) =>
  call(t, who, 'POST', adminPath(FIELD_FLAG_PATH, { id }), body);

const FIELD_STEPS = [
  'certification.fieldFlagged',
  'certification.fieldCommented',
  'certification.fieldUnflagged',
];

describe('flag steps on the timeline', () => {
  it('records each flag, comment and unflag with who, when, which field and the comment', async () => {
    const { application } = await submittedCertification(t);
    const name = 'completeCompanyInfo.companyNameEnglish';
    const phone = ['uploadLegalPersonInfo.mobileAreaCode', 'uploadLegalPersonInfo.mobile'];
    expect((await step(alice, application.id, { step: 'flag', fields: [name] })).status).toBe(200);
    expect(
      (await step(bob, application.id, { step: 'comment', fields: [name], comment: '  As on the licence. ' }))
        .status,
    ).toBe(200);
    expect((await step(bob, application.id, { step: 'flag', fields: phone })).status).toBe(200);
    expect((await step(alice, application.id, { step: 'unflag', fields: phone })).status).toBe(200);

    const view = await call<CertificationCaseView>(
      t,
      alice,
      'GET',
      adminPath(AdminPaths.certificationCase, { id: application.id }),
    );
    expect(view.status).toBe(200);
    const steps = view.body.data.history.filter((h) => h.action.startsWith('certification.field'));
    expect(steps.map((h) => [h.action, h.actor?.email, h.flaggedFields, h.comment])).toEqual([
      ['certification.fieldFlagged', alice.email, [name], null],
      ['certification.fieldCommented', bob.email, [name], 'As on the licence.'],
      ['certification.fieldFlagged', bob.email, phone, null],
      ['certification.fieldUnflagged', alice.email, phone, null],
    ]);
    for (const h of steps) expect(Number.isNaN(Date.parse(h.at))).toBe(false);
    // Nothing but the timeline moved: the case is still under review at the same version.
    expect(view.body.data.lifecycleState).toBe('underReview');
    expect(view.body.data.version).toBe(application.version);
  });

  it('refuses a field that was not submitted, an unknown step, a case not under review, an unknown case', async () => {
    const { application } = await submittedCertification(t);
    const unknownField = await step(alice, application.id, {
      step: 'flag',
      fields: ['completeCompanyInfo.companyNameEnglish', 'completeCompanyInfo.noSuchField'],
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.code).toBe(Codes.validationFailed.code);
    expect(unknownField.body.data).toEqual([{ path: 'fields.1', message: 'field.invalid' }]);
    const badStep = await step(alice, application.id, {
      step: 'approve',
      fields: ['completeCompanyInfo.companyNameEnglish'],
    });
    expect(badStep.status).toBe(400);
    expect((await auditRowsOf(t.app, application.id)).filter((a) => FIELD_STEPS.includes(a.action))).toEqual(
      [],
    );

    const rejected = await call(
      t,
      alice,
      'POST',
      adminPath(AdminPaths.certificationReject, { id: application.id }),
      { version: application.version, reason: 'No.' },
    );
    expect(rejected.status).toBe(200);
    const late = await step(alice, application.id, {
      step: 'flag',
      fields: ['completeCompanyInfo.companyNameEnglish'],
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(Codes.transitionNotAllowed.code);

    const missing = await step(alice, randomUUID(), {
      step: 'flag',
      fields: ['completeCompanyInfo.companyNameEnglish'],
    });
    expect(missing.status).toBe(404);
  });
});
