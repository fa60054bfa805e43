// The documents' word on a case's claim rows (issue 30): each read file compared with the values
// typed beside it, named by the claim row's path, mismatches first.
import { describe, expect, it } from 'vitest';
import {
  documentClaims,
  documentFindings,
  findingTone,
  type CheckedReading,
  type StoredReading,
} from '../../../../src/contract/documents/claims';

const at = (value: string, box: [number, number, number, number] = [1, 2, 3, 4]) => ({ value, page: 0, box });

const person = (number: string, front: string) => ({
  document: { type: 'idCard', number, frontFileId: front, backFileId: 'back' },
  surnameChinese: '王',
  givenNameChinese: '伟',
});

describe('documentClaims', () => {
  const readings = new Map<string, StoredReading>([
    [
      'front-d',
      { kind: 'idFront', fields: { idNumber: at('11010519491231002X'), name: at('王伟') }, mrz: null },
    ],
    ['front-b', { kind: 'idFront', fields: { idNumber: at('11010519491231002X') }, mrz: null }],
    ['licence', { kind: 'businessLicense', fields: { uscc: at('91350100M000100Y43') }, mrz: null }],
    ['chart', { kind: 'equityStructureChart', fields: {}, mrz: null }],
  ]);
  const values = {
    completeCompanyInfo: { businessLicenseCode: '91350100M000100Y43', businessLicenseFileId: 'licence' },
    uploadEquityStructureChart: { equityStructureChartFileId: 'chart' },
    uploadLegalPersonInfo: person('11010519491231002X', 'front-d'),
    uploadBeneficiaryInfo: { beneficiaries: [person('11010519491231003X', 'front-b')] },
  };

  it('names each comparison by its claim row, differences first, with where it was read', () => {
    const claims = documentClaims(values, readings);
    expect(claims.map((c) => [c.claimPath, c.verdict])).toEqual([
      ['uploadBeneficiaryInfo.beneficiaries.0.document.number', 'different'],
      ['uploadBeneficiaryInfo.beneficiaries.0.surnameChinese', 'unreadable'],
      ['completeCompanyInfo.businessLicenseCode', 'equal'],
      ['uploadLegalPersonInfo.document.number', 'equal'],
      ['uploadLegalPersonInfo.surnameChinese', 'equal'],
    ]);
    expect(claims[0]).toMatchObject({
      fileId: 'front-b',
      read: '11010519491231002X',
      page: 0,
      box: [1, 2, 3, 4],
    });
  });

  it('says nothing of files not read', () => {
    expect(documentClaims(values, new Map())).toEqual([]);
  });
});

describe('documentFindings', () => {
  const claim = (
    verdict: 'equal' | 'different' | 'unreadable',
    fileId: string,
    field = 'idNumber' as const,
  ) => ({
    claimPath: `step.${fileId}`,
    field,
    typedPath: 'document.number',
    typed: '1',
    read: verdict === 'unreadable' ? null : '2',
    verdict,
    fileId,
    page: 0,
    box: [1, 2, 3, 4] as [number, number, number, number],
  });

  it('puts differences first, then failed self-checks with where they were read, then unreadable values', () => {
    const readings = new Map<string, CheckedReading>([
      [
        'front',
        {
          kind: 'idFront',
          fields: { birthDate: { value: '1990-01-01', page: 0, box: [5, 6, 7, 8] } },
          mrz: null,
          selfChecks: [
            { name: 'idNumberCheckDigit', outcome: 'pass' },
            { name: 'idNumberBirthDate', outcome: 'fail' },
          ],
        },
      ],
      ['back', { kind: 'idBack', fields: {}, mrz: null, selfChecks: [{ name: 'expired', outcome: 'fail' }] }],
      [
        'back2',
        { kind: 'idBack', fields: {}, mrz: null, selfChecks: [{ name: 'expired', outcome: 'unreadable' }] },
      ],
    ]);
    const findings = documentFindings(
      [claim('unreadable', 'a'), claim('equal', 'b'), claim('different', 'c')],
      readings,
    );
    expect(findings.map((f) => [f.type, f.key])).toEqual([
      ['claim', 'c:idNumber'],
      ['selfCheck', 'front:birthDate'],
      ['selfCheck', 'back:validTo'],
      ['claim', 'a:idNumber'],
    ]);
    expect(findings[1]).toMatchObject({ page: 0, box: [5, 6, 7, 8], check: { name: 'idNumberBirthDate' } });
    expect(findings.map(findingTone)).toEqual(['different', 'fail', 'fail', 'unreadable']);
    expect(findings[2]).toMatchObject({ page: null, box: null });
  });

  it('has nothing to say when every value agrees and every check holds', () => {
    expect(documentFindings([claim('equal', 'b')], new Map())).toEqual([]);
  });
});
