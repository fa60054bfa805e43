import { describe, expect, it } from 'vitest';
import { AREA_CODES } from '../../../../src/contract/limits';
import { isAreaCode, isValidMobile } from '../../../../src/contract/validators/mobile';

const cases: Record<(typeof AREA_CODES)[number], { valid: string[]; invalid: [string, string][] }> = {
  '+86': {
    valid: ['13800138000', '15912345678', '18612345678', '19912345678', '16612345678'],
    invalid: [
      ['second digit 2', '12800138000'],
      ['second digit 0', '10800138000'],
      ['10 digits', '1380013800'],
      ['12 digits', '138001380000'],
      ['starts with 2', '23800138000'],
      ['with the country code', '8613800138000'],
    ],
  },
  '+852': {
    valid: ['51234567', '61234567', '91234567', '41234567', '71234567', '81234567'],
    invalid: [
      ['starts with 3 (fixed line)', '31234567'],
      ['starts with 2 (fixed line)', '21234567'],
      ['7 digits', '5123456'],
      ['9 digits', '512345678'],
      ['9 digits, the last 8 a mobile number', '351234567'],
    ],
  },
  '+65': {
    valid: ['81234567', '91234567', '61234567', '31234567'],
    invalid: [
      ['starts with 7', '71234567'],
      ['starts with 5', '51234567'],
      ['starts with 1', '11234567'],
      ['7 digits', '8123456'],
      ['9 digits', '812345678'],
      ['9 digits, the last 8 a mobile number', '181234567'],
    ],
  },
  '+1': {
    valid: ['2025550143', '4155552671', '2125551234', '9175550198'],
    invalid: [
      ['area code starting with 1', '1125551234'],
      ['area code starting with 0', '0125551234'],
      ['exchange starting with 1', '2121551234'],
      ['exchange starting with 0', '2120551234'],
      ['N11 area code', '9115551234'],
      ['N11 exchange', '2129111234'],
      ['9 digits', '212555123'],
      ['11 digits with the leading 1', '12125551234'],
      ['11 digits, the first 10 a valid number', '21255512345'],
    ],
  },
  '+44': {
    valid: ['7700900123', '7911123456', '7400123456'],
    invalid: [
      ['the trunk 0 kept', '07700900123'],
      ['starts with 6', '6700900123'],
      ['a landline', '2079460000'],
      ['9 digits', '770090012'],
      ['11 digits', '77009001234'],
    ],
  },
};

describe('isValidMobile', () => {
  it('has cases for every area code of limits.ts', () => {
    expect(Object.keys(cases).sort()).toEqual([...AREA_CODES].sort());
  });

  for (const [areaCode, { valid, invalid }] of Object.entries(cases)) {
    describe(areaCode, () => {
      it.each(valid)('accepts %s', (number) => {
        expect(isValidMobile(areaCode, number)).toBe(true);
      });
      it.each(invalid)('refuses %s (%s)', (_label, number) => {
        expect(isValidMobile(areaCode, number)).toBe(false);
      });
    });
  }

  it('checks the number against its own area code', () => {
    expect(isValidMobile('+86', '13800138000')).toBe(true);
    expect(isValidMobile('+852', '13800138000')).toBe(false);
    expect(isValidMobile('+65', '51234567')).toBe(false);
    expect(isValidMobile('+852', '51234567')).toBe(true);
  });

  it('refuses separators, letters and empty numbers (the schema strips spaces first)', () => {
    expect(isValidMobile('+86', '138 0013 8000')).toBe(false);
    expect(isValidMobile('+86', '1380013800a')).toBe(false);
    expect(isValidMobile('+86', '')).toBe(false);
  });

  it('refuses area codes outside limits.ts', () => {
    expect(isAreaCode('+81')).toBe(false);
    expect(isValidMobile('+81', '9012345678')).toBe(false);
    expect(isValidMobile('86', '13800138000')).toBe(false);
  });
});
