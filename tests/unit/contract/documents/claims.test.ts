// The documents' word on a case's claim rows (issue 30): each read file compared with the values
// typed beside it, named by the claim row's path, mismatches first.
import { describe, expect, it } from 'vitest';
import { documentClaims, type StoredReading } from '../../../../src/contract/documents/claims';

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
