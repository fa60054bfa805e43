// Random secrets for links and codes, and how they are stored: only a SHA-256 hash reaches the
// database, so a copy of the tables opens no account.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Limits } from '../../../contract/limits';
import { hashToken } from '../../security/sessions';

export { hashToken };

/** A 256-bit URL-safe token for activation and reset links. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A 6-digit email code, uniformly random (crypto), leading zeros kept. */
export function newEmailCode(): string {
  return String(randomInt(0, 10 ** Limits.emailCode.digits)).padStart(Limits.emailCode.digits, '0');
}

/** Salted with the email, so equal codes of two people never share a hash. */
export function emailCodeHash(email: string, code: string): string {
  return createHash('sha256').update(`${email}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
