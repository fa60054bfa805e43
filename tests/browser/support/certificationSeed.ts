// A certification draft made through the portal's own API (the calls the wizard makes), for a
// browser test that starts further in than step 1: the location confirmed, real files uploaded
// through POST /plat/files, and each step saved, resuming at the step the test names.
import type {
  CertificationView,
  DraftStepId,
  CertificationStepId,
} from '../../../src/contract/api/certification';
import { CertificationFileKinds, CertificationPaths } from '../../../src/contract/api/certification';
import type { Envelope } from '../../../src/contract/envelope';
import type { SeededUser } from '../../support/portal';
import { companyInfo, mainlandPerson, pdfFile, type PersonData, type UploadFile } from './certificationData';

interface Caller {
  baseUrl: string;
  user: SeededUser;
}

async function call<T>(caller: Caller, path: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${caller.baseUrl}/plat${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...caller.user.signedIn.headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

async function succeed<T>(caller: Caller, path: string, body?: unknown): Promise<T> {
  const answer = await call<T>(caller, path, body);
  if (answer.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The application as the server keeps it. */
export function certificationView(baseUrl: string, user: SeededUser): Promise<CertificationView> {
  return succeed(caller(baseUrl, user), CertificationPaths.application);
}

/** POST /kyb/submit at the current version; the raw envelope (a refusal is an answer too). */
export async function submitThroughApi(baseUrl: string, user: SeededUser): Promise<Envelope<unknown>> {
  const { version } = await certificationView(baseUrl, user);
  return call(caller(baseUrl, user), CertificationPaths.submit, { version });
}

const caller = (baseUrl: string, user: SeededUser): Caller => ({ baseUrl, user });

async function upload(c: Caller, kind: string, file: UploadFile): Promise<string> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await fetch(`${c.baseUrl}/plat/files`, {
    method: 'POST',
    headers: c.user.signedIn.headers,
    body: form,
  });
  const body = (await response.json()) as Envelope<{ id: string }>;
  if (body.code !== 200) throw new Error(`upload ${kind}: ${JSON.stringify(body)}`);
  return body.data.id;
}

async function personValues(c: Caller, person: PersonData) {
  return {
    nationality: person.nationality,
    document: {
      type: 'idCard',
      number: person.idCardNumber,
      frontFileId: await upload(c, CertificationFileKinds.idFront, person.files.idFront),
      backFileId: await upload(c, CertificationFileKinds.idBack, person.files.idBack),
    },
    surnameChinese: person.surnameChinese,
    givenNameChinese: person.givenNameChinese,
    surnameEnglish: person.surnameEnglish,
    givenNameEnglish: person.givenNameEnglish,
    residenceAddress: person.residenceAddress,
    mobileAreaCode: person.mobileAreaCode,
    mobile: person.mobile,
    shareholdingRatio: person.shareholdingRatio,
    proofOfAddressFileId: await upload(c, CertificationFileKinds.proofOfAddress, person.files.proofOfAddress),
  };
}

/**
 * A CN application with every step saved — one beneficiary, the authorizer "none of these" with
 * person and signed letter but NO face verification yet — resuming at `resumeAt`.
 */
export async function seedCnDraftWithoutVerification(
  baseUrl: string,
  user: SeededUser,
  resumeAt: CertificationStepId = 'uploadAuthorizerInfo',
  /** The authorizer's ID front (the face reference of the QR verification); a blank PNG if absent. */
  authorizerIdFront?: UploadFile,
): Promise<void> {
  const c = caller(baseUrl, user);
  await succeed(c, CertificationPaths.location, { location: 'CN', confirm: true });
  const authorizer = mainlandPerson('authorizer', 0);
  if (authorizerIdFront) authorizer.files.idFront = authorizerIdFront;
  const company = companyInfo('CN');
  const steps: Array<[DraftStepId, Record<string, unknown>]> = [
    [
      'completeCompanyInfo',
      {
        location: 'CN',
        businessLicenseCode: company.licenceCode,
        organizationCode: '',
        establishmentDate: company.establishmentDate,
        companyNameChinese: company.companyNameChinese,
        companyNameEnglish: company.companyNameEnglish,
        registeredAddressChinese: company.registeredAddressChinese,
        registeredAddressEnglish: company.registeredAddressEnglish,
        postalCode: company.postalCode,
        companyType: company.companyType,
        industry: company.industry,
        website: company.website,
        productDescription: company.productDescription,
        operatingAddress: { sameAsRegistered: true },
        businessLicenseFileId: await upload(
          c,
          CertificationFileKinds.businessLicense,
          company.businessLicence,
        ),
      },
    ],
    [
      'uploadEquityStructureChart',
      {
        equityStructureChartFileId: await upload(
          c,
          CertificationFileKinds.equityStructureChart,
          pdfFile('equity.pdf'),
        ),
      },
    ],
    ['uploadLegalPersonInfo', await personValues(c, mainlandPerson('director', 30))],
    [
      'uploadBeneficiaryInfo',
      { hasBeneficiaries: true, beneficiaries: [await personValues(c, mainlandPerson('beneficiary', 40))] },
    ],
    [
      'uploadOtherInfo',
      {
        otherFileIds: [await upload(c, CertificationFileKinds.otherDocument, pdfFile('other.pdf'))],
        note: '',
      },
    ],
    // Last, so its currentStep is the one the wizard resumes at.
    [
      'uploadAuthorizerInfo',
      {
        choice: 'none',
        person: await personValues(c, authorizer),
        authorizationLetterFileId: await upload(
          c,
          CertificationFileKinds.authorizationLetter,
          pdfFile('letter.pdf'),
        ),
      },
    ],
  ];
  for (const [step, values] of steps) {
    const { version } = await certificationView(baseUrl, user);
    await succeed(c, CertificationPaths.draft, { step, values, currentStep: resumeAt, version });
  }
}

// ---- any draft a model-based path starts from ---------------------------------------------------

export interface DraftSeed {
  /** The company's location: confirmed (locked) when `confirmLocation`, else only registered. */
  location: 'CN' | 'HK';
  confirmLocation: boolean;
  /** Where another device resumes (the current step the saves record). */
  resumeAt: CertificationStepId;
  /** The authorizer step's choice; null for a legal person (the step does not apply, nothing saved). */
  authorizer: 'none' | 'sameAsDirector' | null;
  /** The English company name in a form the server refuses at submit (an unfinished draft). */
  brokenCompanyName?: boolean;
}

/** An English company name the contract refuses ('companyName.englishFormat'). */
export const REFUSED_ENGLISH_NAME = '示例贸易有限公司';

function companyValues(location: 'CN' | 'HK', licenceFileId: string, brokenName: boolean) {
  const company = companyInfo(location);
  const common = {
    location,
    establishmentDate: company.establishmentDate,
    companyNameChinese: company.companyNameChinese,
    companyNameEnglish: brokenName ? REFUSED_ENGLISH_NAME : company.companyNameEnglish,
    registeredAddressChinese: company.registeredAddressChinese,
    registeredAddressEnglish: company.registeredAddressEnglish,
    companyType: company.companyType,
    industry: company.industry,
    website: company.website,
    productDescription: company.productDescription,
    operatingAddress: { sameAsRegistered: true },
    businessLicenseFileId: licenceFileId,
  };
  return location === 'HK'
    ? {
        ...common,
        businessLicenseCode: company.licenceCode,
        companiesRegistryNumber: company.companiesRegistryNumber,
      }
    : {
        ...common,
        businessLicenseCode: company.licenceCode,
        organizationCode: '',
        postalCode: company.postalCode,
      };
}

/**
 * Every step of an application saved through the API as `seed` says (one beneficiary holding
 * 40 %), with the location confirmed or only registered; the wizard resumes at `seed.resumeAt`.
 */
export async function seedDraft(baseUrl: string, user: SeededUser, seed: DraftSeed): Promise<void> {
  const c = caller(baseUrl, user);
  if (seed.confirmLocation)
    await succeed(c, CertificationPaths.location, { location: seed.location, confirm: true });
  const company = companyInfo(seed.location);
  const licence = await upload(c, CertificationFileKinds.businessLicense, company.businessLicence);
  const steps: Array<[DraftStepId, Record<string, unknown>]> = [
    ['completeCompanyInfo', companyValues(seed.location, licence, seed.brokenCompanyName ?? false)],
    [
      'uploadEquityStructureChart',
      {
        equityStructureChartFileId: await upload(
          c,
          CertificationFileKinds.equityStructureChart,
          pdfFile('equity.pdf'),
        ),
      },
    ],
    ['uploadLegalPersonInfo', await personValues(c, mainlandPerson('director', 30))],
    [
      'uploadBeneficiaryInfo',
      { hasBeneficiaries: true, beneficiaries: [await personValues(c, mainlandPerson('beneficiary', 40))] },
    ],
    [
      'uploadOtherInfo',
      {
        otherFileIds: [await upload(c, CertificationFileKinds.otherDocument, pdfFile('other.pdf'))],
        note: '',
      },
    ],
  ];
  if (seed.authorizer === 'sameAsDirector')
    steps.push(['uploadAuthorizerInfo', { choice: 'sameAsDirector' }]);
  if (seed.authorizer === 'none')
    steps.push([
      'uploadAuthorizerInfo',
      {
        choice: 'none',
        person: await personValues(c, mainlandPerson('authorizer', 0)),
        authorizationLetterFileId: await upload(
          c,
          CertificationFileKinds.authorizationLetter,
          pdfFile('letter.pdf'),
        ),
      },
    ]);
  for (const [step, values] of steps) {
    const { version } = await certificationView(baseUrl, user);
    await succeed(c, CertificationPaths.draft, { step, values, currentStep: seed.resumeAt, version });
  }
}

/** POST /kyb/location as another tab of the same user would (the raw envelope). */
export function confirmLocationThroughApi(
  baseUrl: string,
  user: SeededUser,
  location: 'CN' | 'HK',
): Promise<Envelope<unknown>> {
  return call(caller(baseUrl, user), CertificationPaths.location, { location, confirm: true });
}

/**
 * What another tab (or device) of the same user does: saves a step it holds at the current version,
 * unchanged, so the stored version moves on and every tab holding the old one is refused as stale.
 * The resume step stays where it was.
 */
export async function saveInAnotherTab(baseUrl: string, user: SeededUser): Promise<void> {
  const view = await certificationView(baseUrl, user);
  const [step, values] = (Object.entries(view.draft)[0] ?? ['completeCompanyInfo', {}]) as [
    DraftStepId,
    unknown,
  ];
  await succeed(caller(baseUrl, user), CertificationPaths.draft, {
    step,
    values,
    currentStep: view.currentStep,
    version: view.version,
  });
}
