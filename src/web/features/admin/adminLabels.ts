// What the back office calls the portal's ids, in both languages (Lingui). Statuses, locations,
// wizard steps and the submitted fields; a field without a label shows its path.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CardQueueStatus, CertificationQueueStatus } from '../../../contract/api/admin';
import type { CompanyLocation } from '../../../contract/options';
import { businessLicenseCodeLabel, COMPANY_NUMBER_LABELS } from '../optionLabels/companyNumberLabels';

export const STATUS_LABELS: Record<CertificationQueueStatus | 'draft' | 'saved', MessageDescriptor> = {
  underReview: msg`Under review`,
  revisionRequested: msg`Revision requested`,
  rejected: msg`Rejected`,
  approved: msg`Approved`,
  draft: msg`Draft`,
  saved: msg`Saved`,
};

// The card queue's statuses are today the same names as the certification queue's (a union of both
// is refused by lint as a duplicate); this fails the typecheck the day a card status has no label.
const _cardStatusesLabelled: Record<CardQueueStatus, MessageDescriptor> = STATUS_LABELS;

export const LOCATION_LABELS: Record<CompanyLocation, MessageDescriptor> = {
  CN: msg`Mainland China`,
  HK: msg`Hong Kong`,
  SG: msg`Singapore`,
  US: msg`United States`,
  GB: msg`United Kingdom`,
};

export const STEP_LABELS: Record<string, MessageDescriptor> = {
  selectLocationCompany: msg`Company location`,
  completeCompanyInfo: msg`Company information`,
  uploadEquityStructureChart: msg`Equity structure chart`,
  uploadLegalPersonInfo: msg`Director / legal person`,
  uploadBeneficiaryInfo: msg`Beneficiaries`,
  uploadAuthorizerInfo: msg`Authorizer`,
  uploadOtherInfo: msg`Other information`,
  selectBusinessPurpose: msg`Business purpose`,
  uploadRelevantInfo: msg`Relevant information`,
  questionnaire: msg`Questionnaire`,
};

/** Labels of the last segment of a field path that is not a number ("beneficiaries.0.mobile" → mobile). */
export const FIELD_LABELS: Record<string, MessageDescriptor> = {
  location: msg`Location`,
  companyNameEnglish: msg`Company name (English)`,
  companyNameChinese: msg`Company name (Chinese)`,
  companyType: msg`Company type`,
  establishmentDate: msg`Date of establishment`,
  industry: msg`Industry`,
  // The business licence code's name depends on the location: businessLicenseCodeLabel (caseValues).
  businessLicenseCode: businessLicenseCodeLabel(null),
  ...COMPANY_NUMBER_LABELS,
  businessLicenseFileId: msg`Business license`,
  registeredAddressEnglish: msg`Registered address (English)`,
  registeredAddressChinese: msg`Registered address (Chinese)`,
  operatingAddress: msg`Operating address`,
  sameAsRegistered: msg`Same as registered address`,
  address: msg`Address`,
  country: msg`Country`,
  postalCode: msg`Postal code`,
  website: msg`Website`,
  productDescription: msg`Products and services`,
  equityStructureChartFileId: msg`Equity structure chart`,
  surnameEnglish: msg`Surname (English)`,
  givenNameEnglish: msg`Given name (English)`,
  surnameChinese: msg`Surname (Chinese)`,
  givenNameChinese: msg`Given name (Chinese)`,
  nationality: msg`Nationality`,
  document: msg`Identity document`,
  type: msg`Type`,
  number: msg`Number`,
  frontFileId: msg`Front of the document`,
  backFileId: msg`Back of the document`,
  photoPageFileId: msg`Passport photo page`,
  signaturePageFileId: msg`Passport signature page`,
  mobileAreaCode: msg`Area code`,
  mobile: msg`Mobile number`,
  residenceAddress: msg`Residential address`,
  proofOfAddressFileId: msg`Proof of address`,
  shareholding: msg`Shareholding`,
  choice: msg`Authorizer`,
  beneficiaryIndex: msg`Beneficiary`,
  authorizationLetterFileId: msg`Authorization letter`,
  verificationSessionId: msg`Face verification`,
  otherFileIds: msg`Other documents`,
  note: msg`Note`,
  businessPurpose: msg`Business purpose`,
  fileId: msg`Supporting document`,
};

export function fieldLabelKey(fieldPath: string): string {
  const segments = fieldPath.split('.').filter((segment) => !/^\d+$/.test(segment));
  return segments[segments.length - 1] ?? fieldPath;
}
