// The names of a company's registration numbers, once, for the applicant's wizard and the back
// office (issue 31: the same field was "Business license code" in the case view and "Unified social
// credit code" in the wizard). The business licence code is called what the register of the
// company's location calls it (src/contract/validators/businessLicenseCode.ts checks each form).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CompanyLocation } from '../../../contract/options';

export const BUSINESS_LICENSE_CODE_LABELS: Record<CompanyLocation, MessageDescriptor> = {
  CN: msg`Unified social credit code`,
  HK: msg`Business Registration (BR) number`,
  SG: msg`UEN`,
  US: msg`Registration number`,
  GB: msg`Registration number`,
};

/** The business licence code's name; a location not known (yet) gets the general one. */
export function businessLicenseCodeLabel(location: CompanyLocation | null | undefined): MessageDescriptor {
  return (location && BUSINESS_LICENSE_CODE_LABELS[location]) || msg`Registration number`;
}

/** The other registration numbers asked by location (the wizard adds "(optional)" where it is). */
export const COMPANY_NUMBER_LABELS = {
  organizationCode: msg`Organization code`,
  companiesRegistryNumber: msg`Companies Registry (CR) number`,
  acraNumber: msg`ACRA number`,
} as const satisfies Record<string, MessageDescriptor>;
