// Support snapshots (issue 9 §4): an exported snapshot of a filled certification holds none of the
// personal values typed in, keeps the portal's own vocabulary (steps, enums, flags), and replaces each
// personal value by its kind only (issue 19 §5: no length, no shape, no character classes); parsing
// refuses other versions and unknown machines without throwing.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { certificationMachine } from '../../../machines/certification.machine';
import { machineVersion } from '../../../machines/machineVersion';
import { registryEntry } from '../../../machines/registry';
import {
  redactedKindOf,
  redactPersonalData,
} from '../../../src/web/features/support/snapshot/redactPersonalData';
import {
  exportSupportSnapshot,
  parseSupportSnapshot,
  supportSnapshotText,
  UnregisteredMachineError,
} from '../../../src/web/features/support/snapshot/supportSnapshot';

const PERSONAL = [
  'Harbour Trading Limited',
  '港湾贸易有限公司',
  '91350100M000100Y43',
  "Flat 12B, 88 Queen's Road Central",
  '香港中环皇后大道中88号',
  'Mei',
  'Chen',
  '13800138000',
  '98765432',
  'mei.chen@harbour.example',
  'E12345678',
  '6a1f0c3e-aaaa-4bbb-8ccc-0000000000f1',
  '6a1f0c3e-aaaa-4bbb-8ccc-0000000000f2',
  'https://harbour.example',
  'Trade finance for seafood importers',
  'The licence photo is blurred',
];

/** A certification wizard with every step filled, paused on the last step. */
function filledCertificationActor() {
  const state = certificationMachine.resolveState({
    value: 'loading',
    context: {
      authorizerStepApplies: true,
      location: 'HK',
      registeredLocation: 'HK',
      pendingLocation: null,
      resumeAt: 'uploadOtherInfo',
      problems: null,
      review: {
        reason: 'The licence photo is blurred',
        flaggedFields: ['completeCompanyInfo.businessLicenseFileId'],
      },
      verificationId: '6a1f0c3e-aaaa-4bbb-8ccc-0000000000f2',
      message: null,
      draft: {
        completeCompanyInfo: {
          location: 'HK',
          companyNameEnglish: 'Harbour Trading Limited',
          companyNameChinese: '港湾贸易有限公司',
          businessLicenseCode: '91350100M000100Y43',
          registeredAddressEnglish: "Flat 12B, 88 Queen's Road Central",
          registeredAddressChinese: '香港中环皇后大道中88号',
          website: 'https://harbour.example',
          productDescription: 'Trade finance for seafood importers',
          businessLicenseFileId: '6a1f0c3e-aaaa-4bbb-8ccc-0000000000f1',
          industry: 'retail',
          operatingAddress: { sameAsRegistered: true },
        },
        uploadLegalPersonInfo: {
          surnameEnglish: 'Chen',
          givenNameEnglish: 'Mei',
          nationality: 'HK',
          mobileAreaCode: '+852',
          mobile: '98765432',
          document: { type: 'passport', number: 'E12345678' },
          email: 'mei.chen@harbour.example',
        },
        uploadBeneficiaryInfo: {
          beneficiaries: [
            { surnameEnglish: 'Chen', givenNameEnglish: 'Mei', shareholding: 60, phone: 13800138000 },
          ],
        },
      },
    } as never,
  });
  return createActor(certificationMachine, { snapshot: state });
}

describe('support snapshot export', () => {
  it('contains none of the personal values typed into a filled certification', () => {
    const exported = exportSupportSnapshot(
      'certification',
      filledCertificationActor(),
      new Date('2026-03-01T10:00:00Z'),
    );
    const text = supportSnapshotText(exported);
    for (const value of PERSONAL) expect(text, value).not.toContain(value);
    expect(text).not.toContain('13800138000');
  });

  it('keeps the envelope, the state and the vocabulary; a personal value becomes its kind', () => {
    const exported = exportSupportSnapshot(
      'certification',
      filledCertificationActor(),
      new Date('2026-03-01T10:00:00Z'),
    );
    expect(exported).toMatchObject({
      machine: 'certification',
      version: machineVersion(registryEntry('certification')!.machine),
      at: '2026-03-01T10:00:00.000Z',
    });
    expect(exported.appVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{7,12}$/);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking a redacted context by path
    const snapshot = exported.snapshot as { value: unknown; context: Record<string, any> };
    expect(snapshot.value).toBe('loading');
    const { context } = snapshot;
    expect(context.location).toBe('HK');
    expect(context.resumeAt).toBe('uploadOtherInfo');
    expect(context.authorizerStepApplies).toBe(true);
    expect(context.review.flaggedFields).toEqual(['completeCompanyInfo.businessLicenseFileId']);
    const company = context.draft.completeCompanyInfo;
    expect(company.industry).toBe('retail');
    expect(company.operatingAddress).toEqual({ sameAsRegistered: true });
    expect(company.companyNameEnglish).toBe('‹name›');
    expect(company.registeredAddressEnglish).toBe('‹address›');
    expect(company.companyNameChinese).toBe('‹name›');
    expect(company.businessLicenseCode).toBe('‹id number›');
    expect(company.businessLicenseFileId).toBe('‹file›');
    expect(company.website).toBe('‹link›');
    expect(company.productDescription).toBe('‹text›');
    const person = context.draft.uploadLegalPersonInfo;
    expect(person.mobileAreaCode).toBe('+852');
    expect(person.mobile).toBe('‹phone›');
    expect(person.document).toEqual({ type: 'passport', number: '‹id number›' });
    expect(person.email).toBe('‹email›');
    const beneficiary = context.draft.uploadBeneficiaryInfo.beneficiaries[0];
    expect(beneficiary.shareholding).toBe(60);
    expect(beneficiary.phone).toBe('‹phone›');
    expect(beneficiary.surnameEnglish).toBe('‹name›');
    expect(context.verificationId).toBe('‹id›');
    expect(context.review.reason).toBe('‹text›');
  });

  it('a placeholder says the kind only: two values of one kind, any length or script, read the same', () => {
    const short = redactPersonalData({ givenName: 'Li', email: 'a@b.c', note: 'x' });
    const long = redactPersonalData({
      givenName: 'Bartholomew-Alexander',
      email: 'someone.long+tag@subdomain.example.org',
      note: '港湾贸易 Trading 2026 — with digits 12345',
    });
    expect(short).toEqual(long);
    expect(long).toEqual({ givenName: '‹name›', email: '‹email›', note: '‹text›' });
    const text = JSON.stringify(long);
    expect(text).not.toMatch(/[xX0]{2}/);
  });

  it('everything inside a file is the file; a blank field stays blank; numbers of a person are redacted', () => {
    expect(
      redactPersonalData({
        licence: { id: 'f1', name: 'harbour-licence.pdf', type: 'application/pdf', size: 2048 },
      }),
    ).toEqual({ licence: { id: '‹id›', name: '‹name›', type: 'application/pdf', size: 2048 } });
    expect(redactPersonalData({ files: [{ id: 'f1', name: 'scan.pdf', type: 'application/pdf' }] })).toEqual({
      files: [{ id: '‹file›', name: '‹file›', type: 'application/pdf' }],
    });
    expect(redactPersonalData({ surname: '' })).toEqual({ surname: '' });
    expect(redactPersonalData({ passportNumber: 12345678, attempts: 3 })).toEqual({
      passportNumber: '‹id number›',
      attempts: 3,
    });
  });

  it('names the kind from the key, first match first', () => {
    expect(redactedKindOf('businessLicenseFileId')).toBe('file');
    expect(redactedKindOf('businessLicenseCode')).toBe('id number');
    expect(redactedKindOf('contactEmail')).toBe('email');
    expect(redactedKindOf('legalPersonMobile')).toBe('phone');
    expect(redactedKindOf('surnameEnglish')).toBe('name');
    expect(redactedKindOf('dateOfBirth')).toBe('date');
    expect(redactedKindOf('somethingNew')).toBe('text');
    expect(redactedKindOf('name', 'file')).toBe('file');
  });

  it('refuses to export a machine the registry does not list', () => {
    expect(() => exportSupportSnapshot('noSuchMachine', { getPersistedSnapshot: () => ({}) })).toThrow(
      UnregisteredMachineError,
    );
  });
});

describe('support snapshot parsing', () => {
  const valid = () => supportSnapshotText(exportSupportSnapshot('certification', filledCertificationActor()));

  it('restores a valid snapshot without running anything', () => {
    const parsed = parseSupportSnapshot(valid());
    expect(parsed.kind).toBe('ok');
    if (parsed.kind === 'ok') expect(parsed.state.value).toBe('loading');
  });

  it('refuses another version, an unknown machine, non-JSON and non-snapshots, never throwing', () => {
    const other = { ...JSON.parse(valid()), version: 99 };
    expect(parseSupportSnapshot(JSON.stringify(other))).toEqual({
      kind: 'otherVersion',
      machine: 'certification',
      version: '99',
      expected: machineVersion(registryEntry('certification')!.machine),
    });
    expect(parseSupportSnapshot(JSON.stringify({ ...other, machine: 'x' }))).toEqual({
      kind: 'unknownMachine',
      machine: 'x',
    });
    expect(parseSupportSnapshot('{')).toEqual({ kind: 'notJson' });
    expect(parseSupportSnapshot('null')).toEqual({ kind: 'notSnapshot' });
    expect(parseSupportSnapshot('{"machine":"certification","version":1}')).toEqual({ kind: 'notSnapshot' });
    expect(
      parseSupportSnapshot(JSON.stringify({ ...JSON.parse(valid()), snapshot: { value: 'nowhere' } })).kind,
    ).toBe('notRestorable');
  });
});
