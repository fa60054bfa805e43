// Shared by the certification API tests: an applicant of a fresh company, real uploads through
// POST /plat/files, a complete valid CN application built from them, and small call helpers.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  CertificationDraft,
  CertificationView,
  DraftStepId,
} from '../../../src/contract/api/certification';
import type { Envelope } from '../../../src/contract/envelope';
import { idCardCheckCharacter } from '../../../src/contract/validators/mainlandIdCard';
import { users } from '../../../src/server/db/schema/accounts';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import { png } from '../../fixtures/files/samples';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';
import { blobOf } from '../storage/support';

/** A mainland identity card number with a correct GB 11643 check digit. */
export function mainlandIdNumber(first17 = '11010519491231002'): string {
  return first17 + idCardCheckCharacter(first17)!;
}

export const VALID_USCC = '91350100M000100Y43';

export interface Caller {
  signedIn: SignedIn;
  headers: Record<string, string>;
}

export async function applicant(
  t: TestApp,
  opts: { location?: string; position?: string; language?: 'zh-cn' | 'en-us' } = {},
): Promise<Caller> {
  const company = await createCompany(t.app, { location: opts.location ?? 'CN' });
  const signedIn = await signInAs(t.app, {
    role: 'applicant',
    companyId: company.id,
    language: opts.language,
  });
  if (opts.position)
    await t.app.db.update(users).set({ position: opts.position }).where(eq(users.id, signedIn.userId));
  return { signedIn, headers: { ...signedIn.headers, language: opts.language === 'en-us' ? '1' : '0' } };
}

export async function call<T = unknown>(
  t: TestApp,
  caller: Caller | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${t.url}/plat${path}`, {
    method,
    headers: {
      ...(caller?.headers ?? {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export async function view(t: TestApp, caller: Caller): Promise<CertificationView> {
  const answer = await call<CertificationView>(t, caller, 'GET', '/kyb/application');
  if (answer.status !== 200) throw new Error(`view failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export async function upload(
  t: TestApp,
  caller: Caller,
  kind: string,
  bytes: Buffer = png(),
): Promise<string> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', blobOf(bytes), `${kind}.png`);
  const response = await fetch(`${t.url}/plat/files`, {
    method: 'POST',
    headers: caller.headers,
    body: form,
  });
  const body = (await response.json()) as Envelope<{ id: string }>;
  if (response.status !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.id;
}

/** A verified QR session of this company, as the verification flow (issue 6) leaves one. */
export async function verifiedSession(
  app: FastifyInstance,
  caller: Caller,
  state = 'verified',
): Promise<string> {
  const now = new Date();
  const [row] = await app.db
    .insert(verificationSessions)
    .values({
      companyId: caller.signedIn.companyId!,
      createdBy: caller.signedIn.userId,
      purpose: 'authorizer',
      subjectName: 'Li Na',
      state,
      tokenHash: randomUUID(),
      tokenCreatedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!.id;
}

async function person(t: TestApp, caller: Caller, ratio: number, idSeed: string) {
  return {
    nationality: 'CN',
    document: {
      type: 'idCard',
      number: mainlandIdNumber(idSeed),
      frontFileId: await upload(t, caller, 'idFront'),
      backFileId: await upload(t, caller, 'idBack'),
    },
    surnameChinese: '张',
    givenNameChinese: '伟',
    surnameEnglish: 'Zhang',
    givenNameEnglish: 'Wei',
    residenceAddress: 'No. 1 Jianguo Road, Chaoyang District, Beijing',
    mobileAreaCode: '+86',
    mobile: '13800138000',
    shareholdingRatio: ratio,
    proofOfAddressFileId: await upload(t, caller, 'proofOfAddress'),
  };
}

/** Every step of a valid mainland application: one beneficiary, the authorizer "none of these". */
export async function validCnDraft(t: TestApp, caller: Caller): Promise<Required<CertificationDraft>> {
  const director = await person(t, caller, 60, '11010519491231002');
  const beneficiary = await person(t, caller, 60, '11010519491231002');
  const authorizer = {
    ...(await person(t, caller, 0, '44030419900101123')),
    surnameEnglish: 'Li',
    givenNameEnglish: 'Na',
  };
  return {
    completeCompanyInfo: {
      businessLicenseCode: VALID_USCC,
      organizationCode: '',
      establishmentDate: '2015-06-01',
      companyNameChinese: '福州示例贸易有限公司',
      companyNameEnglish: 'Fuzhou Example Trading Co., Ltd.',
      registeredAddressChinese: '福建省福州市鼓楼区五四路88号',
      registeredAddressEnglish: 'No. 88 Wusi Road, Gulou District, Fuzhou',
      postalCode: '350001',
      companyType: 'limitedLiabilityCompany',
      industry: 'crossBorderEcommerce',
      website: 'https://example.com',
      productDescription: 'Consumer electronics sold online to overseas buyers.',
      operatingAddress: { sameAsRegistered: true },
      businessLicenseFileId: await upload(t, caller, 'businessLicense'),
    },
    uploadEquityStructureChart: {
      equityStructureChartFileId: await upload(t, caller, 'equityStructureChart'),
    },
    uploadLegalPersonInfo: director,
    uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries: [beneficiary] },
    uploadAuthorizerInfo: {
      choice: 'none',
      person: authorizer,
      authorizationLetterFileId: await upload(t, caller, 'authorizationLetter'),
      verificationSessionId: await verifiedSession(t.app, caller),
    },
    uploadOtherInfo: { otherFileIds: [await upload(t, caller, 'otherDocument')], note: '' },
  } as Required<CertificationDraft>;
}

export async function confirm(t: TestApp, caller: Caller, location = 'CN'): Promise<void> {
  const answer = await call(t, caller, 'POST', '/kyb/location', { location, confirm: true });
  if (answer.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(answer.body)}`);
}

/** Saves one step at the current version; returns the new version. */
export async function save(t: TestApp, caller: Caller, step: DraftStepId, values: unknown): Promise<number> {
  const { version } = await view(t, caller);
  const answer = await call<{ version: number }>(t, caller, 'POST', '/kyb/draft', {
    step,
    values,
    currentStep: step,
    version,
  });
  if (answer.status !== 200) throw new Error(`save failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.version;
}

export async function saveAll(t: TestApp, caller: Caller, draft: CertificationDraft): Promise<number> {
  let version = 0;
  for (const [step, values] of Object.entries(draft))
    version = await save(t, caller, step as DraftStepId, values);
  return version;
}

export async function submit(t: TestApp, caller: Caller, version?: number) {
  const v = version ?? (await view(t, caller)).version;
  return call<unknown>(t, caller, 'POST', '/kyb/submit', { version: v });
}

/** A confirmed CN applicant with every step saved validly. */
export async function readyApplicant(t: TestApp, opts: Parameters<typeof applicant>[1] = {}) {
  const caller = await applicant(t, opts);
  await confirm(t, caller, opts.location ?? 'CN');
  const draft = await validCnDraft(t, caller);
  await saveAll(t, caller, draft);
  return { caller, draft };
}
