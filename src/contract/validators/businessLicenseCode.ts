// The business licence code asked for by company location (docs/product-rules.md): the unified social
// credit code in mainland China, the Business Registration number in Hong Kong, the UEN in
// Singapore, the company registration number in the US and the UK.
import type { CompanyLocation } from '../options';
import { isValidHongKongBusinessRegistrationNumber } from './hongKongCompanyNumbers';
import { isValidUen } from './singaporeEntityNumbers';
import { isValidUnifiedSocialCreditCode } from './unifiedSocialCreditCode';

// US state filing numbers and UK Companies House numbers (e.g. 00445790, SC123456).
const REGISTRATION_NUMBER = /^[A-Za-z0-9]{2,20}$/;

export function isValidRegistrationNumber(value: string): boolean {
  return REGISTRATION_NUMBER.test(value);
}

export function isValidBusinessLicenseCode(
  location: CompanyLocation,
  value: string,
  today: Date = new Date(),
): boolean {
  switch (location) {
    case 'CN':
      return isValidUnifiedSocialCreditCode(value);
    case 'HK':
      return isValidHongKongBusinessRegistrationNumber(value);
    case 'SG':
      return isValidUen(value, today);
    case 'US':
    case 'GB':
      return isValidRegistrationNumber(value);
  }
}
