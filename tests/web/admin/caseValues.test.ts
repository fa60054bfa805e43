// Issue 21 §1: the case's data as a reviewer reads it — a section per person, a phone number as one
// row, documents tied to the claims they support, labels in words (never the field's key) and values
// formatted in both languages (dates, percentages, countries, phone numbers, option values).
import { setupI18n, type I18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { CaseDocument, CaseStep } from '../../../src/contract/api/admin';
import type { Locale } from '../../../src/contract/envelope';
import {
  caseSections,
  documentsInReadingOrder,
  sectionsSupportedBy,
} from '../../../src/web/features/admin/caseView/caseSections';
import { rowLabel, rowValue, sectionTitle } from '../../../src/web/features/admin/caseView/caseValues';
import { documentClaims } from '../../../src/web/features/admin/caseView/documentClaims';
import { changeText } from '../../../src/web/features/admin/caseView/roundChangeText';
import { catalogAtHand } from '../../../src/web/i18n/catalogs';

function i18nFor(locale: Locale): I18n {
  const messages = catalogAtHand(locale);
  if (!messages) throw new Error(`no ${locale} catalog`);
  return setupI18n({ locale, messages: { [locale]: messages } });
}

const field = (stepId: string, fieldPath: string, value: string | number | boolean | null, file = false) => ({
  path: `${stepId}.${fieldPath}`,
  fieldPath,
  value,
  fileId: file ? String(value) : null,
});

const person = (stepId: string, prefix: string, ratio: number, fileId: string) => [
  field(stepId, `${prefix}nationality`, 'CN'),
  field(stepId, `${prefix}document.type`, 'idCard'),
  field(stepId, `${prefix}document.number`, '110101199003070011'),
  field(stepId, `${prefix}document.frontFileId`, fileId, true),
  field(stepId, `${prefix}surnameChinese`, '张'),
  field(stepId, `${prefix}givenNameChinese`, '三'),
  field(stepId, `${prefix}surnameEnglish`, 'ZHANG'),
  field(stepId, `${prefix}givenNameEnglish`, 'San'),
  field(stepId, `${prefix}mobileAreaCode`, '+86'),
  field(stepId, `${prefix}mobile`, '13800138000'),
  field(stepId, `${prefix}shareholdingRatio`, ratio),
];

const STEPS: CaseStep[] = [
  {
    stepId: 'completeCompanyInfo',
    fields: [
      field('completeCompanyInfo', 'location', 'CN'),
      field('completeCompanyInfo', 'companyNameEnglish', 'Fuzhou Example Trading Co., Ltd.'),
      field('completeCompanyInfo', 'businessLicenseCode', '91350100M000100Y43'),
      field('completeCompanyInfo', 'establishmentDate', '2015-06-01'),
      field('completeCompanyInfo', 'companyType', 'limitedLiabilityCompany'),
      field('completeCompanyInfo', 'industry', 'crossBorderEcommerce'),
      field('completeCompanyInfo', 'operatingAddress.sameAsRegistered', true),
      field('completeCompanyInfo', 'businessLicenseFileId', 'f-licence', true),
    ],
  },
  {
    stepId: 'uploadEquityStructureChart',
    fields: [field('uploadEquityStructureChart', 'equityStructureChartFileId', 'f-chart', true)],
  },
  {
    stepId: 'uploadBeneficiaryInfo',
    fields: [
      field('uploadBeneficiaryInfo', 'hasBeneficiaries', true),
      ...person('uploadBeneficiaryInfo', 'beneficiaries.0.', 40, 'f-b0'),
      ...person('uploadBeneficiaryInfo', 'beneficiaries.1.', 33.33, 'f-b1'),
    ],
  },
  {
    stepId: 'uploadAuthorizerInfo',
    fields: [
      field('uploadAuthorizerInfo', 'choice', 'none'),
      ...person('uploadAuthorizerInfo', 'person.', 0, 'f-auth'),
    ],
  },
];

const doc = (fileId: string, fieldPath: string): CaseDocument => ({
  fileId,
  kind: 'k',
  contentType: 'image/png',
  name: `${fileId}.png`,
  size: 1,
  fieldPath,
  deleted: false,
});
const DOCS = [
  doc('f-auth', 'uploadAuthorizerInfo.person.document.frontFileId'),
  doc('f-chart', 'uploadEquityStructureChart.equityStructureChartFileId'),
  doc('f-b1', 'uploadBeneficiaryInfo.beneficiaries.1.document.frontFileId'),
  doc('f-licence', 'completeCompanyInfo.businessLicenseFileId'),
  doc('f-b0', 'uploadBeneficiaryInfo.beneficiaries.0.document.frontFileId'),
];

const sections = caseSections(STEPS);
const sectionAt = (id: string) => sections.find((s) => s.id === id)!;

describe('case sections', () => {
  it('cuts a step into a section per person, the step’s own answers first', () => {
    expect(sections.map((s) => s.id)).toEqual([
      'completeCompanyInfo',
      'uploadEquityStructureChart',
      'uploadBeneficiaryInfo',
      'uploadBeneficiaryInfo.beneficiaries.0',
      'uploadBeneficiaryInfo.beneficiaries.1',
      'uploadAuthorizerInfo',
      'uploadAuthorizerInfo.person',
    ]);
    expect(sectionAt('uploadBeneficiaryInfo.beneficiaries.1').person).toEqual({
      role: 'beneficiary',
      index: 1,
    });
  });

  it('shows a phone number as one row that flags both its area code and its number', () => {
    const phone = sectionAt('uploadAuthorizerInfo.person').rows.find((r) => r.localPath === 'mobile')!;
    expect(phone.paths).toEqual([
      'uploadAuthorizerInfo.person.mobileAreaCode',
      'uploadAuthorizerInfo.person.mobile',
    ]);
    expect(phone.areaCode).toBe('+86');
    expect(sectionAt('uploadAuthorizerInfo.person').rows.some((r) => r.localPath === 'mobileAreaCode')).toBe(
      false,
    );
  });

  it('pages documents in the order of the rows naming them, and ties the chart to the beneficiaries', () => {
    expect(documentsInReadingOrder(sections, DOCS).map((d) => d.fileId)).toEqual([
      'f-licence',
      'f-chart',
      'f-b0',
      'f-b1',
      'f-auth',
    ]);
    expect(sectionsSupportedBy(sections, DOCS[1]!).map((s) => s.id)).toEqual([
      'uploadEquityStructureChart',
      'uploadBeneficiaryInfo',
      'uploadBeneficiaryInfo.beneficiaries.0',
      'uploadBeneficiaryInfo.beneficiaries.1',
    ]);
    expect(sectionsSupportedBy(sections, DOCS[0]!).map((s) => s.id)).toEqual(['uploadAuthorizerInfo.person']);
  });
});

describe.each<[Locale, Record<string, string>]>([
  [
    'en-us',
    {
      companyType: 'Limited liability company',
      industry: 'Cross-border e-commerce',
      establishmentDate: 'June 1, 2015',
      location: 'Mainland China',
      ratio40: '40%',
      ratio3333: '33.33%',
      nationality: 'China',
      yes: 'Yes',
      beneficiary2: 'Beneficiary 2',
      choice: 'None of these',
      docType: 'Identity card',
    },
  ],
  [
    'zh-cn',
    {
      companyType: '有限责任公司',
      establishmentDate: '2015年6月1日',
      ratio40: '40%',
      ratio3333: '33.33%',
      nationality: '中国',
    },
  ],
])('values in words (%s)', (locale, expected) => {
  const i18n = i18nFor(locale);
  const rowOf = (sectionId: string, localPath: string) =>
    sectionAt(sectionId).rows.find((r) => r.localPath === localPath)!;
  const value = (sectionId: string, localPath: string) => rowValue(i18n, rowOf(sectionId, localPath));
  const check = (key: string, actual: string) => {
    if (expected[key] !== undefined) expect(actual).toBe(expected[key]);
  };

  it('puts option values, dates, percentages, countries and phone numbers into words', () => {
    check('companyType', value('completeCompanyInfo', 'companyType'));
    check('industry', value('completeCompanyInfo', 'industry'));
    check('establishmentDate', value('completeCompanyInfo', 'establishmentDate'));
    check('location', value('completeCompanyInfo', 'location'));
    check('ratio40', value('uploadBeneficiaryInfo.beneficiaries.0', 'shareholdingRatio'));
    check('ratio3333', value('uploadBeneficiaryInfo.beneficiaries.1', 'shareholdingRatio'));
    check('nationality', value('uploadAuthorizerInfo.person', 'nationality'));
    check('yes', value('completeCompanyInfo', 'operatingAddress.sameAsRegistered'));
    check('choice', value('uploadAuthorizerInfo', 'choice'));
    check('docType', value('uploadAuthorizerInfo.person', 'document.type'));
    check('beneficiary2', sectionTitle(i18n, sectionAt('uploadBeneficiaryInfo.beneficiaries.1')));
    expect(value('uploadAuthorizerInfo.person', 'mobile')).toBe('+86 138 0013 8000');
    // No option key reaches the page.
    for (const key of ['limitedLiabilityCompany', 'crossBorderEcommerce', 'idCard'])
      expect(sections.flatMap((s) => s.rows.map((r) => rowValue(i18n, r)))).not.toContain(key);
  });

  it('labels every row in words, never with the field key', () => {
    for (const section of sections) {
      for (const row of section.rows) {
        const label = rowLabel(i18n, row);
        const key = row.localPath.split('.').pop()!;
        expect(label, row.key).not.toContain(`(${key})`);
        expect(label, row.key).not.toMatch(/[a-z][A-Z]/); // no camelCase key shown as a label
      }
    }
  });

  it('shows the claims a document supports beside it', () => {
    const claims = documentClaims(i18n, sections, DOCS[0]!);
    expect(claims.claims.map(([, v]) => v)).toEqual(
      expect.arrayContaining(['ZHANG San · 张三', '110101199003070011', expected['nationality'] ?? 'China']),
    );
    const chart = documentClaims(i18n, sections, DOCS[1]!);
    expect(chart.claims.map(([, v]) => v)).toEqual([
      `ZHANG San · 张三 · ${expected['ratio40']}`,
      `ZHANG San · 张三 · ${expected['ratio3333']}`,
    ]);
  });
});

describe('changes since the last round, in words', () => {
  const i18n = i18nFor('en-us');
  it('names the row a change belongs to and formats both values; a removed field from its path', () => {
    expect(
      changeText(i18n, sections, {
        path: 'uploadBeneficiaryInfo.beneficiaries.1.shareholdingRatio',
        kind: 'changed',
        before: 30,
        after: 33.33,
      }),
    ).toMatchObject({ label: 'Beneficiary 2 · Shareholding', before: '30%', after: '33.33%' });
    expect(
      changeText(i18n, sections, {
        path: 'completeCompanyInfo.companyType',
        kind: 'changed',
        before: 'limitedCompany',
        after: 'limitedLiabilityCompany',
      }),
    ).toMatchObject({ before: 'Limited company', after: 'Limited liability company' });
    expect(
      changeText(i18n, sections, {
        path: 'uploadBeneficiaryInfo.beneficiaries.2.nationality',
        kind: 'removed',
        before: 'HK',
        after: null,
      }),
    ).toMatchObject({ label: 'Beneficiary 3 · Nationality / region', before: 'Hong Kong SAR China' });
  });
});

describe('the business licence code has one name, the wizard’s, in the case view (issue 31)', () => {
  const companyCase = (location: string): CaseStep[] => [
    { stepId: 'selectLocationCompany', fields: [field('selectLocationCompany', 'location', location)] },
    {
      stepId: 'completeCompanyInfo',
      fields: [
        field('completeCompanyInfo', 'businessLicenseCode', '91350100M000100Y43'),
        field('completeCompanyInfo', 'companiesRegistryNumber', '1234567'),
      ],
    },
  ];
  const labelsOf = (i18n: I18n, location: string) =>
    caseSections(companyCase(location))
      .flatMap((s) => s.rows)
      .map((r) => rowLabel(i18n, r));

  it.each<[Locale, string, string]>([
    ['en-us', 'CN', 'Unified social credit code'],
    ['zh-cn', 'CN', '统一社会信用代码'],
    ['en-us', 'HK', 'Business Registration (BR) number'],
    ['en-us', 'SG', 'UEN'],
    ['en-us', 'GB', 'Registration number'],
  ])('%s, a %s company: %s', (locale, location, name) => {
    const [, licence, registry] = labelsOf(i18nFor(locale), location);
    expect(licence).toBe(name);
    // The other numbers as the wizard names them too.
    expect(registry).toBe(locale === 'en-us' ? 'Companies Registry (CR) number' : registry);
  });

  it('no catalog keeps the other name', () => {
    for (const locale of ['en-us', 'zh-cn'] as const) {
      const messages = catalogAtHand(locale)!;
      const texts = Object.values(messages).map((m) => (Array.isArray(m) ? m.join('') : String(m)));
      expect(texts).not.toContain(locale === 'en-us' ? 'Business license code' : '营业执照编号');
      expect(texts).not.toContain(locale === 'en-us' ? 'Companies Registry number' : '公司注册处编号');
    }
  });
});
