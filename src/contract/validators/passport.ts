// Passport numbers differ by issuing country; docs/product-rules.md fixes the common envelope: 5–20 letters and digits.
const PASSPORT_NUMBER = /^[A-Za-z0-9]{5,20}$/;

export function isValidPassportNumber(value: string): boolean {
  return PASSPORT_NUMBER.test(value);
}
