// Issue 22 §4: another company's file id (or an id of no file) saved into a certification draft is
// refused with fileNotOwned, naming the field, and nothing is stored; the company's own file saves.
// (The card application refuses a foreign fileId already: tests/server/card/files.test.ts.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { applicant, call, confirm, upload, view, type Caller } from '../certification/support';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  t = await createTestApp();
  a = await applicant(t);
  b = await applicant(t);
  await confirm(t, a);
}, 120_000);
afterAll(() => t?.close());

async function saveStep(step: string, values: unknown) {
  const { version } = await view(t, a);
  return call(t, a, 'POST', '/kyb/draft', { step, values, currentStep: step, version });
}

describe('file ids in a certification draft', () => {
  it("another company's file id is refused with fileNotOwned and the draft is unchanged", async () => {
    const foreign = await upload(t, b, 'businessLicense');
    const before = await view(t, a);
    const answer = await saveStep('completeCompanyInfo', { businessLicenseFileId: foreign });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(Codes.fileNotOwned.code);
    expect(answer.body.data).toEqual([
      { path: 'completeCompanyInfo.businessLicenseFileId', message: 'file.invalid' },
    ]);
    const after = await view(t, a);
    expect(after.version).toBe(before.version);
    expect(after.draft.completeCompanyInfo).toBeUndefined();
  });

  it('a foreign id deep in a person, or in a list, and an id of no file are refused the same way', async () => {
    const foreign = await upload(t, b, 'idFront');
    const nested = await saveStep('uploadLegalPersonInfo', { document: { frontFileId: foreign } });
    expect(nested.body.code).toBe(Codes.fileNotOwned.code);
    expect(nested.body.data).toEqual([
      { path: 'uploadLegalPersonInfo.document.frontFileId', message: 'file.invalid' },
    ]);
    const own = await upload(t, a, 'otherDocument');
    const list = await saveStep('uploadOtherInfo', { otherFileIds: [own, randomUUID()] });
    expect(list.body.code).toBe(Codes.fileNotOwned.code);
    expect((list.body.data as { path: string }[]).map((p) => p.path)).toEqual([
      'uploadOtherInfo.otherFileIds.1',
    ]);
  });

  it("the company's own files save", async () => {
    const own = await upload(t, a, 'businessLicense');
    const answer = await saveStep('completeCompanyInfo', { businessLicenseFileId: own });
    expect(answer.body.code).toBe(200);
    expect((await view(t, a)).draft.completeCompanyInfo).toEqual({ businessLicenseFileId: own });
  });
});
