// The email verification code: exactly Limits.emailCode.digits digits.
import { Limits } from '../limits';

const EMAIL_CODE = new RegExp(`^\\d{${Limits.emailCode.digits}}$`);

export function isValidEmailCode(value: string): boolean {
  return EMAIL_CODE.test(value);
}
