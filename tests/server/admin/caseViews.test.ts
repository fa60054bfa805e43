// Issue 8 "Case view": every submitted field grouped by step, the documents (readable by the
// reviewer through GET /plat/files/:id), the authorizer's face capture beside the document photos,
// the company, the applicant and the history; and the card application's case.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPaths,
  adminPath,
  type CardApplicationCaseView,
  type CertificationCaseView,
} from '../../../src/contract/api/admin';
import { storedFiles } from '../../../src/server/db/schema/files';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import { fileReferencesIn } from '../../../src/server/services/certification/fileReferences';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, reviewer, submittedCardApplication, submittedCertification } from './support';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await reviewer(t);
});
afterAll(async () => {
  await t?.close();
});

describe('certification case', () => {
  it('lists every submitted field by step, every document, and the face capture beside the ID photos', async () => {
    const { caller, draft, application } = await submittedCertification(t);
    const companyId = caller.signedIn.companyId!;
    // The verification flow leaves the captured face as a company-less file on the session.
    const [capture] = await t.app.db
      .insert(storedFiles)
      .values({
        companyId: null,
        kind: 'faceCapture',
        originalName: 'face.jpg',
        contentType: 'image/jpeg',
        size: 1234,
        sha256: 'x'.repeat(64),
        storageKey: randomUUID(),
      })
      .returning();
    const sessionId = (draft.uploadAuthorizerInfo as { verificationSessionId: string }).verificationSessionId;
    await t.app.db
      .update(verificationSessions)
      .set({ captureFileId: capture!.id })
      .where(eq(verificationSessions.id, sessionId));

    const res = await call<CertificationCaseView>(
      t,
      alice,
      'GET',
      adminPath(AdminPaths.certificationCase, { id: application.id }),
    );
    expect(res.status).toBe(200);
    const view = res.body.data;
    expect(view.company).toMatchObject({ id: companyId, location: 'CN' });
    expect(view.applicant).toMatchObject({ userId: caller.signedIn.userId, email: caller.signedIn.email });
    expect(view.steps.map((s) => s.stepId)).toEqual([
      'selectLocationCompany',
      'completeCompanyInfo',
      'uploadEquityStructureChart',
      'uploadLegalPersonInfo',
      'uploadBeneficiaryInfo',
      'uploadAuthorizerInfo',
      'uploadOtherInfo',
    ]);
    const fields = new Map(view.steps.flatMap((s) => s.fields).map((f) => [f.path, f]));
    expect(fields.get('selectLocationCompany.location')?.value).toBe('CN');
    expect(fields.get('completeCompanyInfo.companyNameEnglish')?.value).toBe(
      'Fuzhou Example Trading Co., Ltd.',
    );
    expect(fields.get('uploadBeneficiaryInfo.beneficiaries.0.mobile')?.value).toBe('13800138000');
    const licenceId = (draft.completeCompanyInfo as { businessLicenseFileId: string }).businessLicenseFileId;
    expect(fields.get('completeCompanyInfo.businessLicenseFileId')).toMatchObject({ fileId: licenceId });

    // Every file reference of the submitted draft, each once, with its field.
    const references = Object.entries(draft).flatMap(([step, values]) =>
      fileReferencesIn(values).map((r) => [`${step}.${r.path}`, r.fileId]),
    );
    expect(references.length).toBe(13);
    const byPair = (a: (string | null)[], b: (string | null)[]) => a.join('\n').localeCompare(b.join('\n'));
    expect(view.documents.map((d) => [d.fieldPath, d.fileId]).sort(byPair)).toEqual(references.sort(byPair));
    expect(view.documents.find((d) => d.fileId === licenceId)).toMatchObject({
      kind: 'businessLicense',
      contentType: 'image/png',
      fieldPath: 'completeCompanyInfo.businessLicenseFileId',
      deleted: false,
    });
    expect(view.authorizer?.documentPhotos.map((d) => d.kind).sort()).toEqual(['idBack', 'idFront']);
    expect(view.authorizer?.faceCapture).toMatchObject({
      fileId: capture!.id,
      kind: 'faceCapture',
      contentType: 'image/jpeg',
    });
    expect(view.authorizer?.verificationState).toBe('verified');
    expect(view.history.map((h) => h.action)).toContain('applicant.submit');

    // The reviewer may download any document of the case.
    const download = await fetch(`${t.url}/plat/files/${licenceId}`, { headers: alice.headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
  });
});

describe('card application case', () => {
  it('shows the purpose, the document and the answers with the questions as asked', async () => {
    const { who, application } = await submittedCardApplication(t);
    const res = await call<CardApplicationCaseView>(
      t,
      alice,
      'GET',
      adminPath(AdminPaths.cardApplicationCase, { id: application.id }),
    );
    expect(res.status).toBe(200);
    const view = res.body.data;
    expect(view).toMatchObject({
      id: application.id,
      status: 'underReview',
      version: application.version,
      allowedDecisions: ['approve', 'reject', 'requestRevision'],
      businessPurpose: 'advertising',
      company: { id: who.companyId },
      applicant: { userId: who.userId },
    });
    expect(view.document).toMatchObject({
      fileId: application.fileId,
      contentType: 'image/png',
      kind: 'cardApplication',
    });
    expect(view.questionnaire.length).toBeGreaterThan(0);
    const choice = view.questionnaire.find((q) => q.kind !== 'text' && q.answer !== null)!;
    expect(choice.answerLabels.length).toBeGreaterThan(0);
    expect(choice.title['en-us']).toBeTruthy();
    expect(view.steps.map((s) => s.stepId)).toEqual([
      'selectBusinessPurpose',
      'uploadRelevantInfo',
      'questionnaire',
    ]);
    expect(view.history.map((h) => h.action)).toContain('applicant.submit');
    const download = await fetch(`${t.url}/plat/files/${application.fileId}`, { headers: alice.headers });
    expect(download.status).toBe(200);
  });
});
