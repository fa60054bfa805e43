// Operating address (spec §3): either "same as the registered address", or an address and the
// country it is in. The address is asked for only when it differs.
import { z } from 'zod';
import { Limits } from '../limits';
import { countryField, requiredText, formObject } from './fields';
import { id } from './messageIds';

export const operatingAddressSchema = z.discriminatedUnion(
  'sameAsRegistered',
  [
    formObject({ sameAsRegistered: z.literal(true) }),
    formObject({
      sameAsRegistered: z.literal(false),
      address: requiredText({ maxLength: Limits.text.address }),
      country: countryField,
    }),
  ],
  id('field.select'),
);

export type OperatingAddress = z.infer<typeof operatingAddressSchema>;
