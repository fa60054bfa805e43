// The login form's checks (spec §5) without zod: /login is the first page most visitors load, and
// its first load does without zod (issue 10 §1 budget). The same rules and message ids as
// loginFormSchema (schemas/loginForm.ts); a property test holds the two equal.
import type { ValidationMessageId } from '../validationMessages';
import { isValidEmail } from './email';

export interface LoginFormValues {
  email: string;
  password: string;
}

/** The message id per field in error, as the Mantine form's `validate` returns them. */
export function loginFormErrors(
  values: LoginFormValues,
): Partial<Record<keyof LoginFormValues, ValidationMessageId>> {
  const errors: Partial<Record<keyof LoginFormValues, ValidationMessageId>> = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'email.required';
  else if (!isValidEmail(email)) errors.email = 'email.format';
  // The password is taken as typed: no trim, and no password rule (old passwords may predate it).
  if (values.password === '') errors.password = 'password.required';
  return errors;
}
