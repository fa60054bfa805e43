// Person document numbers by document type and nationality (docs/product-rules.md "Document numbers"):
// a mainland identity card carries the GB 11643 check digit; other identity cards and passports
// share the passport envelope (5–20 letters and digits), since their formats differ by issuer.
import type { DocumentType } from '../options';
import { MAINLAND_CHINA } from '../options';
import { isValidMainlandIdCardNumber } from './mainlandIdCard';
import { isValidPassportNumber } from './passport';

export function isValidDocumentNumber(
  documentType: DocumentType,
  nationality: string,
  value: string,
  today: Date = new Date(),
): boolean {
  if (documentType === 'idCard' && nationality === MAINLAND_CHINA) {
    return isValidMainlandIdCardNumber(value, today);
  }
  return isValidPassportNumber(value);
}
