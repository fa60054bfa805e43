import { zod4Resolver } from 'mantine-form-zod-resolver';
import { describe, expect, it } from 'vitest';
import { loginFormSchema } from '../../../../src/contract/schemas/loginForm';
import { validationMessage } from '../../../../src/contract/validationMessages';
import { fieldMessages, parsedData } from '../support/issues';

describe('loginFormSchema (spec §5)', () => {
  it('accepts an email and a password, trimming the email', () => {
    expect(parsedData(loginFormSchema, { email: ' user@example.com ', password: 'anything' })).toEqual({
      email: 'user@example.com',
      password: 'anything',
    });
  });

  it('asks for both fields when they are empty or missing', () => {
    const expected = { email: 'email.required', password: 'password.required' };
    expect(fieldMessages(loginFormSchema, { email: '', password: '' })).toEqual(expected);
    expect(fieldMessages(loginFormSchema, { email: '   ', password: '' })).toEqual(expected);
    expect(fieldMessages(loginFormSchema, {})).toEqual(expected);
  });

  it('says "email format wrong" for a malformed email', () => {
    expect(fieldMessages(loginFormSchema, { email: 'user@', password: 'x' })).toEqual({
      email: 'email.format',
    });
  });

  it('does not apply the password rule at login (old passwords may predate it)', () => {
    expect(loginFormSchema.safeParse({ email: 'user@example.com', password: 'abc' }).success).toBe(true);
  });

  it('answers a body that is not an object with the spec’s "complete the information" message', () => {
    expect(fieldMessages(loginFormSchema, null)).toEqual({ '': 'form.incomplete' });
    expect(fieldMessages(loginFormSchema, 'email=a')).toEqual({ '': 'form.incomplete' });
  });

  it('gives the Mantine form resolver ids it can translate with the spec wording', () => {
    const errors = zod4Resolver(loginFormSchema)({ email: '', password: '' });
    expect(errors).toEqual({ email: 'email.required', password: 'password.required' });
    expect(validationMessage('email.required', 'en-us')).toBe('Please enter email');
    expect(validationMessage('password.required', 'en-us')).toBe('Please enter password');
  });
});
