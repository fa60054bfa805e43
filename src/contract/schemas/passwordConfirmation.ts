// "Passwords do not match" (spec §5), shown on the confirmation field.
import type { z } from 'zod';
import { whenFieldsValid } from './crossField';

export function confirmationMatches<
  K extends string,
  T extends z.ZodType<Record<K | 'confirmPassword', string>>,
>(schema: T, passwordKey: K): T {
  return schema.refine((value) => value[passwordKey] === value.confirmPassword, {
    error: 'password.mismatch',
    path: ['confirmPassword'],
    when: whenFieldsValid(passwordKey, 'confirmPassword'),
  });
}
