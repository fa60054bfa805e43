// Mobile numbers by area code (docs/product-rules.md "Mobile numbers by area code"). The number is the
// national significant number: digits only, without the area code and without a trunk 0.
import type { AreaCode } from '../limits';
import { AREA_CODES } from '../limits';

const MOBILE_BY_AREA_CODE: Record<AreaCode, RegExp> = {
  '+86': /^1[3-9]\d{9}$/,
  '+852': /^[4-9]\d{7}$/,
  '+65': /^[3689]\d{7}$/,
  // NANP NXX-NXX-XXXX: area code and exchange start with 2–9, and neither is an N11 service code
  // (211, 311 … 911), which is never assigned to a subscriber.
  '+1': /^(?![2-9]11)[2-9]\d{2}(?![2-9]11)[2-9]\d{6}$/,
  '+44': /^7\d{9}$/,
};

export function isAreaCode(value: string): value is AreaCode {
  return (AREA_CODES as readonly string[]).includes(value);
}

export function isValidMobile(areaCode: string, number: string): boolean {
  if (!isAreaCode(areaCode)) return false;
  return MOBILE_BY_AREA_CODE[areaCode].test(number);
}
