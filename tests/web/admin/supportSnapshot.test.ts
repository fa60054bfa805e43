// Support snapshots (issue 9 §4): an exported snapshot of a filled certification holds none of the
// personal values typed in, keeps the portal's own vocabulary (steps, enums, flags), and keeps each
// value's shape; parsing refuses other versions and unknown machines without throwing.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { certificationMachine } from '../../../machines/certification.machine';
import { registryEntry } from '../../../machines/registry';
import { shapePlaceholder } from '../../../src/web/features/support/snapshot/redactPersonalData';
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

  it('keeps the envelope, the state, the vocabulary and each value’s shape', () => {
    const exported = exportSupportSnapshot(
      'certification',
      filledCertificationActor(),
      new Date('2026-03-01T10:00:00Z'),
    );
    expect(exported).toMatchObject({
      machine: 'certification',
      version: registryEntry('certification')!.version,
      at: '2026-03-01T10:00:00.000Z',
    });
    expect(exported.appVersion).toMatch(/^\d+\.\d+\.\d+$/);
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
    expect(company.companyNameEnglish).toBe('Xxxxxxx Xxxxxxx Xxxxxxx');
    expect(company.registeredAddressEnglish).toBe("Xxxx 00X, 00 Xxxxx'x Xxxx Xxxxxxx");
    expect(company.companyNameChinese).toBe('xxxxxxxx');
    const person = context.draft.uploadLegalPersonInfo;
    expect(person.mobileAreaCode).toBe('+852');
    expect(person.document).toEqual({ type: 'passport', number: 'X00000000' });
    expect(person.email).toBe('xxx.xxxx@xxxxxxx.xxxxxxx');
    const beneficiary = context.draft.uploadBeneficiaryInfo.beneficiaries[0];
    expect(beneficiary.shareholding).toBe(60);
    expect(String(beneficiary.phone)).toHaveLength(11);
    expect(context.verificationId).toBe('0x0x0x0x-xxxx-0xxx-0xxx-0000000000x0');
  });

  it('shape placeholders keep length and punctuation', () => {
    expect(shapePlaceholder('Ab-9 z')).toBe('Xx-0 x');
    expect(shapePlaceholder('')).toBe('');
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
      version: 99,
      expected: registryEntry('certification')!.version,
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
