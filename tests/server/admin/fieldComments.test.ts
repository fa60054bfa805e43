// Issue 21 §1 "flag a field for revision from where it is shown, with a comment per field": the
// comments go to POST /plat/admin/certifications/:id/field-comments just before the revision
// request, land in the audit trail (no new column), and the applicant's view carries them for the
// flagged fields only — over a real server and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath, type CertificationCaseView } from '../../../src/contract/api/admin';
import { FIELD_COMMENTS_PATH } from '../../../src/contract/api/fieldComments';
import { Codes } from '../../../src/contract/codes';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import * as kyb from '../certification/support';
import { auditRowsOf, call, reviewer, submittedCertification } from './support';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await reviewer(t);
});
afterAll(async () => {
  await t?.close();
});

const comment = (id: string, comments: unknown) =>
  call(t, alice, 'POST', adminPath(FIELD_COMMENTS_PATH, { id }), { comments });

describe('comments per flagged field', () => {
  it('are kept with the revision request and shown to the applicant for the flagged fields', async () => {
    const { caller, application } = await submittedCertification(t, { language: 'en-us' });
    const name = 'completeCompanyInfo.companyNameEnglish';
    const mobile = 'uploadLegalPersonInfo.mobile';
    const recorded = await comment(application.id, [
      { field: name, comment: 'Write it as on the licence.' },
      { field: mobile, comment: '  The number has a digit too few.  ' },
      // Not flagged by the request below: never shown.
      { field: 'uploadOtherInfo.note', comment: 'Ignore me' },
    ]);
    expect(recorded.status).toBe(200);
    const revision = await call(
      t,
      alice,
      'POST',
      adminPath(AdminPaths.certificationRequestRevision, { id: application.id }),
      { version: application.version, fields: [name, mobile], comment: 'Two fields to fix.' },
    );
    expect(revision.status).toBe(200);

    const view = await kyb.view(t, caller);
    expect(view.review?.fieldComments).toEqual({
      [name]: 'Write it as on the licence.',
      [mobile]: 'The number has a digit too few.',
    });
    const audit = await auditRowsOf(t.app, application.id);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['certification.fieldComments', 'certification.requestRevision']),
    );
    const caseView = await call<CertificationCaseView>(
      t,
      alice,
      'GET',
      adminPath(AdminPaths.certificationCase, { id: application.id }),
    );
    expect(caseView.body.data.history.some((h) => h.action === 'certification.fieldComments')).toBe(true);
  });

  it('refuses a field that was not submitted, a blank comment, a case not under review, an unknown case', async () => {
    const { application } = await submittedCertification(t);
    const unknownField = await comment(application.id, [
      { field: 'completeCompanyInfo.noSuchField', comment: 'x' },
    ]);
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.code).toBe(Codes.validationFailed.code);
    expect(unknownField.body.data).toEqual([{ path: 'comments.0.field', message: 'field.invalid' }]);
    const blank = await comment(application.id, [
      { field: 'completeCompanyInfo.companyNameEnglish', comment: ' ' },
    ]);
    expect(blank.status).toBe(400);
    expect(await auditRowsOf(t.app, application.id)).toEqual([]);

    const rejected = await call(
      t,
      alice,
      'POST',
      adminPath(AdminPaths.certificationReject, { id: application.id }),
      {
        version: application.version,
        reason: 'No.',
      },
    );
    expect(rejected.status).toBe(200);
    const late = await comment(application.id, [
      { field: 'completeCompanyInfo.companyNameEnglish', comment: 'x' },
    ]);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(Codes.transitionNotAllowed.code);

    const missing = await comment(randomUUID(), [
      { field: 'completeCompanyInfo.companyNameEnglish', comment: 'x' },
    ]);
    expect(missing.status).toBe(404);
  });
});
