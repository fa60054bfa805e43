// Invitation code: the partner registration-link code (docs/product-rules.md "businessInfo query") that
// pre-fills registration. Its issuer makes URL-safe codes, so anything else was mistyped.
import { Limits } from '../limits';

const INVITATION_CODE = new RegExp(`^[A-Za-z0-9_-]{1,${Limits.text.invitationCode}}$`);

export function isValidInvitationCode(value: string): boolean {
  return INVITATION_CODE.test(value);
}
