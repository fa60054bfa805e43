import { describe, expect, it } from 'vitest';
import { isValidDocumentNumber } from '../../../../src/contract/validators/documentNumber';
import { isValidPassportNumber } from '../../../../src/contract/validators/passport';

const TODAY = new Date('2025-06-15T00:00:00Z');

describe('isValidPassportNumber', () => {
  it.each(['E12345678', 'EA1234567', '123456789', 'K1234567', 'AB123', 'A'.repeat(20), 'c03005988'])(
    'accepts %s',
    (number) => {
      expect(isValidPassportNumber(number)).toBe(true);
    },
  );

  it.each([
    ['4 characters', 'AB12'],
    ['21 characters', 'A'.repeat(21)],
    ['a space', 'E1234 5678'],
    ['a hyphen', 'E-12345678'],
    ['a Chinese character', 'E1234567护'],
    ['empty', ''],
  ])('refuses %s', (_label, number) => {
    expect(isValidPassportNumber(number)).toBe(false);
  });
});

describe('isValidDocumentNumber', () => {
  it('checks a mainland identity card with the GB 11643 check digit', () => {
    expect(isValidDocumentNumber('idCard', 'CN', '11010519491231002X', TODAY)).toBe(true);
    expect(isValidDocumentNumber('idCard', 'CN', '110105194912310021', TODAY)).toBe(false);
    // A passport-shaped string is no mainland identity card.
    expect(isValidDocumentNumber('idCard', 'CN', 'E12345678', TODAY)).toBe(false);
  });

  it('checks other identity cards and every passport with the 5–20 letters-and-digits rule', () => {
    expect(isValidDocumentNumber('idCard', 'HK', 'A1234567', TODAY)).toBe(true);
    expect(isValidDocumentNumber('idCard', 'SG', 'S1234567D', TODAY)).toBe(true);
    expect(isValidDocumentNumber('idCard', 'HK', 'A123456(7)', TODAY)).toBe(false);
    expect(isValidDocumentNumber('passport', 'CN', 'E12345678', TODAY)).toBe(true);
    // A Chinese national's passport is not checked as an identity card.
    expect(isValidDocumentNumber('passport', 'CN', '110105194912310021', TODAY)).toBe(true);
    expect(isValidDocumentNumber('passport', 'US', 'AB12', TODAY)).toBe(false);
  });
});
