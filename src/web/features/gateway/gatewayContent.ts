// What the gateway shows that the business may change without touching a view: the card fee table
// and the help center address. One place, both languages.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface CardFeeRow {
  item: MessageDescriptor;
  fee: MessageDescriptor;
}

export const CARD_FEES: readonly CardFeeRow[] = [
  { item: msg`Card issuing (virtual card)`, fee: msg`Free` },
  { item: msg`Card issuing (physical card)`, fee: msg`USD 5 per card` },
  { item: msg`Monthly card maintenance`, fee: msg`Free` },
  { item: msg`Transaction in the card currency`, fee: msg`Free` },
  { item: msg`Cross-currency transaction`, fee: msg`1.5% of the amount` },
  { item: msg`Declined transaction`, fee: msg`USD 0.30 per transaction` },
  { item: msg`Refund`, fee: msg`Free` },
];

/** The help center when the public config (`helpCenterUrl`, HELP_CENTER_URL on the server) is not
 *  loaded yet. */
export const HELP_CENTER_URL = 'https://help.example.com/business-portal';
