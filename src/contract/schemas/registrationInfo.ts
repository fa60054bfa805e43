// Registration, stage 1 (spec §3, §5): who registers, for which company, and the account's
// password. The phone is optional, but a phone that is given must fit its area code.
import { AREA_CODES, Limits } from '../limits';
import { z } from 'zod';
import { COMPANY_LOCATIONS, COMPANY_POSITIONS } from '../options';
import { isValidInvitationCode } from '../validators/invitationCode';
import { isValidPersonalName } from '../validators/personName';
import { whenFieldsValid } from './crossField';
import {
  choice,
  confirmPasswordField,
  emailField,
  newPasswordField,
  optionalText,
  requiredText,
  formObject,
} from './fields';
import { id } from './messageIds';
import { checkMobileAgainstAreaCode, mobileNumberField } from './mobileNumber';
import { confirmationMatches } from './passwordConfirmation';

const personalName = requiredText({
  maxLength: Limits.text.personName,
  format: { isValid: isValidPersonalName, message: 'name.format' },
});

const registrationFields = formObject({
  firstName: personalName,
  lastName: personalName,
  location: choice(COMPANY_LOCATIONS),
  companyName: requiredText({ maxLength: Limits.text.companyName }),
  position: choice(COMPANY_POSITIONS),
  email: emailField,
  // Mantine's Select clears to null; an HTML form clears to ''.
  phoneAreaCode: z.union([z.enum(AREA_CODES), z.literal('')], id('mobile.areaCodeRequired')).nullish(),
  phone: mobileNumberField.nullish(),
  password: newPasswordField,
  confirmPassword: confirmPasswordField,
  invitationCode: optionalText({
    maxLength: Limits.text.invitationCode,
    format: { isValid: isValidInvitationCode, message: 'invitationCode.format' },
  }),
  serviceAgreement: z.literal(true, id('serviceAgreement.required')),
});

export const registrationInfoSchema = confirmationMatches(registrationFields, 'password').superRefine(
  (value, ctx) => checkMobileAgainstAreaCode(value, ctx, 'phoneAreaCode', 'phone'),
  // A phone with an issue is not a string, which checkMobileAgainstAreaCode skips itself.
  { when: whenFieldsValid('phoneAreaCode') },
);

export type RegistrationInfoForm = z.infer<typeof registrationInfoSchema>;
