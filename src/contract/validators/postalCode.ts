// Postal codes by company location (docs/product-rules.md "Location-specific company fields").
import type { CompanyLocation } from '../options';

// Royal Mail format: outward code (area + district) and inward code (sector + unit), space optional.
// Letters that never appear in a position are excluded, as in the UK government's data standard.
const GB_POSTCODE =
  /^(?:GIR ?0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

const POSTAL_CODE: Record<Exclude<CompanyLocation, 'HK'>, RegExp> = {
  CN: /^\d{6}$/,
  SG: /^\d{6}$/,
  US: /^\d{5}(?:-\d{4})?$/, // ZIP or ZIP+4
  GB: GB_POSTCODE,
};

/** Hong Kong has no postal codes: the form does not ask for one. */
export function postalCodeRequired(location: CompanyLocation): boolean {
  return location !== 'HK';
}

export function isValidPostalCode(location: CompanyLocation, value: string): boolean {
  if (location === 'HK') return value === '';
  return POSTAL_CODE[location].test(value);
}
