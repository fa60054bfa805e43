// Field schemas shared by the forms: one message per field state (missing → "required", too long,
// present but wrong → "format"), ids instead of text, and the same checks in browser and server.
// The checks of a field exclude each other by their guards rather than by `abort`: an aborting
// issue would also stop every cross-field rule of the form (zod 4 skips `when` refinements then).
import { z } from 'zod';
import { AREA_CODES } from '../limits';
import { isCountryCode } from '../options';
import type { ValidationMessageId } from '../validationMessages';
import { isCalendarDate, isPastOrToday } from '../validators/calendarDate';
import { isValidEmail } from '../validators/email';
import { isValidPassword } from '../validators/password';
import { id, isEmpty, missingOr } from './messageIds';

interface Format {
  isValid: (value: string) => boolean;
  message: ValidationMessageId;
}

/** A required trimmed string that is at most `maxLength` long and passes `format`. */
export function requiredText(options: {
  maxLength: number;
  required?: ValidationMessageId;
  format?: Format;
}) {
  const { maxLength, format } = options;
  const required = options.required ?? 'field.required';
  const base = z.string(id(required)).trim().min(1, id(required)).max(maxLength, id('field.tooLong'));
  if (!format) return base;
  return base.refine((v) => v === '' || v.length > maxLength || format.isValid(v), id(format.message));
}

/** An optional string: absent, null or blank is fine; anything else must pass `format`. */
export function optionalText(options: { maxLength: number; format?: Format }) {
  const { maxLength, format } = options;
  const base = z
    .string(id(format?.message ?? 'field.required'))
    .trim()
    .max(maxLength, id('field.tooLong'));
  if (!format) return base.nullish();
  return base
    .refine((v) => v === '' || v.length > maxLength || format.isValid(v), id(format.message))
    .nullish();
}

/** Identifiers (licence codes, document numbers) are compared upper-case, as printed on documents. */
export function requiredIdentifier(isValid: (value: string) => boolean, format: ValidationMessageId) {
  return z
    .string(id('field.required'))
    .trim()
    .toUpperCase()
    .min(1, id('field.required'))
    .refine((v) => v === '' || isValid(v), id(format));
}

export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, id('field.select'));
}

export const emailField = z
  .string(id('email.required'))
  .trim()
  .min(1, id('email.required'))
  .refine((v) => v === '' || isValidEmail(v), id('email.format'));

/** A password that must follow the rule (registration, new passwords). */
export const newPasswordField = z
  .string(id('password.required'))
  .min(1, id('password.required'))
  .refine((v) => v === '' || isValidPassword(v), id('password.format'));

/** A password that is only typed, not chosen (login, current password): older ones may predate the rule. */
export const enteredPasswordField = z.string(id('password.required')).min(1, id('password.required'));

export const confirmPasswordField = z
  .string(id('password.confirmRequired'))
  .min(1, id('password.confirmRequired'));

/** A stored upload, referred to by its random id. */
export const fileIdField = z.uuid(missingOr('file.required', 'file.invalid'));

export const areaCodeField = z.enum(AREA_CODES, id('mobile.areaCodeRequired'));

export const countryField = z.string(id('field.select')).refine((v) => isCountryCode(v), id('field.select'));

/** 'YYYY-MM-DD', a real date not after today (by the clock of whoever validates). */
export const pastDateField = z
  .string(id('field.required'))
  .min(1, id('field.required'))
  .refine((v) => v === '' || isCalendarDate(v), id('date.format'))
  .refine((v) => !isCalendarDate(v) || isPastOrToday(v), id('date.future'));

/** A form's object: a body that is not an object at all gets the spec's "complete the form" message. */
export function formObject<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.object(shape, id('form.incomplete'));
}

export { isEmpty };
