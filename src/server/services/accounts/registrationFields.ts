// The registration fields the request schema cannot judge alone, checked again on the server with
// the browser's own validators (spec §5): names, the email format, the phone against its area code,
// the invitation code. Problems answer 400 with the fields and their message ids (docs/api-conventions.md).
import type { z } from 'zod';
import type { registerRequest } from '../../../contract/api/accounts';
import { isValidEmail } from '../../../contract/validators/email';
import { isValidInvitationCode } from '../../../contract/validators/invitationCode';
import { isValidMobile } from '../../../contract/validators/mobile';
import { isValidPersonalName } from '../../../contract/validators/personName';
import { AppError, type FieldProblem } from '../../errors';

type RegisterBody = z.infer<typeof registerRequest>;

/** The phone as stored: digits only (people group them with spaces or hyphens), or null. */
export function normalisedPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[\s-]/g, '');
  return digits === '' ? null : digits;
}

export function assertRegistrationFields(body: RegisterBody): void {
  const problems: FieldProblem[] = [];
  if (!isValidPersonalName(body.firstName)) problems.push({ path: 'firstName', message: 'name.format' });
  if (!isValidPersonalName(body.lastName)) problems.push({ path: 'lastName', message: 'name.format' });
  if (!isValidEmail(body.email)) problems.push({ path: 'email', message: 'email.format' });
  const phone = normalisedPhone(body.phone);
  if (phone !== null) {
    if (!body.phoneAreaCode) problems.push({ path: 'phoneAreaCode', message: 'mobile.areaCodeRequired' });
    else if (!isValidMobile(body.phoneAreaCode, phone))
      problems.push({ path: 'phone', message: 'mobile.format' });
  }
  const invitation = body.invitationCode?.trim();
  if (invitation && !isValidInvitationCode(invitation)) {
    problems.push({ path: 'invitationCode', message: 'invitationCode.format' });
  }
  if (problems.length > 0) throw new AppError('validationFailed', 400, problems);
}
