import { describe, expect, it } from 'vitest';
import { Limits } from '../../../../src/contract/limits';
import { beneficiariesSchema } from '../../../../src/contract/schemas/beneficiaries';
import { passportHolder, validPerson } from '../support/fixtures';
import { fieldMessages } from '../support/issues';

function owners(...ratios: number[]) {
  return {
    hasBeneficiaries: true,
    beneficiaries: ratios.map((shareholdingRatio) => validPerson({ shareholdingRatio })),
  };
}

describe('beneficiariesSchema', () => {
  it('uses the threshold and total of limits.ts', () => {
    expect(Limits.beneficiary).toEqual({ thresholdPercent: 25, totalMaxPercent: 100 });
  });

  it('asks whether anyone holds 25 % or more', () => {
    expect(fieldMessages(beneficiariesSchema, {})).toEqual({ hasBeneficiaries: 'field.select' });
    expect(fieldMessages(beneficiariesSchema, { hasBeneficiaries: 'yes' })).toEqual({
      hasBeneficiaries: 'field.select',
    });
  });

  describe('yes: the beneficiaries', () => {
    it.each([[[25]], [[30, 70]], [[25, 25, 25, 25]], [[33.33, 33.33, 33.34]], [[100]]])(
      'accepts %j',
      (ratios) => {
        expect(fieldMessages(beneficiariesSchema, owners(...ratios))).toEqual({});
      },
    );

    it('needs at least one', () => {
      expect(fieldMessages(beneficiariesSchema, owners())).toEqual({ beneficiaries: 'beneficiary.required' });
      expect(fieldMessages(beneficiariesSchema, { hasBeneficiaries: true })).toEqual({
        beneficiaries: 'beneficiary.required',
      });
    });

    it('refuses a beneficiary below 25 %', () => {
      expect(fieldMessages(beneficiariesSchema, owners(30, 24.99))).toEqual({
        'beneficiaries.1.shareholdingRatio': 'beneficiary.threshold',
      });
    });

    it('says "out of range" rather than "below 25 %" for a negative ratio', () => {
      expect(fieldMessages(beneficiariesSchema, owners(-5))).toEqual({
        'beneficiaries.0.shareholdingRatio': 'shareholding.range',
      });
    });

    it('refuses shareholdings that add up to more than 100 %', () => {
      expect(fieldMessages(beneficiariesSchema, owners(60, 50))).toEqual({
        beneficiaries: 'beneficiary.total',
      });
      expect(fieldMessages(beneficiariesSchema, owners(25, 25, 25, 25.01))).toEqual({
        beneficiaries: 'beneficiary.total',
      });
    });

    it('reports the total while another field of a beneficiary is unfinished', () => {
      const list = owners(60, 50);
      list.beneficiaries[0] = { ...list.beneficiaries[0], surnameEnglish: '' };
      expect(fieldMessages(beneficiariesSchema, list)).toEqual({
        'beneficiaries.0.surnameEnglish': 'field.required',
        beneficiaries: 'beneficiary.total',
      });
    });

    it('says "please fill in" for an entry that is not a person yet, and no total while a ratio is unknown', () => {
      const list = {
        hasBeneficiaries: true,
        beneficiaries: [undefined, validPerson({ shareholdingRatio: 120 })],
      };
      expect(fieldMessages(beneficiariesSchema, list)).toEqual({
        'beneficiaries.0': 'form.incomplete',
        'beneficiaries.1.shareholdingRatio': 'shareholding.range',
      });
    });

    it('checks each beneficiary as a person', () => {
      const list = { hasBeneficiaries: true, beneficiaries: [passportHolder({ mobileAreaCode: '+86' })] };
      expect(fieldMessages(beneficiariesSchema, list)).toEqual({ 'beneficiaries.0.mobile': 'mobile.format' });
    });
  });

  describe('no: the senior managing official', () => {
    it('accepts an official holding less than 25 %', () => {
      const answer = {
        hasBeneficiaries: false,
        seniorManagingOfficial: passportHolder({ shareholdingRatio: 0 }),
      };
      expect(fieldMessages(beneficiariesSchema, answer)).toEqual({});
      answer.seniorManagingOfficial = passportHolder({ shareholdingRatio: 24.99 });
      expect(fieldMessages(beneficiariesSchema, answer)).toEqual({});
    });

    it('refuses an official holding 25 % or more (they are a beneficiary)', () => {
      const answer = {
        hasBeneficiaries: false,
        seniorManagingOfficial: passportHolder({ shareholdingRatio: 25 }),
      };
      expect(fieldMessages(beneficiariesSchema, answer)).toEqual({
        'seniorManagingOfficial.shareholdingRatio': 'beneficiary.seniorOfficialRatio',
      });
    });

    it('needs the official', () => {
      expect(fieldMessages(beneficiariesSchema, { hasBeneficiaries: false })).toEqual({
        seniorManagingOfficial: 'form.incomplete',
      });
    });
  });
});
