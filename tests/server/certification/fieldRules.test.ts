// Every field rule and conditional rule of the wizard, enforced by the server at submit (spec §3,
// §5; docs/product-rules.md): one valid application, then one broken field at a time. Each case must be
// refused with that field's message id at that path, and the valid application must still pass.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificationDraft,
  DraftStepId,
  SubmitProblems,
} from '../../../src/contract/api/certification';
import { Codes } from '../../../src/contract/codes';
import { createTestApp, type TestApp } from '../../support/testApp';
import { mainlandIdNumber, readyApplicant, save, submit, type Caller } from './support';

let t: TestApp;
let caller: Caller;
let valid: Required<CertificationDraft>;

beforeAll(async () => {
  t = await createTestApp();
  ({ caller, draft: valid } = await readyApplicant(t));
});
afterAll(async () => {
  await t?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are edited by dotted path
type Values = Record<string, any>;
const clone = <T>(v: T): T => structuredClone(v);

/** Saves `step` changed by `change`, submits, restores the valid values, and returns the answer. */
async function submitWith(step: DraftStepId, change: (values: Values) => Values | void) {
  const values = clone(valid[step]) as Values;
  const changed = change(values) ?? values;
  await save(t, caller, step, changed);
  const answer = await submit(t, caller);
  if (answer.status === 200) {
    // The case was wrongly accepted: put the company back so the other cases still run.
    await t.app.db.execute(
      sql`update companies set certification_status = 0, audit_status = 0 where id = ${caller.signedIn.companyId}`,
    );
  }
  await save(t, caller, step, valid[step]);
  return answer;
}

async function expectProblem(
  step: DraftStepId,
  change: (values: Values) => Values | void,
  path: string,
  message: string,
) {
  const answer = await submitWith(step, change);
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe(Codes.validationFailed.code);
  const data = answer.body.data as SubmitProblems;
  expect(data.step).toBe(step);
  expect(data.problems).toContainEqual({ step, path, message });
}

const CASES: Array<[string, DraftStepId, (v: Values) => Values | void, string, string]> = [
  // company info (spec §3, §5; docs/product-rules.md location-specific fields)
  [
    'USCC check character wrong',
    'completeCompanyInfo',
    (v) => void (v['businessLicenseCode'] = '91350100M000100Y44'),
    'businessLicenseCode',
    'uscc.format',
  ],
  [
    'business license code missing',
    'completeCompanyInfo',
    (v) => void delete v['businessLicenseCode'],
    'businessLicenseCode',
    'field.required',
  ],
  [
    'organization code not the one inside the USCC',
    'completeCompanyInfo',
    (v) => void (v['organizationCode'] = '12345678X'),
    'organizationCode',
    'organizationCode.mismatch',
  ],
  [
    'English company name in Chinese',
    'completeCompanyInfo',
    (v) => void (v['companyNameEnglish'] = '示例公司'),
    'companyNameEnglish',
    'companyName.englishFormat',
  ],
  [
    'Chinese company name missing for a CN company',
    'completeCompanyInfo',
    (v) => void (v['companyNameChinese'] = ''),
    'companyNameChinese',
    'field.required',
  ],
  [
    'English registered address in Chinese',
    'completeCompanyInfo',
    (v) => void (v['registeredAddressEnglish'] = '五四路88号'),
    'registeredAddressEnglish',
    'address.englishFormat',
  ],
  [
    'CN postal code of 5 digits',
    'completeCompanyInfo',
    (v) => void (v['postalCode'] = '35000'),
    'postalCode',
    'postalCode.format',
  ],
  [
    'website without a scheme',
    'completeCompanyInfo',
    (v) => void (v['website'] = 'example com'),
    'website',
    'website.format',
  ],
  [
    'establishment date in the future',
    'completeCompanyInfo',
    (v) => void (v['establishmentDate'] = '2999-01-01'),
    'establishmentDate',
    'date.future',
  ],
  [
    'company type not on the list',
    'completeCompanyInfo',
    (v) => void (v['companyType'] = 'trust'),
    'companyType',
    'field.select',
  ],
  ['industry missing', 'completeCompanyInfo', (v) => void delete v['industry'], 'industry', 'field.select'],
  [
    'product description missing',
    'completeCompanyInfo',
    (v) => void (v['productDescription'] = ' '),
    'productDescription',
    'field.required',
  ],
  [
    'business license file missing',
    'completeCompanyInfo',
    (v) => void delete v['businessLicenseFileId'],
    'businessLicenseFileId',
    'file.required',
  ],
  [
    'operating address differs but is missing',
    'completeCompanyInfo',
    (v) => void (v['operatingAddress'] = { sameAsRegistered: false, country: 'CN' }),
    'operatingAddress.address',
    'field.required',
  ],
  [
    'operating country not a country',
    'completeCompanyInfo',
    (v) => void (v['operatingAddress'] = { sameAsRegistered: false, address: 'Somewhere 1', country: 'XX' }),
    'operatingAddress.country',
    'field.select',
  ],
  // equity structure chart
  [
    'equity structure chart missing',
    'uploadEquityStructureChart',
    () => ({}),
    'equityStructureChartFileId',
    'file.required',
  ],
  // the director (person form)
  [
    'identity card check digit wrong',
    'uploadLegalPersonInfo',
    (v) =>
      void (v['document'].number =
        mainlandIdNumber().slice(0, 17) + (mainlandIdNumber().endsWith('1') ? '2' : '1')),
    'document.number',
    'idCard.format',
  ],
  [
    'passport number too short',
    'uploadLegalPersonInfo',
    (v) =>
      void (v['document'] = {
        type: 'passport',
        number: 'E12',
        photoPageFileId: v['document'].frontFileId,
        signaturePageFileId: v['document'].backFileId,
      }),
    'document.number',
    'passport.format',
  ],
  [
    'identity card back photo missing',
    'uploadLegalPersonInfo',
    (v) => void delete v['document'].backFileId,
    'document.backFileId',
    'file.required',
  ],
  [
    'Chinese name missing for a mainland national',
    'uploadLegalPersonInfo',
    (v) => void (v['surnameChinese'] = ''),
    'surnameChinese',
    'field.required',
  ],
  [
    'English given name in Chinese',
    'uploadLegalPersonInfo',
    (v) => void (v['givenNameEnglish'] = '伟'),
    'givenNameEnglish',
    'englishName.format',
  ],
  [
    '+86 mobile of 10 digits',
    'uploadLegalPersonInfo',
    (v) => void (v['mobile'] = '1380013800'),
    'mobile',
    'mobile.format',
  ],
  [
    '+852 mobile starting with 1',
    'uploadLegalPersonInfo',
    (v) => void Object.assign(v, { mobileAreaCode: '+852', mobile: '12345678' }),
    'mobile',
    'mobile.format',
  ],
  [
    'shareholding over 100',
    'uploadLegalPersonInfo',
    (v) => void (v['shareholdingRatio'] = 100.5),
    'shareholdingRatio',
    'shareholding.range',
  ],
  [
    'proof of address missing',
    'uploadLegalPersonInfo',
    (v) => void delete v['proofOfAddressFileId'],
    'proofOfAddressFileId',
    'file.required',
  ],
  [
    'residence address missing',
    'uploadLegalPersonInfo',
    (v) => void delete v['residenceAddress'],
    'residenceAddress',
    'field.required',
  ],
  // beneficiaries (spec §5, docs/product-rules.md)
  ['yes/no not answered', 'uploadBeneficiaryInfo', () => ({}), 'hasBeneficiaries', 'field.select'],
  [
    'a beneficiary under 25 %',
    'uploadBeneficiaryInfo',
    (v) => void (v['beneficiaries'][0].shareholdingRatio = 24.99),
    'beneficiaries.0.shareholdingRatio',
    'beneficiary.threshold',
  ],
  [
    'beneficiaries over 100 % together',
    'uploadBeneficiaryInfo',
    (v) => void v['beneficiaries'].push({ ...v['beneficiaries'][0], shareholdingRatio: 40.01 }),
    'beneficiaries',
    'beneficiary.total',
  ],
  [
    'yes, but nobody added',
    'uploadBeneficiaryInfo',
    (v) => void (v['beneficiaries'] = []),
    'beneficiaries',
    'beneficiary.required',
  ],
  [
    'no, and the senior managing official holds 25 %',
    'uploadBeneficiaryInfo',
    (v) => ({
      hasBeneficiaries: false,
      seniorManagingOfficial: { ...v['beneficiaries'][0], shareholdingRatio: 25 },
    }),
    'seniorManagingOfficial.shareholdingRatio',
    'beneficiary.seniorOfficialRatio',
  ],
  // the authorizer (docs/product-rules.md "Authorizer step")
  ['authorizer step not answered', 'uploadAuthorizerInfo', () => ({}), 'choice', 'field.select'],
  [
    'authorizer without the authorization letter',
    'uploadAuthorizerInfo',
    (v) => void delete v['authorizationLetterFileId'],
    'authorizationLetterFileId',
    'file.required',
  ],
  [
    'authorizer without a QR verification',
    'uploadAuthorizerInfo',
    (v) => void delete v['verificationSessionId'],
    'verificationSessionId',
    'verification.required',
  ],
  [
    'authorizer person form incomplete',
    'uploadAuthorizerInfo',
    (v) => void delete v['person'].proofOfAddressFileId,
    'person.proofOfAddressFileId',
    'file.required',
  ],
  [
    '"same as a beneficiary" pointing past the list',
    'uploadAuthorizerInfo',
    () => ({ choice: 'sameAsBeneficiary', beneficiaryIndex: 1 }),
    'beneficiaryIndex',
    'authorizer.beneficiaryIndex',
  ],
  // other info
  [
    'other info: more than 10 files',
    'uploadOtherInfo',
    (v) => void (v['otherFileIds'] = Array.from({ length: 11 }, () => v['otherFileIds'][0])),
    'otherFileIds',
    'field.tooLong',
  ],
];

describe('submit validates every field rule', () => {
  it('accepts the valid application as it stands (the baseline of every case)', async () => {
    const other = await readyApplicant(t);
    expect((await submit(t, other.caller)).status).toBe(200);
  });

  it.each(CASES)('refuses %s', async (_name, step, change, path, message) => {
    await expectProblem(step, change, path, message);
  });
});
