// Login (spec §5): email required and well-formed, password required. The password rule is not
// applied here: it would tell an attacker which guesses to skip, and old passwords may predate it.
import type { z } from 'zod';
import { emailField, enteredPasswordField, formObject } from './fields';

export const loginFormSchema = formObject({
  email: emailField,
  password: enteredPasswordField,
});

export type LoginForm = z.infer<typeof loginFormSchema>;
