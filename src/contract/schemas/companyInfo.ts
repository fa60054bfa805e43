// Company info (spec §3 "Company info"), one shape per company location: the identifiers differ
// by location (companyIdentifiers.ts), the postal code follows the location's format (Hong Kong
// has none), and a mainland company also gives its Chinese name and registered address.
import { z } from 'zod';
import type { CompanyLocation } from '../options';
import { COMPANY_TYPES, INDUSTRY_CATEGORIES } from '../options';
import { isValidChineseAddress, isValidChineseCompanyName } from '../validators/chineseText';
import { isValidEnglishAddress, isValidEnglishCompanyName } from '../validators/latinText';
import { isValidPostalCode } from '../validators/postalCode';
import { Limits } from '../limits';
import { isValidWebsite } from '../validators/website';
import {
  hongKongIdentifiers,
  mainlandIdentifiers,
  organizationCodeMatches,
  registrationNumberIdentifiers,
  singaporeIdentifiers,
} from './companyIdentifiers';
import {
  choice,
  fileIdField,
  optionalText,
  pastDateField,
  requiredIdentifier,
  requiredText,
  formObject,
} from './fields';
import { id } from './messageIds';
import { operatingAddressSchema } from './operatingAddress';

const chineseCompanyName = {
  isValid: isValidChineseCompanyName,
  message: 'companyName.chineseFormat',
} as const;
const chineseAddress = { isValid: isValidChineseAddress, message: 'address.chineseFormat' } as const;

// Every location: the licence date and file, English name and address, type, industry, products.
const commonFields = {
  establishmentDate: pastDateField,
  companyNameEnglish: requiredText({
    maxLength: Limits.text.companyName,
    format: { isValid: isValidEnglishCompanyName, message: 'companyName.englishFormat' },
  }),
  registeredAddressEnglish: requiredText({
    maxLength: Limits.text.address,
    format: { isValid: isValidEnglishAddress, message: 'address.englishFormat' },
  }),
  companyType: choice(COMPANY_TYPES),
  industry: choice(INDUSTRY_CATEGORIES),
  website: optionalText({
    maxLength: Limits.text.website,
    format: { isValid: isValidWebsite, message: 'website.format' },
  }),
  productDescription: requiredText({ maxLength: Limits.text.productDescription }),
  operatingAddress: operatingAddressSchema,
  businessLicenseFileId: fileIdField,
};

// A mainland licence is printed in Chinese; elsewhere a Chinese name is optional but still checked.
const requiredChineseNames = {
  companyNameChinese: requiredText({ maxLength: Limits.text.companyName, format: chineseCompanyName }),
  registeredAddressChinese: requiredText({ maxLength: Limits.text.address, format: chineseAddress }),
};
const optionalChineseNames = {
  companyNameChinese: optionalText({ maxLength: Limits.text.companyName, format: chineseCompanyName }),
  registeredAddressChinese: optionalText({ maxLength: Limits.text.address, format: chineseAddress }),
};

function postalCodeFor(location: Exclude<CompanyLocation, 'HK'>) {
  return requiredIdentifier((value) => isValidPostalCode(location, value), 'postalCode.format');
}

export const mainlandCompanyInfoSchema = organizationCodeMatches(
  formObject({
    location: z.literal('CN'),
    ...commonFields,
    ...requiredChineseNames,
    ...mainlandIdentifiers,
    postalCode: postalCodeFor('CN'),
  }),
);

export const hongKongCompanyInfoSchema = formObject({
  location: z.literal('HK'),
  ...commonFields,
  ...optionalChineseNames,
  ...hongKongIdentifiers,
});

export const singaporeCompanyInfoSchema = formObject({
  location: z.literal('SG'),
  ...commonFields,
  ...optionalChineseNames,
  ...singaporeIdentifiers,
  postalCode: postalCodeFor('SG'),
});

export const unitedStatesCompanyInfoSchema = formObject({
  location: z.literal('US'),
  ...commonFields,
  ...optionalChineseNames,
  ...registrationNumberIdentifiers,
  postalCode: postalCodeFor('US'),
});

export const unitedKingdomCompanyInfoSchema = formObject({
  location: z.literal('GB'),
  ...commonFields,
  ...optionalChineseNames,
  ...registrationNumberIdentifiers,
  postalCode: postalCodeFor('GB'),
});

export const companyInfoSchema = z.discriminatedUnion(
  'location',
  [
    mainlandCompanyInfoSchema,
    hongKongCompanyInfoSchema,
    singaporeCompanyInfoSchema,
    unitedStatesCompanyInfoSchema,
    unitedKingdomCompanyInfoSchema,
  ],
  id('field.select'),
);

export type CompanyInfoForm = z.infer<typeof companyInfoSchema>;
