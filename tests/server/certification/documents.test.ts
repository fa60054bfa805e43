// Documents of a certification: a file of another company, of the wrong kind or deleted is refused
// at submit; another company's draft and files are unreachable (404); uploads through a
// certification kind obey the 10 MB and type rules; the authorization letter template is a real PDF.
// Also the conditional steps that depend on who holds the account and where the company is.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitProblems } from '../../../src/contract/api/certification';
import { Codes } from '../../../src/contract/codes';
import { storedFiles } from '../../../src/server/db/schema/files';
import { createTestApp, type TestApp } from '../../support/testApp';
import { blobOf, MAX, pngOfSize, sample } from '../storage/support';
import {
  applicant,
  call,
  confirm,
  readyApplicant,
  save,
  saveAll,
  submit,
  upload,
  validCnDraft,
  verifiedSession,
  view,
} from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectFileProblem(step: string, path: string, answer: Awaited<ReturnType<typeof submit>>) {
  expect(answer.status).toBe(400);
  expect((answer.body.data as SubmitProblems).problems).toContainEqual({
    step,
    path,
    message: 'file.invalid',
  });
}

describe('documents referenced by a draft', () => {
  it("refuses another company's file when the draft is saved (issue 22 §4), and the draft keeps its own", async () => {
    const { caller, draft } = await readyApplicant(t);
    const stranger = await applicant(t);
    const foreign = await upload(t, stranger, 'equityStructureChart');
    const before = await view(t, caller);
    const saved = await call(t, caller, 'POST', '/kyb/draft', {
      step: 'uploadEquityStructureChart',
      values: { equityStructureChartFileId: foreign },
      currentStep: 'uploadEquityStructureChart',
      version: before.version,
    });
    expect(saved.status).toBe(400);
    expect(saved.body.code).toBe(Codes.fileNotOwned.code);
    const after = await view(t, caller);
    expect(after.files.map((f) => f.id)).not.toContain(foreign);
    expect(after.version).toBe(before.version);
    expect(after.draft.uploadEquityStructureChart).toEqual(draft.uploadEquityStructureChart);
    expect(after.certificationStatus).toBe(0);
  });

  it('refuses a file of the wrong kind and a deleted file', async () => {
    const { caller, draft } = await readyApplicant(t);
    await save(t, caller, 'uploadEquityStructureChart', {
      equityStructureChartFileId: draft.completeCompanyInfo.businessLicenseFileId,
    });
    await expectFileProblem(
      'uploadEquityStructureChart',
      'equityStructureChartFileId',
      await submit(t, caller),
    );

    const chart = await upload(t, caller, 'equityStructureChart');
    await save(t, caller, 'uploadEquityStructureChart', { equityStructureChartFileId: chart });
    await t.app.db.update(storedFiles).set({ deletedAt: new Date() }).where(eq(storedFiles.id, chart));
    await expectFileProblem(
      'uploadEquityStructureChart',
      'equityStructureChartFileId',
      await submit(t, caller),
    );
  });

  it("keeps another company's draft and files unreachable (404)", async () => {
    const { caller, draft } = await readyApplicant(t);
    const stranger = await applicant(t);
    const theirs = await view(t, stranger);
    expect(theirs.draft).toEqual({});
    expect(theirs.companyName).not.toBe((await view(t, caller)).companyName);
    const fileId = draft.completeCompanyInfo.businessLicenseFileId!;
    for (const path of [`/files/${fileId}`, `/files/${fileId}/meta`]) {
      const answer = await fetch(`${t.url}/plat${path}`, { headers: stranger.headers });
      expect(answer.status).toBe(404);
    }
    expect((await fetch(`${t.url}/plat/files/${fileId}/meta`, { headers: caller.headers })).status).toBe(200);
  });

  it('refuses a verification session of another company or one not verified', async () => {
    const { caller, draft } = await readyApplicant(t);
    const stranger = await applicant(t);
    for (const sessionId of [
      await verifiedSession(t.app, stranger),
      await verifiedSession(t.app, caller, 'scanned'),
    ]) {
      await save(t, caller, 'uploadAuthorizerInfo', {
        ...draft.uploadAuthorizerInfo,
        verificationSessionId: sessionId,
      });
      const answer = await submit(t, caller);
      expect(answer.status).toBe(400);
      expect((answer.body.data as SubmitProblems).problems).toContainEqual({
        step: 'uploadAuthorizerInfo',
        path: 'verificationSessionId',
        message: 'verification.required',
      });
    }
  });
});

describe('uploads with a certification kind', () => {
  it('refuses a file over 10 MB and a file that is not jpg, png or pdf', async () => {
    const caller = await applicant(t);
    const tooBig = new FormData();
    tooBig.append('kind', 'businessLicense');
    tooBig.append('file', blobOf(pngOfSize(MAX + 1)), 'licence.png');
    const big = await fetch(`${t.url}/plat/files`, { method: 'POST', headers: caller.headers, body: tooBig });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: number }).code).toBe(Codes.fileTooLarge.code);

    const svg = new FormData();
    svg.append('kind', 'businessLicense');
    svg.append('file', blobOf(sample('drawing.svg')), 'licence.png');
    const wrong = await fetch(`${t.url}/plat/files`, { method: 'POST', headers: caller.headers, body: svg });
    expect(wrong.status).toBe(415);
    expect(((await wrong.json()) as { code: number }).code).toBe(Codes.fileTypeNotAllowed.code);
    const rows = await t.app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.companyId, caller.signedIn.companyId!));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /plat/kyb/authorization-letter-template', () => {
  it('answers a valid one-page PDF as an attachment', async () => {
    const caller = await applicant(t);
    const response = await fetch(`${t.url}/plat/kyb/authorization-letter-template`, {
      headers: caller.headers,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    const pdf = Buffer.from(await response.arrayBuffer());
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // Every cross-reference offset points at its object, as a PDF reader will look it up.
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = text
      .slice(xrefAt)
      .split('\n')
      .slice(3)
      .filter((l) => / 00000 n $/.test(l));
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(entries.length).toBeGreaterThan(5);
    // Content stream length matches what it declares.
    const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
    expect(Buffer.byteLength(stream[2]!, 'latin1')).toBe(Number(stream[1]));
  });
});

describe('conditional steps', () => {
  it('a legal person submits without an authorizer step', async () => {
    const caller = await applicant(t, { position: 'legalPerson' });
    await confirm(t, caller);
    const { uploadAuthorizerInfo: _skipped, ...rest } = await validCnDraft(t, caller);
    await saveAll(t, caller, rest);
    const answer = await submit(t, caller);
    expect(answer.status).toBe(200);
  });

  it('a manager must answer the authorizer step; "same as director" ends it', async () => {
    const caller = await applicant(t, { position: 'manager' });
    await confirm(t, caller);
    const { uploadAuthorizerInfo: _skipped, ...rest } = await validCnDraft(t, caller);
    await saveAll(t, caller, rest);
    const missing = await submit(t, caller);
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({ step: 'uploadAuthorizerInfo' });
    await save(t, caller, 'uploadAuthorizerInfo', { choice: 'sameAsDirector' });
    expect((await submit(t, caller)).status).toBe(200);
  });

  it('"same as a beneficiary" needs a beneficiary; with none the senior managing official is named', async () => {
    const caller = await applicant(t);
    await confirm(t, caller);
    const draft = await validCnDraft(t, caller);
    const official = {
      ...(draft.uploadBeneficiaryInfo as { beneficiaries: Array<Record<string, unknown>> }).beneficiaries[0],
      shareholdingRatio: 10,
    };
    await saveAll(t, caller, {
      ...draft,
      uploadBeneficiaryInfo: { hasBeneficiaries: false, seniorManagingOfficial: official } as never,
      uploadAuthorizerInfo: { choice: 'sameAsBeneficiary', beneficiaryIndex: 0 },
    });
    const refused = await submit(t, caller);
    expect(refused.status).toBe(400);
    expect((refused.body.data as SubmitProblems).problems).toContainEqual({
      step: 'uploadAuthorizerInfo',
      path: 'choice',
      message: 'authorizer.noBeneficiary',
    });
    await save(t, caller, 'uploadAuthorizerInfo', { choice: 'sameAsDirector' });
    expect((await submit(t, caller)).status).toBe(200);
  });

  it('an HK company gives BR and CR numbers, no CN-only field, and no postal code', async () => {
    const caller = await applicant(t, { location: 'HK' });
    await confirm(t, caller, 'HK');
    const draft = await validCnDraft(t, caller);
    const {
      organizationCode: _o,
      postalCode: _p,
      companyNameChinese: _n,
      registeredAddressChinese: _a,
      ...common
    } = draft.completeCompanyInfo as Record<string, unknown>;
    await saveAll(t, caller, {
      ...draft,
      completeCompanyInfo: { ...common, businessLicenseCode: '12345678' } as never,
    });
    const missingCr = await submit(t, caller);
    expect(missingCr.status).toBe(400);
    expect(missingCr.body.data).toEqual({
      step: 'completeCompanyInfo',
      problems: [{ step: 'completeCompanyInfo', path: 'companiesRegistryNumber', message: 'field.required' }],
    });
    await save(t, caller, 'completeCompanyInfo', {
      ...common,
      businessLicenseCode: '12345678',
      companiesRegistryNumber: '123456',
    });
    const shortCr = await submit(t, caller);
    expect((shortCr.body.data as SubmitProblems).problems).toEqual([
      { step: 'completeCompanyInfo', path: 'companiesRegistryNumber', message: 'hkCompaniesRegistry.format' },
    ]);
    await save(t, caller, 'completeCompanyInfo', {
      ...common,
      businessLicenseCode: '12345678',
      companiesRegistryNumber: '1234567',
    });
    expect((await submit(t, caller)).status).toBe(200);
    const submitted = await call(t, caller, 'GET', '/kyb/application');
    expect(submitted.body.data).toMatchObject({ location: 'HK', lifecycleState: 'underReview' });
  });
});
