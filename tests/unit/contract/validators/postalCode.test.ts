import { describe, expect, it } from 'vitest';
import { COMPANY_LOCATIONS } from '../../../../src/contract/options';
import { isValidPostalCode, postalCodeRequired } from '../../../../src/contract/validators/postalCode';

const cases = {
  CN: {
    valid: ['100000', '518000', '200120', '010000'],
    invalid: ['10000', '1000000', '10000A', '100 000', ''],
  },
  SG: {
    valid: ['018956', '238801', '569933'],
    invalid: ['18956', '0189560', 'S018956', ''],
  },
  US: {
    valid: ['10001', '94105', '94105-1804', '00501'],
    invalid: ['9410', '941051', '94105-18', '941051804', '94105 1804', 'ABCDE', ''],
  },
  GB: {
    valid: [
      'SW1A 1AA',
      'EC1A 1BB',
      'W1A 0AX',
      'M1 1AE',
      'B33 8TH',
      'CR2 6XH',
      'DN55 1PT',
      'GIR 0AA',
      'GIR0AA',
      'SW1A1AA',
      'sw1a 1aa',
    ],
    // The whole value is the postcode: '1SW1A 1AA' ends in one but is not one.
    invalid: ['Q1 1AA', 'SW1A 1CA', 'SW1A', '12345', 'SW1A 1AAA', 'V1 1AA', '1SW1A 1AA', ''],
  },
  HK: { valid: [''], invalid: ['999077', '000000'] },
} as const;

describe('isValidPostalCode', () => {
  it('has cases for every company location', () => {
    expect(Object.keys(cases).sort()).toEqual([...COMPANY_LOCATIONS].sort());
  });

  for (const location of COMPANY_LOCATIONS) {
    describe(location, () => {
      it.each(cases[location].valid)('accepts "%s"', (code) => {
        expect(isValidPostalCode(location, code)).toBe(true);
      });
      it.each(cases[location].invalid)('refuses "%s"', (code) => {
        expect(isValidPostalCode(location, code)).toBe(false);
      });
    });
  }

  it('asks Hong Kong companies for no postal code', () => {
    expect(COMPANY_LOCATIONS.filter((l) => !postalCodeRequired(l))).toEqual(['HK']);
  });
});
