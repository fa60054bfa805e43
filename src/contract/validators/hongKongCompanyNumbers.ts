// Hong Kong: the Business Registration number (Inland Revenue Department, first 8 digits of the
// BR certificate number) and the Companies Registry number (CR No., 7 digits).
const BUSINESS_REGISTRATION_NUMBER = /^\d{8}$/;
const COMPANIES_REGISTRY_NUMBER = /^\d{7}$/;

export function isValidHongKongBusinessRegistrationNumber(value: string): boolean {
  return BUSINESS_REGISTRATION_NUMBER.test(value);
}

export function isValidHongKongCompaniesRegistryNumber(value: string): boolean {
  return COMPANIES_REGISTRY_NUMBER.test(value);
}
