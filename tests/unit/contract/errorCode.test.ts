// Spec §5 / docs/product-rules.md: "a code of 8 characters, one uppercase letter then 7 digits, is reduced to
// the 7 digits before comparing with 200 and looking up the message map".
import { describe, expect, it } from 'vitest';
import { messageForCode, SUCCESS_CODE } from '../../../src/contract/codes';
import { normaliseErrorCode } from '../../../src/contract/errorCode';

describe('normaliseErrorCode', () => {
  it('reduces an uppercase letter and 7 digits to the 7 digits, as a number', () => {
    expect(normaliseErrorCode('E3010020')).toBe(3010020);
    expect(normaliseErrorCode('Z1234567')).toBe(1234567);
  });

  it('makes a prefixed success code compare equal to 200', () => {
    expect(normaliseErrorCode('E0000200')).toBe(SUCCESS_CODE);
  });

  it('lets a prefixed code find its message in the map', () => {
    const reduced = normaliseErrorCode('A0400014');
    expect(reduced).toBe(400014);
    expect(messageForCode(reduced as number, 'en-us')).toBe(
      'Something went wrong, please contact the administrator',
    );
  });

  it('passes numbers through unchanged', () => {
    expect(normaliseErrorCode(200)).toBe(200);
    expect(normaliseErrorCode(301002)).toBe(301002);
  });

  it('reads a string of digits as its number', () => {
    expect(normaliseErrorCode('301002')).toBe(301002);
    expect(normaliseErrorCode('200')).toBe(200);
  });

  it.each([
    ['a lowercase prefix', 'e3010020'],
    ['only 6 digits after the letter (7 characters)', 'E301002'],
    ['8 digits after the letter (9 characters)', 'E30100201'],
    ['two letters', 'EE301002'],
    ['a letter in the digits', 'E30100A0'],
    ['surrounding space', ' E3010020'],
    ['a non-Latin capital', 'Ä3010020'],
  ])('leaves other strings as they are: %s', (_label, code) => {
    expect(normaliseErrorCode(code)).toBe(code);
  });
});
