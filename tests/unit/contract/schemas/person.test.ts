import { describe, expect, it } from 'vitest';
import { personSchema } from '../../../../src/contract/schemas/person';
import { FILE_IDS, passportHolder, validPerson } from '../support/fixtures';
import { fieldMessages, parsedData } from '../support/issues';

describe('personSchema', () => {
  it('accepts a mainland national with an identity card', () => {
    expect(fieldMessages(personSchema, validPerson())).toEqual({});
  });

  it('accepts a foreign national with a passport and no Chinese name', () => {
    expect(fieldMessages(personSchema, passportHolder())).toEqual({});
    const { surnameChinese: _s, givenNameChinese: _g, ...withoutChinese } = passportHolder();
    expect(fieldMessages(personSchema, withoutChinese)).toEqual({});
  });

  describe('document', () => {
    it('an identity card needs its front and back photos', () => {
      const document = { type: 'idCard', number: '11010519491231002X' };
      expect(fieldMessages(personSchema, validPerson({ document }))).toEqual({
        'document.frontFileId': 'file.required',
        'document.backFileId': 'file.required',
      });
    });

    it('a passport needs its photo page and signature page', () => {
      const document = {
        type: 'passport',
        number: 'E12345678',
        frontFileId: FILE_IDS.a,
        backFileId: FILE_IDS.b,
      };
      expect(fieldMessages(personSchema, passportHolder({ document }))).toEqual({
        'document.photoPageFileId': 'file.required',
        'document.signaturePageFileId': 'file.required',
      });
    });

    it('asks for the document type', () => {
      expect(fieldMessages(personSchema, validPerson({ document: { number: 'E12345678' } }))).toEqual({
        'document.type': 'field.select',
      });
      expect(
        fieldMessages(
          personSchema,
          validPerson({ document: { type: 'driverLicence', number: 'E12345678' } }),
        ),
      ).toEqual({
        'document.type': 'field.select',
      });
    });

    it('checks a mainland identity card number with its check digit', () => {
      const document = {
        type: 'idCard',
        number: '110105194912310021',
        frontFileId: FILE_IDS.a,
        backFileId: FILE_IDS.b,
      };
      expect(fieldMessages(personSchema, validPerson({ document }))).toEqual({
        'document.number': 'idCard.format',
      });
    });

    it('upper-cases a lowercase x before checking', () => {
      const document = {
        type: 'idCard',
        number: '11010519491231002x',
        frontFileId: FILE_IDS.a,
        backFileId: FILE_IDS.b,
      };
      expect(parsedData(personSchema, validPerson({ document })).document.number).toBe('11010519491231002X');
    });

    it('checks other identity cards and passports as 5–20 letters and digits', () => {
      const hkCard = { type: 'idCard', number: 'A1234567', frontFileId: FILE_IDS.a, backFileId: FILE_IDS.b };
      expect(fieldMessages(personSchema, passportHolder({ nationality: 'HK', document: hkCard }))).toEqual(
        {},
      );
      expect(
        fieldMessages(
          personSchema,
          passportHolder({ nationality: 'HK', document: { ...hkCard, number: 'A12' } }),
        ),
      ).toEqual({ 'document.number': 'documentNumber.format' });
      const passport = {
        type: 'passport',
        number: 'E12',
        photoPageFileId: FILE_IDS.a,
        signaturePageFileId: FILE_IDS.b,
      };
      expect(fieldMessages(personSchema, passportHolder({ document: passport }))).toEqual({
        'document.number': 'passport.format',
      });
    });

    it('a mainland national with a passport is checked as a passport holder', () => {
      const passport = {
        type: 'passport',
        number: 'E12',
        photoPageFileId: FILE_IDS.a,
        signaturePageFileId: FILE_IDS.b,
      };
      expect(fieldMessages(personSchema, validPerson({ document: passport }))).toEqual({
        'document.number': 'passport.format',
      });
      expect(
        fieldMessages(personSchema, validPerson({ document: { ...passport, number: 'E12345678' } })),
      ).toEqual({});
    });

    it('a number longer than 20 characters is too long, and nothing else is said of it', () => {
      const passport = {
        type: 'passport',
        number: 'E'.repeat(21),
        photoPageFileId: FILE_IDS.a,
        signaturePageFileId: FILE_IDS.b,
      };
      expect(fieldMessages(personSchema, passportHolder({ document: passport }))).toEqual({
        'document.number': 'field.tooLong',
      });
    });

    it('does not judge the number while the nationality it depends on is missing', () => {
      const hkCard = { type: 'idCard', number: 'A12', frontFileId: FILE_IDS.a, backFileId: FILE_IDS.b };
      expect(fieldMessages(personSchema, passportHolder({ nationality: null, document: hkCard }))).toEqual({
        nationality: 'field.select',
      });
    });

    it('requires the number', () => {
      const document = {
        type: 'passport',
        number: ' ',
        photoPageFileId: FILE_IDS.a,
        signaturePageFileId: FILE_IDS.b,
      };
      expect(fieldMessages(personSchema, passportHolder({ document }))).toEqual({
        'document.number': 'field.required',
      });
    });
  });

  describe('names', () => {
    it('a mainland national gives the name in Chinese, even while another field is still missing', () => {
      expect(
        fieldMessages(
          personSchema,
          validPerson({ surnameChinese: '', givenNameChinese: null, residenceAddress: undefined }),
        ),
      ).toEqual({
        surnameChinese: 'field.required',
        givenNameChinese: 'field.required',
        residenceAddress: 'field.required',
      });
    });

    it('a mainland national gives the name in Chinese', () => {
      expect(
        fieldMessages(personSchema, validPerson({ surnameChinese: '', givenNameChinese: null })),
      ).toEqual({
        surnameChinese: 'field.required',
        givenNameChinese: 'field.required',
      });
    });

    it('a Chinese name, when given, is Chinese characters', () => {
      expect(fieldMessages(personSchema, passportHolder({ surnameChinese: 'Smith' }))).toEqual({
        surnameChinese: 'chineseName.format',
      });
      expect(
        fieldMessages(
          personSchema,
          passportHolder({ surnameChinese: '史密斯', givenNameChinese: '玛丽·安' }),
        ),
      ).toEqual({});
    });

    it.each([
      ['surnameEnglish', '', 'field.required'],
      ['surnameEnglish', '张', 'englishName.format'],
      ['givenNameEnglish', 'San3', 'englishName.format'],
      ['givenNameEnglish', 'A'.repeat(51), 'field.tooLong'],
      ['residenceAddress', '', 'field.required'],
      ['nationality', 'XX', 'field.select'],
      ['nationality', null, 'field.select'],
      ['proofOfAddressFileId', '', 'file.required'],
      ['proofOfAddressFileId', 'not-a-uuid', 'file.invalid'],
    ])('%s = %j → %s', (field, value, message) => {
      expect(fieldMessages(personSchema, passportHolder({ [field]: value }))).toEqual({ [field]: message });
    });
  });

  describe('mobile', () => {
    it('checks the number against its area code, ignoring spaces', () => {
      expect(parsedData(personSchema, validPerson({ mobile: '138-0013-8000' })).mobile).toBe('13800138000');
      expect(fieldMessages(personSchema, validPerson({ mobileAreaCode: '+65' }))).toEqual({
        mobile: 'mobile.format',
      });
    });

    it('checks the number against its area code even while another field is still missing', () => {
      expect(
        fieldMessages(personSchema, validPerson({ mobileAreaCode: '+65', proofOfAddressFileId: undefined })),
      ).toEqual({ mobile: 'mobile.format', proofOfAddressFileId: 'file.required' });
    });

    it('requires both parts', () => {
      expect(fieldMessages(personSchema, validPerson({ mobile: '' }))).toEqual({ mobile: 'mobile.required' });
      expect(fieldMessages(personSchema, validPerson({ mobileAreaCode: null }))).toEqual({
        mobileAreaCode: 'mobile.areaCodeRequired',
      });
    });
  });

  describe('shareholding ratio', () => {
    it.each([0, 25, 33.33, 100])('accepts %d', (ratio) => {
      expect(fieldMessages(personSchema, validPerson({ shareholdingRatio: ratio }))).toEqual({});
    });

    it.each([
      [-1, 'shareholding.range'],
      [100.01, 'shareholding.range'],
      [33.333, 'shareholding.range'],
      // A hundred-billionth of a percent: far more than two decimals, at the float tolerance exactly.
      [1.0000000000000001e-11, 'shareholding.range'],
      [Number.NaN, 'shareholding.required'],
      ['', 'shareholding.required'],
      ['30', 'shareholding.required'],
      [undefined, 'shareholding.required'],
    ])('%j → %s', (ratio, message) => {
      expect(fieldMessages(personSchema, validPerson({ shareholdingRatio: ratio }))).toEqual({
        shareholdingRatio: message,
      });
    });
  });
});
