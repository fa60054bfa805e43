// One applicant's registration details for the tests that drive the registration chart (machine,
// spec-number and web tests): valid on every field, so a test changes only what it is about.
import type { RegistrationInfo } from '../../../machines/registration.machine';

export const registrationInfo: RegistrationInfo = {
  firstName: 'Mei',
  lastName: 'Chen',
  location: 'HK',
  companyName: 'Harbour Trading Ltd',
  position: 'manager',
  email: 'mei@harbour.example',
  phoneAreaCode: null,
  phone: null,
  password: 'Secret#2024',
  invitationCode: null,
  serviceAgreement: true,
};
