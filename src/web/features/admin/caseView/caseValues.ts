// The case's labels and values in the reviewer's language (issue 21 §1): a label for every row (never
// the field's key), dates, percentages, countries and phone numbers formatted for the locale, and the
// option values of the contract (companyType, industry, document type, authorizer choice, location)
// in words, from the same label tables the applicant's wizard uses.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import {
  AUTHORIZER_CHOICE_LABELS,
  COMPANY_TYPE_LABELS,
  DOCUMENT_TYPE_LABELS,
  INDUSTRY_LABELS,
} from '../../certification/labels';
import { businessLicenseCodeLabel } from '../../optionLabels/companyNumberLabels';
import { FIELD_LABELS, fieldLabelKey, LOCATION_LABELS, STEP_LABELS } from '../adminLabels';
import type { CaseRow, CaseSection } from './caseSections';

/** Labels of a path inside a section where its last segment alone would say too little. */
const PATH_LABELS: Record<string, MessageDescriptor> = {
  'document.type': msg`Document type`,
  'document.number': msg`Document number`,
  'document.frontFileId': msg`Identity card, front`,
  'document.backFileId': msg`Identity card, back`,
  'document.photoPageFileId': msg`Passport photo page`,
  'document.signaturePageFileId': msg`Passport signature page`,
  'operatingAddress.sameAsRegistered': msg`Operating address same as registered`,
  'operatingAddress.address': msg`Operating address`,
  'operatingAddress.country': msg`Operating country / region`,
  nationality: msg`Nationality / region`,
  residenceAddress: msg`Residence address`,
  shareholdingRatio: msg`Shareholding`,
  hasBeneficiaries: msg`Someone holds 25 % or more`,
  choice: msg`The authorizer is`,
  beneficiaryIndex: msg`Which beneficiary`,
};

const localeTag = (i18n: I18n) => (i18n.locale === 'zh-cn' ? 'zh-CN' : 'en-US');

/** "someFieldName" → "Some field name": the last resort for a key no table names. */
function words(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function sectionTitle(i18n: I18n, section: CaseSection): string {
  const person = section.person;
  if (person?.role === 'beneficiary') {
    const number = (person.index ?? 0) + 1;
    return i18n._(msg`Beneficiary ${number}`);
  }
  if (person?.role === 'seniorManagingOfficial') return i18n._(msg`Senior managing official`);
  const step = STEP_LABELS[section.stepId];
  return step ? i18n._(step) : words(section.stepId);
}

export function rowLabel(i18n: I18n, row: Pick<CaseRow, 'localPath' | 'location'>): string {
  const exact = PATH_LABELS[row.localPath];
  if (exact) return i18n._(exact);
  // Named as the wizard names it for the company's location (issue 31).
  if (row.localPath === 'businessLicenseCode') return i18n._(businessLicenseCodeLabel(row.location));
  const segments = row.localPath.split('.');
  const last = segments[segments.length - 1] ?? '';
  const key = fieldLabelKey(row.localPath);
  const label = FIELD_LABELS[key] ? i18n._(FIELD_LABELS[key]) : words(key);
  // One of a list ("otherFileIds.1"): its number, counted from one.
  return /^\d+$/.test(last) ? `${label} ${Number(last) + 1}` : label;
}

export function countryName(i18n: I18n, code: string): string {
  try {
    return new Intl.DisplayNames([localeTag(i18n)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A calendar date as submitted ("2015-06-01"): the same day in every time zone. */
export function formatDate(i18n: I18n, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(localeTag(i18n), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A shareholding as submitted (40, 33.33) → "40%", "33.33%". */
export function formatPercent(i18n: I18n, value: number): string {
  return new Intl.NumberFormat(localeTag(i18n), { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  );
}

/** "+86" and "13800138000" → "+86 138 0013 8000"; other numbers keep their digits, after the code. */
export function formatPhone(areaCode: string | null, number: string): string {
  const digits = number.replace(/\s+/g, '');
  const grouped =
    areaCode === '+86' && /^\d{11}$/.test(digits)
      ? `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`
      : /^\d{8}$/.test(digits)
        ? `${digits.slice(0, 4)} ${digits.slice(4)}`
        : digits;
  return areaCode ? `${areaCode} ${grouped}` : grouped;
}

function optionLabel(
  i18n: I18n,
  table: Record<string, MessageDescriptor>,
  value: CaseRow['value'],
): string | null {
  if (typeof value !== 'string') return null;
  const label = table[value];
  return label ? i18n._(label) : null;
}

/**
 * A row's value in words. Documents are not handled here (the page shows the document's name and
 * opens it in the viewer); an empty value is an em dash.
 */
export function rowValue(i18n: I18n, row: Pick<CaseRow, 'localPath' | 'value' | 'areaCode'>): string {
  const { value } = row;
  if (value === null || value === '') return '—';
  const key = fieldLabelKey(row.localPath);
  if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
  switch (key) {
    case 'location':
      return optionLabel(i18n, LOCATION_LABELS, value) ?? String(value);
    case 'companyType':
      return optionLabel(i18n, COMPANY_TYPE_LABELS, value) ?? String(value);
    case 'industry':
    case 'businessPurpose':
      return optionLabel(i18n, INDUSTRY_LABELS, value) ?? String(value);
    case 'type':
      return optionLabel(i18n, DOCUMENT_TYPE_LABELS, value) ?? String(value);
    case 'choice':
      return optionLabel(i18n, AUTHORIZER_CHOICE_LABELS, value) ?? String(value);
    case 'nationality':
    case 'country':
      return typeof value === 'string' ? countryName(i18n, value) : String(value);
    case 'establishmentDate':
      return typeof value === 'string' ? formatDate(i18n, value) : String(value);
    case 'shareholdingRatio':
      return typeof value === 'number' ? formatPercent(i18n, value) : String(value);
    case 'mobile':
      return formatPhone(row.areaCode, String(value));
    case 'beneficiaryIndex': {
      if (typeof value !== 'number') return String(value);
      const number = value + 1;
      return i18n._(msg`Beneficiary ${number}`);
    }
    default:
      return String(value);
  }
}
