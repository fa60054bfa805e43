// GB 11643-1999 identity card numbers. Check digits of the valid examples were computed
// independently of the implementation; 11010519491231002X is the standard's own example.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  idCardCheckCharacter,
  isValidMainlandIdCardNumber,
} from '../../../../src/contract/validators/mainlandIdCard';

const TODAY = new Date('2025-06-15T08:00:00Z');

describe('isValidMainlandIdCardNumber', () => {
  it.each([
    ['11010519491231002X', 'GB 11643 example, check X'],
    ['440308199901010012', 'Shenzhen'],
    ['310115200002291235', 'born on 29 February of a leap year'],
    ['510107198507150021', 'Chengdu'],
    ['650102202402290026', 'born 2024-02-29'],
  ])('accepts %s (%s)', (number) => {
    expect(isValidMainlandIdCardNumber(number, TODAY)).toBe(true);
  });

  it.each([
    ['110105194912310021', 'wrong check digit (X expected)'],
    ['440308199901010015', 'wrong check digit (2 expected)'],
    ['11010519491231002x', 'lowercase x (the schema upper-cases first)'],
    ['310115200102291232', '29 February of a common year, check digit right'],
    ['110101209912310015', 'birth date in the future, check digit right'],
    ['11010118991231001X', 'born before 1900, check digit right'],
    ['990101199001010019', 'province code 99, check digit right'],
    ['11010519491231002', '17 characters'],
    ['1101051949123100212', '19 characters'],
    // The whole value is the number: a valid number with a digit appended is not one.
    ['4403081999010100120', '19 characters, the first 18 a valid number'],
    ['110105491231002', 'old 15-digit card'],
    ['', 'empty'],
  ])('refuses %s (%s)', (number) => {
    expect(isValidMainlandIdCardNumber(number, TODAY)).toBe(false);
  });

  it('accepts a birth date of today and refuses tomorrow', () => {
    const first17Today = '11010120250615001';
    const first17Tomorrow = '11010120250616001';
    expect(isValidMainlandIdCardNumber(first17Today + idCardCheckCharacter(first17Today), TODAY)).toBe(true);
    expect(isValidMainlandIdCardNumber(first17Tomorrow + idCardCheckCharacter(first17Tomorrow), TODAY)).toBe(
      false,
    );
  });

  it('accepts a birth year of 1900, the earliest', () => {
    const first17 = '11010119000101001';
    expect(isValidMainlandIdCardNumber(first17 + idCardCheckCharacter(first17), TODAY)).toBe(true);
  });

  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(idCardCheckCharacter('11010519491231002')).toBe('X');
    expect(idCardCheckCharacter('44030819990101001')).toBe('2');
    expect(idCardCheckCharacter('4403081999010100')).toBeUndefined();
    // Only the first 17 characters, all digits, have a check character.
    expect(idCardCheckCharacter('440308199901010012')).toBeUndefined();
    expect(idCardCheckCharacter('X4403081999010100')).toBeUndefined();
  });

  it('detects every single-digit substitution', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const valid = '440308199901010012';
        const digit = (Number(valid.charAt(position)) + shift) % 10;
        const mutated = valid.slice(0, position) + String(digit) + valid.slice(position + 1);
        expect(isValidMainlandIdCardNumber(mutated, TODAY)).toBe(false);
      }),
    );
  });
});
