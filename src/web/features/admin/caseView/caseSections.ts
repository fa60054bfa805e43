// The submitted values as a reviewer reads them (issue 21 §1): each step cut into sections — one per
// person (the director, each beneficiary, the senior managing official, the authorizer) and one for
// the rest — each row one thing a person would call a field (a phone number is one row, not an area
// code and a number), and every document tied to the section whose claims it supports. Pure: the
// labels and values are put into words by caseValues.ts.
import type { CaseDocument, CaseField, CaseStep } from '../../../../contract/api/admin';
import { COMPANY_LOCATIONS, type CompanyLocation } from '../../../../contract/options';

export type PersonRole = 'director' | 'beneficiary' | 'seniorManagingOfficial' | 'authorizer';

export interface CaseRow {
  /** The first path of the row: its React key and the one a comment is kept under. */
  key: string;
  /** Every "<stepId>.<path>" the row shows: a flag on the row flags all of them. */
  paths: string[];
  /** The path inside the section without the person prefix ("document.number", "mobile"). */
  localPath: string;
  value: CaseField['value'];
  /** The phone's area code, when the row is a phone number. */
  areaCode: string | null;
  fileId: string | null;
  /** The company's location, where a row's name depends on it (the business licence code). */
  location?: CompanyLocation | null;
}

export interface CaseSection {
  /** "<stepId>" or "<stepId>.<person prefix>" ("uploadBeneficiaryInfo.beneficiaries.0"). */
  id: string;
  stepId: string;
  person: { role: PersonRole; index: number | null } | null;
  rows: CaseRow[];
}

/**
 * The order the wizard asks its fields in (stored JSON comes back with its keys reordered): a row's
 * rank is its last named segment's place here; unknown keys keep their order after the known ones.
 */
const FIELD_ORDER = [
  'location',
  'hasBeneficiaries',
  'choice',
  'beneficiaryIndex',
  'companyNameEnglish',
  'companyNameChinese',
  'companyType',
  'industry',
  'establishmentDate',
  'businessLicenseCode',
  'organizationCode',
  'companiesRegistryNumber',
  'acraNumber',
  'registeredAddressEnglish',
  'registeredAddressChinese',
  'postalCode',
  'sameAsRegistered',
  'address',
  'country',
  'website',
  'productDescription',
  'businessLicenseFileId',
  'equityStructureChartFileId',
  'surnameEnglish',
  'givenNameEnglish',
  'surnameChinese',
  'givenNameChinese',
  'nationality',
  'type',
  'number',
  'frontFileId',
  'backFileId',
  'photoPageFileId',
  'signaturePageFileId',
  'mobileAreaCode',
  'mobile',
  'residenceAddress',
  'shareholdingRatio',
  'proofOfAddressFileId',
  'authorizationLetterFileId',
  'verificationSessionId',
  'otherFileIds',
  'note',
  'businessPurpose',
  'fileId',
];
const RANK = new Map<string, number>(FIELD_ORDER.map((key, i) => [key, i]));

function rankOf(localPath: string): number {
  const named = localPath.split('.').filter((s) => !/^\d+$/.test(s));
  return RANK.get(named[named.length - 1] ?? '') ?? FIELD_ORDER.length;
}

/** Where a person starts inside a step's values: [prefix length in segments, role]. */
function personOf(
  stepId: string,
  segments: readonly string[],
): { prefix: string[]; role: PersonRole; index: number | null } | null {
  if (stepId === 'uploadLegalPersonInfo') return { prefix: [], role: 'director', index: null };
  if (stepId === 'uploadBeneficiaryInfo') {
    if (segments[0] === 'beneficiaries' && segments[1] !== undefined && /^\d+$/.test(segments[1]))
      return { prefix: segments.slice(0, 2), role: 'beneficiary', index: Number(segments[1]) };
    if (segments[0] === 'seniorManagingOfficial')
      return { prefix: segments.slice(0, 1), role: 'seniorManagingOfficial', index: null };
  }
  if (stepId === 'uploadAuthorizerInfo' && segments[0] === 'person')
    return { prefix: segments.slice(0, 1), role: 'authorizer', index: null };
  return null;
}

function sectionId(stepId: string, prefix: readonly string[]): string {
  return prefix.length ? `${stepId}.${prefix.join('.')}` : stepId;
}

/** The rows of one section's fields, the area code folded into the phone number after it. */
function rowsOf(
  fields: Array<{ field: CaseField; localPath: string }>,
  location: CompanyLocation | null,
): CaseRow[] {
  const rows: CaseRow[] = [];
  for (let i = 0; i < fields.length; i++) {
    const { field, localPath } = fields[i]!;
    const next = fields[i + 1];
    const isAreaCode = localPath === 'mobileAreaCode' || localPath.endsWith('.mobileAreaCode');
    const mobilePath = localPath.replace(/mobileAreaCode$/, 'mobile');
    if (isAreaCode && next && next.localPath === mobilePath) {
      rows.push({
        key: next.field.path,
        paths: [field.path, next.field.path],
        localPath: mobilePath,
        value: next.field.value,
        areaCode: typeof field.value === 'string' ? field.value : null,
        fileId: null,
      });
      i++;
      continue;
    }
    rows.push({
      key: field.path,
      paths: [field.path],
      localPath,
      value: field.value,
      areaCode: null,
      fileId: field.fileId,
      location,
    });
  }
  return rows;
}

/** The location the first step confirmed (null when the case has none). */
function locationOf(steps: readonly CaseStep[]): CompanyLocation | null {
  const value = steps
    .find((s) => s.stepId === 'selectLocationCompany')
    ?.fields.find((f) => f.fieldPath === 'location')?.value;
  return COMPANY_LOCATIONS.find((l) => l === value) ?? null;
}

/** The sections of every step, in step order; within a step the step's own fields come first. */
export function caseSections(steps: readonly CaseStep[]): CaseSection[] {
  const out: CaseSection[] = [];
  const location = locationOf(steps);
  for (const step of steps) {
    const bySection = new Map<
      string,
      { section: CaseSection; fields: Array<{ field: CaseField; localPath: string }> }
    >();
    for (const field of step.fields) {
      const segments = field.fieldPath.split('.');
      const person = personOf(step.stepId, segments);
      const prefix = person?.prefix ?? [];
      const id = sectionId(step.stepId, prefix);
      let entry = bySection.get(id);
      if (!entry) {
        entry = {
          section: {
            id,
            stepId: step.stepId,
            person: person ? { role: person.role, index: person.index } : null,
            rows: [],
          },
          fields: [],
        };
        bySection.set(id, entry);
      }
      entry.fields.push({ field, localPath: segments.slice(prefix.length).join('.') });
    }
    const entries = [...bySection.values()];
    // The step's own answers (the authorizer choice, "has beneficiaries") before its persons.
    entries.sort((a, b) => Number(a.section.person !== null) - Number(b.section.person !== null));
    for (const entry of entries) {
      // Stable: list items (otherFileIds.0, .1) keep their order.
      const ordered = [...entry.fields].sort((a, b) => rankOf(a.localPath) - rankOf(b.localPath));
      out.push({ ...entry.section, rows: rowsOf(ordered, location) });
    }
  }
  return out;
}

/** The section a document belongs to: the one with a row naming it. */
export function sectionOfDocument(
  sections: readonly CaseSection[],
  document: CaseDocument,
): CaseSection | null {
  if (!document.fieldPath) return null;
  return sections.find((s) => s.rows.some((r) => r.paths.includes(document.fieldPath!))) ?? null;
}

/**
 * The sections a document is evidence for: its own, and for the ownership chart also the
 * beneficiaries it must agree with (issue 21 §1 "the ownership chart next to the beneficiaries").
 */
export function sectionsSupportedBy(sections: readonly CaseSection[], document: CaseDocument): CaseSection[] {
  const own = sectionOfDocument(sections, document);
  const extra =
    document.fieldPath?.startsWith('uploadEquityStructureChart.') === true
      ? sections.filter((s) => s.stepId === 'uploadBeneficiaryInfo')
      : [];
  return [...(own ? [own] : []), ...extra];
}

/** The documents in the order the viewer pages through them: the order of the rows naming them. */
export function documentsInReadingOrder(
  sections: readonly CaseSection[],
  documents: readonly CaseDocument[],
): CaseDocument[] {
  const rank = new Map<string, number>();
  let n = 0;
  for (const section of sections) for (const row of section.rows) for (const p of row.paths) rank.set(p, n++);
  return [...documents].sort(
    (a, b) =>
      (rank.get(a.fieldPath ?? '') ?? Number.MAX_SAFE_INTEGER) -
      (rank.get(b.fieldPath ?? '') ?? Number.MAX_SAFE_INTEGER),
  );
}
