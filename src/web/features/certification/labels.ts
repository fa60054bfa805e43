// Labels of the certification choices (values from src/contract/options.ts) and of the steps.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { WizardPlace } from '../../../../machines/certification.machine';
import type { AuthorizerChoice } from '../../../contract/api/certification';
import type { CompanyLocation, CompanyType, DocumentType } from '../../../contract/options';

export const LOCATION_LABELS: Record<CompanyLocation, MessageDescriptor> = {
  CN: msg`Mainland China`,
  HK: msg`Hong Kong, China`,
  SG: msg`Singapore`,
  US: msg`United States`,
  GB: msg`United Kingdom`,
};

export const PLACE_LABELS: Record<WizardPlace, MessageDescriptor> = {
  selectLocationCompany: msg`Company location`,
  completeCompanyInfo: msg`Company information`,
  uploadEquityStructureChart: msg`Equity structure chart`,
  uploadLegalPersonInfo: msg`Director / legal person`,
  uploadBeneficiaryInfo: msg`Beneficiaries`,
  uploadAuthorizerInfo: msg`Authorizer`,
  uploadOtherInfo: msg`Other information`,
  review: msg`Review and submit`,
};

export const COMPANY_TYPE_LABELS: Record<CompanyType, MessageDescriptor> = {
  jointStock: msg`Joint-stock company`,
  individualBusiness: msg`Individual business`,
  stateOwned: msg`State-owned enterprise`,
  partnership: msg`Partnership`,
  listed: msg`Listed company`,
  limitedCompany: msg`Limited company`,
  limitedLiabilityCompany: msg`Limited liability company`,
  soleProprietorship: msg`Sole proprietorship`,
  other: msg`Other`,
};

// Shared with the card application's business purpose.
export { INDUSTRY_LABELS } from '../optionLabels/industryLabels';

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, MessageDescriptor> = {
  idCard: msg`Identity card`,
  passport: msg`Passport`,
};

export const AUTHORIZER_CHOICE_LABELS: Record<AuthorizerChoice, MessageDescriptor> = {
  sameAsDirector: msg`Same as the director`,
  sameAsBeneficiary: msg`Same as a beneficiary`,
  none: msg`None of these`,
};
