import { describe, expect, it } from 'vitest';
import {
  compareValues,
  compareWithTyped,
  normalizeFor,
  selfCheckField,
  selfChecks,
} from '../../../../src/contract/documents/checks';
import type { ReadFields } from '../../../../src/contract/documents/reading';

const at = (value: string) => ({ value, page: 0, box: null });
const today = new Date('2026-11-28T12:00:00Z');

describe('a value read against the value typed', () => {
  it('compares numbers exactly, spaces and the case of x aside', () => {
    expect(compareValues('number', '11010519491231002X', '11010519491231002x')).toBe('equal');
    expect(compareValues('number', '110105 1949 1231 002X', '11010519491231002X')).toBe('equal');
    expect(compareValues('number', '110105194912310021', '110105194912310022')).toBe('different');
    expect(compareValues('number', '9131', '9132')).toBe('different');
  });

  it('compares Chinese names exactly: one character differs, the names differ', () => {
    expect(compareValues('chineseName', '王伟', '王 伟')).toBe('equal');
    expect(compareValues('chineseName', '王伟', '王玮')).toBe('different');
    expect(compareValues('chineseName', '王伟', '王伟伟')).toBe('different');
  });

  it('compares English names and addresses ignoring case, spacing and punctuation', () => {
    expect(compareValues('text', 'Wang', 'WANG')).toBe('equal');
    expect(compareValues('text', "O'Brien-Smith", 'OBRIEN SMITH')).toBe('equal');
    expect(compareValues('text', '1 Main St., Apt 3', '1 main st apt 3')).toBe('equal');
    expect(compareValues('text', '上海市浦东新区（一）路1号', '上海市浦东新区(一)路1号')).toBe('equal');
    expect(compareValues('text', 'Wang', 'Wong')).toBe('different');
  });

  it('compares dates as ISO dates', () => {
    expect(compareValues('date', '2015-03-07', '2015-03-07')).toBe('equal');
    expect(compareValues('date', '2015-03-07', '2015-03-08')).toBe('different');
  });

  it('says unreadable when nothing was read', () => {
    expect(compareValues('number', '9131', null)).toBe('unreadable');
    expect(compareValues('number', '9131', undefined)).toBe('unreadable');
    expect(compareValues('number', '9131', '  ')).toBe('unreadable');
  });

  it('normalizes full-width characters like half-width ones', () => {
    expect(normalizeFor('number', '９１３１')).toBe('9131');
  });
});

describe('compareWithTyped', () => {
  it('joins surname and given name for the Chinese name and lists differences first', () => {
    const fields: ReadFields = { idNumber: at('11010519491231002X'), name: at('王伟') };
    const person = {
      document: { number: '11010519491231003X' },
      surnameChinese: '王',
      givenNameChinese: '伟',
    };
    expect(compareWithTyped('idFront', fields, person)).toEqual([
      {
        field: 'idNumber',
        typedPath: 'document.number',
        typed: '11010519491231003X',
        read: '11010519491231002X',
        verdict: 'different',
      },
      { field: 'name', typedPath: 'surnameChinese', typed: '王伟', read: '王伟', verdict: 'equal' },
    ]);
  });

  it('skips fields the applicant has not typed and marks fields not read as unreadable', () => {
    const result = compareWithTyped(
      'businessLicense',
      { uscc: at('91350100M000100Y43') },
      {
        businessLicenseCode: '91350100M000100Y43',
        companyNameChinese: '上海某某有限公司',
      },
    );
    expect(result.map((r) => [r.field, r.verdict])).toEqual([
      ['companyName', 'unreadable'],
      ['uscc', 'equal'],
    ]);
  });

  it('counts a read number that fails its own check digit as unreadable, not different', () => {
    const person = { document: { number: '11010519491231002X' } };
    // Misread: the last digit of a real number, so its check character fails.
    const misread = compareWithTyped('idFront', { idNumber: at('110105194912310021') }, person);
    expect(misread[0]?.verdict).toBe('unreadable');
    // Read right, typed one digit off: different.
    const typo = compareWithTyped(
      'idFront',
      { idNumber: at('11010519491231002X') },
      { document: { number: '11010519491231003X' } },
    );
    expect(typo[0]?.verdict).toBe('different');
    const licence = { businessLicenseCode: '91350100M000100Y43' };
    expect(compareWithTyped('businessLicense', { uscc: at('91350100M000100Y44') }, licence)[0]?.verdict).toBe(
      'unreadable',
    );
    expect(compareWithTyped('businessLicense', { uscc: at('91350100M000100Y43') }, licence)[0]?.verdict).toBe(
      'equal',
    );
    const passport = { document: { number: 'E12345678' } };
    const failed = { lines: [], valid: false, failedChecks: ['documentNumberCheckDigit'] };
    const fine = { lines: [], valid: true, failedChecks: [] };
    expect(
      compareWithTyped('passportPhotoPage', { number: at('E12345679') }, passport, failed)[0]?.verdict,
    ).toBe('unreadable');
    expect(
      compareWithTyped('passportPhotoPage', { number: at('E12345679') }, passport, fine)[0]?.verdict,
    ).toBe('different');
  });

  it('compares nothing on the back of an ID card', () => {
    expect(compareWithTyped('idBack', { authority: at('x') }, { document: { number: '1' } })).toEqual([]);
  });
});

describe('the document against itself', () => {
  it('checks the ID number check digit and its birth date against the printed one', () => {
    const good = { idNumber: at('11010519491231002X'), birthDate: at('1949-12-31') };
    expect(selfChecks('idFront', good, null, today)).toEqual([
      { name: 'idNumberCheckDigit', outcome: 'pass' },
      { name: 'idNumberBirthDate', outcome: 'pass' },
    ]);
    const bad = { idNumber: at('110105194912310021'), birthDate: at('1949-12-30') };
    expect(selfChecks('idFront', bad, null, today).map((c) => c.outcome)).toEqual(['fail', 'fail']);
    expect(selfChecks('idFront', {}, null, today).map((c) => c.outcome)).toEqual([
      'unreadable',
      'unreadable',
    ]);
  });

  it('checks the USCC check character', () => {
    expect(selfChecks('businessLicense', { uscc: at('91350100M000100Y43') }, null, today)).toEqual([
      { name: 'usccCheckDigit', outcome: 'pass' },
    ]);
    expect(selfChecks('businessLicense', { uscc: at('91350100M000100Y44') }, null, today)[0]?.outcome).toBe(
      'fail',
    );
  });

  it('checks the MRZ, the printed number against it and the expiry', () => {
    const mrz = { lines: ['', ''], valid: true, failedChecks: [] };
    const fields = { number: at('E12345678'), printedNumber: at('E12345678'), expiryDate: at('2026-11-28') };
    expect(selfChecks('passportPhotoPage', fields, mrz, today).map((c) => c.outcome)).toEqual([
      'pass',
      'pass',
      'pass',
    ]);
    const broken = { ...mrz, valid: false, failedChecks: ['documentNumberCheckDigit'] };
    const expired = { ...fields, printedNumber: at('E12345679'), expiryDate: at('2026-11-27') };
    expect(selfChecks('passportPhotoPage', expired, broken, today).map((c) => c.outcome)).toEqual([
      'fail',
      'fail',
      'fail',
    ]);
    expect(selfChecks('passportPhotoPage', {}, null, today).map((c) => c.outcome)).toEqual([
      'unreadable',
      'unreadable',
      'unreadable',
    ]);
  });

  it('says an ID card past its validity has expired, a long-term one never', () => {
    expect(selfChecks('idBack', { validTo: at('2026-11-27') }, null, today)[0]?.outcome).toBe('fail');
    expect(selfChecks('idBack', { validTo: at('2026-11-28') }, null, today)[0]?.outcome).toBe('pass');
    expect(selfChecks('idBack', { validTo: at('长期') }, null, today)[0]?.outcome).toBe('pass');
  });
});

describe('the field a self-check is about (the viewer outlines it)', () => {
  it('names the read field, the expiry by kind', () => {
    expect(selfCheckField('idFront', 'idNumberCheckDigit')).toBe('idNumber');
    expect(selfCheckField('idFront', 'idNumberBirthDate')).toBe('birthDate');
    expect(selfCheckField('passportPhotoPage', 'mrzCheckDigits')).toBe('mrz');
    expect(selfCheckField('passportPhotoPage', 'mrzPrintedNumber')).toBe('printedNumber');
    expect(selfCheckField('businessLicense', 'usccCheckDigit')).toBe('uscc');
    expect(selfCheckField('idBack', 'expired')).toBe('validTo');
    expect(selfCheckField('passportPhotoPage', 'expired')).toBe('expiryDate');
  });
});
