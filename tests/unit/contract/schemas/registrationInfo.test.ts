import { zod4Resolver } from 'mantine-form-zod-resolver';
import { describe, expect, it } from 'vitest';
import { registrationInfoSchema } from '../../../../src/contract/schemas/registrationInfo';
import { validRegistration } from '../support/fixtures';
import { fieldMessages, parsedData } from '../support/issues';

function withChange(change: Record<string, unknown>) {
  return { ...validRegistration(), ...change };
}

describe('registrationInfoSchema (spec §3, §5)', () => {
  it('accepts a registration without a phone', () => {
    expect(registrationInfoSchema.safeParse(validRegistration()).success).toBe(true);
    const {
      phone: _phone,
      phoneAreaCode: _areaCode,
      invitationCode: _code,
      ...minimal
    } = validRegistration();
    expect(registrationInfoSchema.safeParse(minimal).success).toBe(true);
  });

  it('accepts a phone that fits its area code, without the spaces typed to group digits', () => {
    const data = parsedData(
      registrationInfoSchema,
      withChange({ phoneAreaCode: '+86', phone: '138 0013 8000' }),
    );
    expect(data.phone).toBe('13800138000');
    expect(
      registrationInfoSchema.safeParse(withChange({ phoneAreaCode: '+852', phone: '51234567' })).success,
    ).toBe(true);
  });

  it.each([
    ['firstName', '', 'field.required'],
    ['lastName', '  ', 'field.required'],
    ['location', null, 'field.select'],
    ['location', 'JP', 'field.select'],
    ['companyName', '', 'field.required'],
    ['companyName', 'A'.repeat(201), 'field.tooLong'],
    ['position', '', 'field.select'],
    ['position', 'director', 'field.select'],
    ['email', '', 'email.required'],
    ['email', 'zhang.san@', 'email.format'],
    ['serviceAgreement', false, 'serviceAgreement.required'],
    ['serviceAgreement', undefined, 'serviceAgreement.required'],
    ['firstName', '张3', 'name.format'],
    ['invitationCode', 'bad code!', 'invitationCode.format'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(fieldMessages(registrationInfoSchema, withChange({ [field]: value }))).toEqual({
      [field]: message,
    });
  });

  it('accepts first and last names in Chinese or English', () => {
    expect(registrationInfoSchema.safeParse(withChange({ firstName: '三', lastName: '张' })).success).toBe(
      true,
    );
    expect(
      registrationInfoSchema.safeParse(withChange({ firstName: 'Mary Ann', lastName: "O'Brien" })).success,
    ).toBe(true);
  });

  it.each([
    [7, 'password.format'],
    [8, undefined],
    [20, undefined],
    [21, 'password.format'],
  ])('a password of %i characters → %s', (length, message) => {
    const password = `Aa!${'1'.repeat(length - 3)}`;
    const messages = fieldMessages(
      registrationInfoSchema,
      withChange({ password, confirmPassword: password }),
    );
    expect(messages).toEqual(message ? { password: message } : {});
  });

  it('asks for the password and its confirmation', () => {
    expect(fieldMessages(registrationInfoSchema, withChange({ password: '', confirmPassword: '' }))).toEqual({
      password: 'password.required',
      confirmPassword: 'password.confirmRequired',
    });
  });

  it('says "passwords do not match" on the confirmation, even while other fields are unfinished', () => {
    expect(fieldMessages(registrationInfoSchema, withChange({ confirmPassword: 'Passw0rd?' }))).toEqual({
      confirmPassword: 'password.mismatch',
    });
    expect(
      fieldMessages(registrationInfoSchema, withChange({ confirmPassword: 'Passw0rd?', companyName: '' })),
    ).toEqual({
      companyName: 'field.required',
      confirmPassword: 'password.mismatch',
    });
  });

  it('reports only the format while the password itself is invalid', () => {
    expect(
      fieldMessages(registrationInfoSchema, withChange({ password: 'short', confirmPassword: 'other' })),
    ).toEqual({
      password: 'password.format',
    });
  });

  it('asks for the area code when a phone is given without one', () => {
    expect(
      fieldMessages(registrationInfoSchema, withChange({ phoneAreaCode: null, phone: '13800138000' })),
    ).toEqual({
      phoneAreaCode: 'mobile.areaCodeRequired',
    });
    expect(
      fieldMessages(registrationInfoSchema, withChange({ phoneAreaCode: '', phone: '13800138000' })),
    ).toEqual({
      phoneAreaCode: 'mobile.areaCodeRequired',
    });
  });

  it('accepts an area code and a phone both cleared to "" (an HTML form clears to "")', () => {
    expect(fieldMessages(registrationInfoSchema, withChange({ phoneAreaCode: '', phone: '' }))).toEqual({});
  });

  it('checks the phone against its area code even while another field is still missing', () => {
    expect(
      fieldMessages(
        registrationInfoSchema,
        withChange({ phoneAreaCode: '+852', phone: '13800138000', position: undefined }),
      ),
    ).toEqual({ phone: 'mobile.format', position: 'field.select' });
  });

  it('checks the phone against the chosen area code', () => {
    expect(
      fieldMessages(registrationInfoSchema, withChange({ phoneAreaCode: '+852', phone: '13800138000' })),
    ).toEqual({
      phone: 'mobile.format',
    });
    expect(
      fieldMessages(registrationInfoSchema, withChange({ phoneAreaCode: '+1', phone: '1125551234' })),
    ).toEqual({
      phone: 'mobile.format',
    });
  });

  it('refuses an area code outside the list, and accepts one chosen without a phone', () => {
    expect(
      fieldMessages(registrationInfoSchema, withChange({ phoneAreaCode: '+81', phone: '9012345678' })),
    ).toEqual({
      phoneAreaCode: 'mobile.areaCodeRequired',
    });
    expect(registrationInfoSchema.safeParse(withChange({ phoneAreaCode: '+65', phone: '' })).success).toBe(
      true,
    );
  });

  it('gives the browser one message per field (Mantine keeps one per path)', () => {
    const errors = zod4Resolver(registrationInfoSchema)({});
    expect(errors).toEqual({
      firstName: 'field.required',
      lastName: 'field.required',
      location: 'field.select',
      companyName: 'field.required',
      position: 'field.select',
      email: 'email.required',
      password: 'password.required',
      confirmPassword: 'password.confirmRequired',
      serviceAgreement: 'serviceAgreement.required',
    });
  });
});
