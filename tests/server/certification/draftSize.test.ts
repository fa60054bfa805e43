// Issue 29 §4: a draft has a total size bound (Limits.draft): its values as UTF-8 JSON and the
// documents it names. Saving step after step once grew a certification draft to 5.7 MB. Over
// HTTP against the real app and PostgreSQL: the save that would pass the bound is refused with
// draftTooLarge (413) in the caller's language, and nothing of it is stored.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_STEPS, type DraftStepId } from '../../../src/contract/api/certification';
import { CardPaths } from '../../../src/contract/api/cardPaths';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { draftBytes } from '../../../src/contract/validators/draftSize';
import { certificationApplications } from '../../../src/server/db/schema/certification';
import { fileReferencesIn } from '../../../src/server/services/certification/fileReferences';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant as cardApplicant, call as cardCall, storedApplication } from '../card/support';
import { applicant, call, confirm, save, view, type Caller } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A step's values of about `bytes` bytes of text, every string within Limits.json. */
function bulky(bytes: number, char = 'a') {
  const each = Limits.json.maxStringLength / char.length / Buffer.byteLength(char);
  const count = Math.ceil(bytes / (each * Buffer.byteLength(char)));
  return {
    productDescription: 'Consumer electronics',
    notes: Array.from({ length: count }, () => char.repeat(Math.floor(each))),
  };
}

async function storedRow(caller: Caller) {
  const [row] = await t.app.db
    .select()
    .from(certificationApplications)
    .where(eq(certificationApplications.companyId, caller.signedIn.companyId!));
  return row!;
}

async function saveAt(caller: Caller, step: DraftStepId, values: unknown) {
  const { version } = await view(t, caller);
  return call(t, caller, 'POST', '/kyb/draft', { step, values, currentStep: step, version });
}

describe('the certification draft has a total size bound', () => {
  it('saving step after step: the save that would pass Limits.draft.maxBytes is refused with 413 and nothing is stored', async () => {
    const caller = await applicant(t, { language: 'en-us' });
    await confirm(t, caller);
    // Each step well within the JSON bounds and the body limit; together over the draft's bound.
    const perStep = Math.ceil(Limits.draft.maxBytes / (DRAFT_STEPS.length - 1));
    const saved: DraftStepId[] = [];
    let refused: Awaited<ReturnType<typeof saveAt>> | null = null;
    for (const step of DRAFT_STEPS) {
      const answer = await saveAt(caller, step, bulky(perStep));
      if (answer.status !== 200) {
        refused = answer;
        break;
      }
      saved.push(step);
    }
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.length).toBeLessThan(DRAFT_STEPS.length);
    const before = await storedRow(caller);
    expect(draftBytes(before.draft)).toBeLessThanOrEqual(Limits.draft.maxBytes);
    expect(refused).toMatchObject({
      status: 413,
      body: {
        code: Codes.draftTooLarge.code,
        msg: Codes.draftTooLarge['en-us'],
        data: { bound: 'bytes', max: Limits.draft.maxBytes },
      },
    });
    // Nothing of the refused save: same version, same draft, same step.
    const after = await storedRow(caller);
    expect(after.version).toBe(before.version);
    expect(after.draft).toEqual(before.draft);
    expect(after.currentStep).toBe(before.currentStep);
    // The message in Chinese names the bound too.
    const zh = await applicant(t, { language: 'zh-cn' });
    await confirm(t, zh);
    const big = await saveAt(zh, 'uploadOtherInfo', bulky(Limits.draft.maxBytes + 1, '汉'));
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe(Codes.draftTooLarge['zh-cn']);
    expect(big.body.msg).toContain(String(Limits.draft.maxBytes / 1024));
    // Shrinking the step that grew it is a save like any other.
    expect(await save(t, caller, saved[0]!, { productDescription: 'short' })).toBeGreaterThan(before.version);
  });

  it(`a draft naming more than ${Limits.draft.maxFiles} documents is refused before any file is looked up`, async () => {
    const caller = await applicant(t, { language: 'en-us' });
    await confirm(t, caller);
    const before = await view(t, caller);
    // Ids of no file at all: the bound answers first (a file lookup would answer fileNotOwned).
    const otherFileIds = Array.from({ length: Limits.draft.maxFiles + 1 }, () => randomUUID());
    const answer = await saveAt(caller, 'uploadOtherInfo', { otherFileIds });
    expect(answer).toMatchObject({
      status: 413,
      body: { code: Codes.draftTooLarge.code, data: { bound: 'files', max: Limits.draft.maxFiles } },
    });
    const after = await view(t, caller);
    expect(after.version).toBe(before.version);
    expect(after.draft).toEqual(before.draft);
    // One fewer is judged on its ids as before the bound existed.
    const fewer = await saveAt(caller, 'uploadOtherInfo', { otherFileIds: otherFileIds.slice(1) });
    expect(fewer.body.code).toBe(Codes.fileNotOwned.code);
  });

  it('the largest valid certification is well within both bounds', () => {
    const id = () => randomUUID();
    const text = (n: number) => '汉'.repeat(n);
    const { personName, address, companyName, productDescription, website } = Limits.text;
    const person = (ratio: number) => ({
      nationality: 'CN',
      document: {
        type: 'passport',
        number: 'E12345678',
        frontFileId: id(),
        backFileId: id(),
        photoPageFileId: id(),
        signaturePageFileId: id(),
      },
      surnameChinese: text(personName),
      givenNameChinese: text(personName),
      surnameEnglish: 'a'.repeat(personName),
      givenNameEnglish: 'a'.repeat(personName),
      residenceAddress: text(address),
      mobileAreaCode: '+86',
      mobile: '13800138000',
      shareholdingRatio: ratio,
      proofOfAddressFileId: id(),
    });
    const largest = {
      completeCompanyInfo: {
        businessLicenseCode: '91350100M000100Y43',
        companyNameChinese: text(companyName),
        companyNameEnglish: 'a'.repeat(companyName),
        registeredAddressChinese: text(address),
        registeredAddressEnglish: 'a'.repeat(address),
        operatingAddress: { sameAsRegistered: false, chinese: text(address), english: 'a'.repeat(address) },
        website: 'https://' + 'a'.repeat(website - 8),
        productDescription: text(productDescription),
        businessLicenseFileId: id(),
      },
      uploadEquityStructureChart: { equityStructureChartFileId: id() },
      uploadLegalPersonInfo: person(0),
      // At least 25 % each: at most four beneficiaries.
      uploadBeneficiaryInfo: {
        hasBeneficiaries: true,
        beneficiaries: Array.from({ length: 100 / Limits.beneficiary.thresholdPercent }, () => person(25)),
      },
      uploadAuthorizerInfo: { choice: 'none', person: person(0), authorizationLetterFileId: id() },
      uploadOtherInfo: { otherFileIds: Array.from({ length: 10 }, id), note: text(1000) },
    };
    const bytes = draftBytes(largest);
    const files = fileReferencesIn(largest).length;
    expect(bytes * 4).toBeLessThan(Limits.draft.maxBytes);
    expect(files).toBeLessThan(Limits.draft.maxFiles);
  });
});

describe('the card application draft has the same bound', () => {
  it('a temporary save over Limits.draft.maxBytes is refused with 413 and nothing is stored', async () => {
    const who = await cardApplicant(t.app);
    const first = await cardCall(t, who, 'POST', CardPaths.save, { businessPurpose: 'advertising' });
    expect(first.status).toBe(200);
    const before = await storedApplication(t.app, who.companyId!);
    // Within the request schema (100 answers of 2000 characters), over the bound in UTF-8.
    const answers = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`q${i}`, '汉'.repeat(2000)]));
    const answer = await cardCall(t, who, 'POST', CardPaths.save, { answers }, '0');
    expect(answer).toMatchObject({
      status: 413,
      body: { code: Codes.draftTooLarge.code, msg: Codes.draftTooLarge['zh-cn'] },
    });
    expect(await storedApplication(t.app, who.companyId!)).toEqual(before);
  });
});
