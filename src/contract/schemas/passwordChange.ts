// Change password (signed in) and reset password (from the emailed link). The server also refuses
// the current password and the last three (docs/product-rules.md); the form catches the obvious repeat.
import type { z } from 'zod';
import { whenFieldsValid } from './crossField';
import { confirmPasswordField, enteredPasswordField, newPasswordField, formObject } from './fields';
import { confirmationMatches } from './passwordConfirmation';

export const passwordResetSchema = confirmationMatches(
  formObject({
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  }),
  'newPassword',
);

export const passwordChangeSchema = confirmationMatches(
  formObject({
    currentPassword: enteredPasswordField,
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  }),
  'newPassword',
).refine((value) => value.newPassword !== value.currentPassword, {
  error: 'password.sameAsCurrent',
  path: ['newPassword'],
  // Only the new password's state matters: a current password with an issue is empty, which a valid
  // new password never equals.
  when: whenFieldsValid('newPassword'),
});

export type PasswordResetForm = z.infer<typeof passwordResetSchema>;
export type PasswordChangeForm = z.infer<typeof passwordChangeSchema>;
