// A mobile number is an area code and a national number, checked together (docs/product-rules.md).
// Spaces and hyphens that people type to group digits are removed before the check.
import { z } from 'zod';
import { isValidMobile } from '../validators/mobile';
import { addIssueAt, id } from './messageIds';

export const mobileNumberField = z
  .string(id('mobile.required'))
  .overwrite((value) => value.replace(/[\s-]/g, ''));

/** Adds "mobile.format" on `numberKey` when the number does not fit the chosen area code. */
export function checkMobileAgainstAreaCode(
  value: Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
  areaCodeKey: string,
  numberKey: string,
): void {
  const number = value[numberKey];
  if (typeof number !== 'string' || number === '') return;
  const areaCode = value[areaCodeKey];
  if (typeof areaCode !== 'string' || areaCode === '') {
    addIssueAt(ctx, [areaCodeKey], 'mobile.areaCodeRequired', areaCode);
    return;
  }
  if (!isValidMobile(areaCode, number)) {
    addIssueAt(ctx, [numberKey], 'mobile.format', number);
  }
}
