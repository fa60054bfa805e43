// The email verification code step of registration (and any other emailed code).
import { z } from 'zod';
import { formObject } from './fields';
import { isValidEmailCode } from '../validators/emailCode';
import { id } from './messageIds';

export const emailCodeField = z
  .string(id('emailCode.required'))
  .trim()
  .min(1, id('emailCode.required'))
  .refine((v) => v === '' || isValidEmailCode(v), id('emailCode.format'));

export const emailCodeSchema = formObject({
  code: emailCodeField,
});

export type EmailCodeForm = z.infer<typeof emailCodeSchema>;
