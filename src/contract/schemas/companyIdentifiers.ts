// The company identifiers asked for by location (docs/product-rules.md "Location-specific company fields").
import type { z } from 'zod';
import { isValidBusinessLicenseCode } from '../validators/businessLicenseCode';
import { isValidHongKongCompaniesRegistryNumber } from '../validators/hongKongCompanyNumbers';
import { isValidAcraNumber } from '../validators/singaporeEntityNumbers';
import { deriveOrganizationCode } from '../validators/unifiedSocialCreditCode';
import { whenFieldsValid } from './crossField';
import { optionalText, requiredIdentifier } from './fields';

export const mainlandIdentifiers = {
  businessLicenseCode: requiredIdentifier((v) => isValidBusinessLicenseCode('CN', v), 'uscc.format'),
  // Derived from the credit code; a value sent along must agree with it.
  organizationCode: optionalText({ maxLength: 10 }),
};

/** The organization code given with a mainland company must be the one inside its credit code. */
export function organizationCodeMatches<
  T extends z.ZodType<{ businessLicenseCode: string; organizationCode?: string | null | undefined }>,
>(schema: T): T {
  return schema.refine(
    (value) => {
      const given = value.organizationCode?.toUpperCase().replace(/-/g, '') ?? '';
      return given === '' || given === deriveOrganizationCode(value.businessLicenseCode);
    },
    {
      error: 'organizationCode.mismatch',
      path: ['organizationCode'],
      when: whenFieldsValid('businessLicenseCode', 'organizationCode'),
    },
  );
}

export const hongKongIdentifiers = {
  businessLicenseCode: requiredIdentifier(
    (v) => isValidBusinessLicenseCode('HK', v),
    'hkBusinessRegistration.format',
  ),
  companiesRegistryNumber: requiredIdentifier(
    isValidHongKongCompaniesRegistryNumber,
    'hkCompaniesRegistry.format',
  ),
};

export const singaporeIdentifiers = {
  businessLicenseCode: requiredIdentifier((v) => isValidBusinessLicenseCode('SG', v), 'uen.format'),
  acraNumber: requiredIdentifier((v) => isValidAcraNumber(v), 'acra.format'),
};

export const registrationNumberIdentifiers = {
  businessLicenseCode: requiredIdentifier(
    (v) => isValidBusinessLicenseCode('US', v),
    'registrationNumber.format',
  ),
};
