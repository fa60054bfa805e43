// The claims a document must agree with, shown above it in the viewer (issue 21 §1 "evidence beside
// the claim"): a person's name, document and nationality beside their ID photo; the company's names,
// registration number and founding date beside the business licence; each beneficiary's name and
// share beside the ownership chart.
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { CaseDocument } from '../../../../contract/api/admin';
import type { CaseRow, CaseSection } from './caseSections';
import { sectionOfDocument, sectionsSupportedBy } from './caseSections';
import { rowLabel, rowValue, sectionTitle } from './caseValues';

/** The rows of a company section worth comparing with its licence, in this order. */
const COMPANY_CLAIMS = [
  'companyNameEnglish',
  'companyNameChinese',
  'businessLicenseCode',
  'companiesRegistryNumber',
  'acraNumber',
  'establishmentDate',
] as const;

const rowAt = (section: CaseSection, localPath: string): CaseRow | undefined =>
  section.rows.find((r) => r.localPath === localPath);

function text(i18n: I18n, row: CaseRow | undefined): string | null {
  if (!row || row.value === null || row.value === '') return null;
  return rowValue(i18n, row);
}

/** "ZHANG San · 张三", from whichever name parts the person gave. */
export function personName(i18n: I18n, section: CaseSection): string {
  const part = (p: string) => text(i18n, rowAt(section, p));
  const english = [part('surnameEnglish'), part('givenNameEnglish')].filter(Boolean).join(' ');
  const chinese = [part('surnameChinese'), part('givenNameChinese')].filter(Boolean).join('');
  return [english, chinese].filter(Boolean).join(' · ') || '—';
}

function personClaims(i18n: I18n, section: CaseSection): Array<[string, string]> {
  const type = text(i18n, rowAt(section, 'document.type'));
  const number = text(i18n, rowAt(section, 'document.number'));
  const out: Array<[string, string]> = [[i18n._(msg`Name`), personName(i18n, section)]];
  if (number) out.push([type ?? i18n._(msg`Document number`), number]);
  const nationality = rowAt(section, 'nationality');
  if (nationality) out.push([rowLabel(i18n, nationality), rowValue(i18n, nationality)]);
  const share = rowAt(section, 'shareholdingRatio');
  if (share) out.push([rowLabel(i18n, share), rowValue(i18n, share)]);
  return out;
}

export function documentClaims(
  i18n: I18n,
  sections: readonly CaseSection[],
  document: CaseDocument,
): { title: string; claims: Array<[string, string]> } {
  const own = sectionOfDocument(sections, document);
  const row = own?.rows.find((r) => r.paths.includes(document.fieldPath ?? ''));
  const title = own && row ? `${sectionTitle(i18n, own)} · ${rowLabel(i18n, row)}` : document.name;
  if (!own) return { title, claims: [] };
  if (own.person) return { title, claims: personClaims(i18n, own) };
  if (own.stepId === 'completeCompanyInfo') {
    const claims = COMPANY_CLAIMS.flatMap((p): Array<[string, string]> => {
      const r = rowAt(own, p);
      const v = text(i18n, r);
      return r && v ? [[rowLabel(i18n, r), v]] : [];
    });
    return { title, claims };
  }
  const beneficiaries = sectionsSupportedBy(sections, document).filter((s) => s.person);
  return {
    title,
    claims: beneficiaries.map((s): [string, string] => {
      const share = text(i18n, rowAt(s, 'shareholdingRatio'));
      return [sectionTitle(i18n, s), share ? `${personName(i18n, s)} · ${share}` : personName(i18n, s)];
    }),
  };
}
