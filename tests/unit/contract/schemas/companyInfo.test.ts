import { describe, expect, it } from 'vitest';
import { companyInfoSchema } from '../../../../src/contract/schemas/companyInfo';
import { COMPANY_LOCATIONS } from '../../../../src/contract/options';
import { validCompanyInfo } from '../support/fixtures';
import { fieldMessages, parsedData } from '../support/issues';

type Location = (typeof COMPANY_LOCATIONS)[number];

function companyWith(location: Location, change: Record<string, unknown>) {
  return { ...validCompanyInfo(location), ...change };
}

describe('companyInfoSchema', () => {
  it.each(COMPANY_LOCATIONS)('accepts a complete %s company', (location) => {
    expect(fieldMessages(companyInfoSchema, validCompanyInfo(location))).toEqual({});
  });

  it('refuses an unknown or missing location', () => {
    expect(fieldMessages(companyInfoSchema, companyWith('CN', { location: 'JP' }))).toEqual({
      location: 'field.select',
    });
    expect(fieldMessages(companyInfoSchema, companyWith('CN', { location: undefined }))).toEqual({
      location: 'field.select',
    });
  });

  describe('business licence code by location', () => {
    it.each([
      ['CN', '91350100M000100Y44', 'uscc.format'],
      ['CN', '12345678', 'uscc.format'],
      ['HK', '1234567', 'hkBusinessRegistration.format'],
      ['HK', '91350100M000100Y43', 'hkBusinessRegistration.format'],
      ['SG', '5331234D', 'uen.format'],
      ['US', '1', 'registrationNumber.format'],
      ['GB', 'SC 123456', 'registrationNumber.format'],
      ['CN', '', 'field.required'],
      ['SG', undefined, 'field.required'],
    ] as const)('%s: %j → %s', (location, code, message) => {
      expect(fieldMessages(companyInfoSchema, companyWith(location, { businessLicenseCode: code }))).toEqual({
        businessLicenseCode: message,
      });
    });

    it('upper-cases and trims codes before checking them', () => {
      const cn = parsedData(
        companyInfoSchema,
        companyWith('CN', { businessLicenseCode: ' 91350100m000100y43 ' }),
      );
      expect(cn).toMatchObject({ businessLicenseCode: '91350100M000100Y43' });
      const sg = parsedData(
        companyInfoSchema,
        companyWith('SG', { businessLicenseCode: 't08ll0001b', acraNumber: 't08ll0001b' }),
      );
      expect(sg).toMatchObject({ businessLicenseCode: 'T08LL0001B', acraNumber: 'T08LL0001B' });
    });
  });

  describe('location-specific numbers', () => {
    it('HK asks for the 7-digit Companies Registry number', () => {
      expect(fieldMessages(companyInfoSchema, companyWith('HK', { companiesRegistryNumber: '' }))).toEqual({
        companiesRegistryNumber: 'field.required',
      });
      expect(
        fieldMessages(companyInfoSchema, companyWith('HK', { companiesRegistryNumber: '12345678' })),
      ).toEqual({
        companiesRegistryNumber: 'hkCompaniesRegistry.format',
      });
    });

    it('SG asks for an ACRA number that ACRA issued', () => {
      expect(fieldMessages(companyInfoSchema, companyWith('SG', { acraNumber: '' }))).toEqual({
        acraNumber: 'field.required',
      });
      expect(fieldMessages(companyInfoSchema, companyWith('SG', { acraNumber: 'T09SS0001A' }))).toEqual({
        acraNumber: 'acra.format',
      });
    });

    it('CN: an organization code, when sent, must be the one inside the credit code', () => {
      expect(fieldMessages(companyInfoSchema, companyWith('CN', { organizationCode: 'M000100Y-4' }))).toEqual(
        {},
      );
      expect(fieldMessages(companyInfoSchema, companyWith('CN', { organizationCode: 'm000100y4' }))).toEqual(
        {},
      );
      expect(fieldMessages(companyInfoSchema, companyWith('CN', { organizationCode: '600037341' }))).toEqual({
        organizationCode: 'organizationCode.mismatch',
      });
      expect(fieldMessages(companyInfoSchema, companyWith('CN', { organizationCode: undefined }))).toEqual(
        {},
      );
    });

    it('CN: the mismatch is not reported while the credit code itself is wrong', () => {
      expect(
        fieldMessages(
          companyInfoSchema,
          companyWith('CN', { businessLicenseCode: '91350100M000100Y44', organizationCode: '600037341' }),
        ),
      ).toEqual({ businessLicenseCode: 'uscc.format' });
    });
  });

  describe('postal code by location', () => {
    it.each([
      ['CN', '10002', 'postalCode.format'],
      ['SG', '18956', 'postalCode.format'],
      ['US', '9410', 'postalCode.format'],
      ['GB', 'Q1 1AA', 'postalCode.format'],
      ['US', '', 'field.required'],
    ] as const)('%s: %j → %s', (location, postalCode, message) => {
      expect(fieldMessages(companyInfoSchema, companyWith(location, { postalCode }))).toEqual({
        postalCode: message,
      });
    });

    it('accepts a lowercase UK postcode and stores it upper-case', () => {
      expect(parsedData(companyInfoSchema, companyWith('GB', { postalCode: 'sw1a 1aa' }))).toMatchObject({
        postalCode: 'SW1A 1AA',
      });
    });

    it('Hong Kong has no postal code: none is asked for and one sent is dropped', () => {
      const { postalCode: _none, ...hk } = validCompanyInfo('HK');
      expect(fieldMessages(companyInfoSchema, hk)).toEqual({});
      expect(parsedData(companyInfoSchema, { ...hk, postalCode: '999077' })).not.toHaveProperty('postalCode');
    });
  });

  describe('names and addresses', () => {
    it('CN requires the Chinese name and registered address', () => {
      expect(
        fieldMessages(
          companyInfoSchema,
          companyWith('CN', { companyNameChinese: '', registeredAddressChinese: '' }),
        ),
      ).toEqual({
        companyNameChinese: 'field.required',
        registeredAddressChinese: 'field.required',
      });
    });

    it.each(['HK', 'SG', 'US', 'GB'] as const)(
      '%s: the Chinese name is optional but checked when given',
      (location) => {
        expect(fieldMessages(companyInfoSchema, companyWith(location, { companyNameChinese: null }))).toEqual(
          {},
        );
        expect(fieldMessages(companyInfoSchema, companyWith(location, { companyNameChinese: '' }))).toEqual(
          {},
        );
        expect(
          fieldMessages(companyInfoSchema, companyWith(location, { companyNameChinese: '长江实业有限公司' })),
        ).toEqual({});
        expect(
          fieldMessages(companyInfoSchema, companyWith(location, { companyNameChinese: 'Cheung Kong' })),
        ).toEqual({
          companyNameChinese: 'companyName.chineseFormat',
        });
      },
    );

    it.each(['HK', 'SG', 'US', 'GB'] as const)(
      '%s: the Chinese registered address is optional but checked when given',
      (location) => {
        expect(
          fieldMessages(companyInfoSchema, companyWith(location, { registeredAddressChinese: '' })),
        ).toEqual({});
        expect(
          fieldMessages(
            companyInfoSchema,
            companyWith(location, { registeredAddressChinese: '88 Jianguo Road' }),
          ),
        ).toEqual({ registeredAddressChinese: 'address.chineseFormat' });
        expect(
          fieldMessages(
            companyInfoSchema,
            companyWith(location, { registeredAddressChinese: '北'.repeat(301) }),
          ),
        ).toEqual({ registeredAddressChinese: 'field.tooLong' });
      },
    );

    it.each([
      ['companyNameEnglish', '艾克美贸易有限公司', 'companyName.englishFormat'],
      ['companyNameEnglish', '', 'field.required'],
      ['companyNameEnglish', 'A'.repeat(201), 'field.tooLong'],
      ['registeredAddressEnglish', '北京市朝阳区建国路88号', 'address.englishFormat'],
      ['companyNameChinese', 'Acme Trading', 'companyName.chineseFormat'],
      ['registeredAddressChinese', '88 Jianguo Road', 'address.chineseFormat'],
    ])('%s = %j → %s', (field, value, message) => {
      expect(fieldMessages(companyInfoSchema, companyWith('CN', { [field]: value }))).toEqual({
        [field]: message,
      });
    });
  });

  describe('other fields', () => {
    it.each([
      ['companyType', 'cooperative', 'field.select'],
      ['companyType', null, 'field.select'],
      ['industry', 'gambling', 'field.select'],
      ['website', 'www.example.com', 'website.format'],
      ['productDescription', '  ', 'field.required'],
      ['businessLicenseFileId', '', 'file.required'],
      ['businessLicenseFileId', null, 'file.required'],
      ['businessLicenseFileId', 'license.pdf', 'file.invalid'],
      ['establishmentDate', '', 'field.required'],
      ['establishmentDate', '2015-02-30', 'date.format'],
      ['establishmentDate', '2999-01-01', 'date.future'],
    ])('%s = %j → %s', (field, value, message) => {
      expect(fieldMessages(companyInfoSchema, companyWith('SG', { [field]: value }))).toEqual({
        [field]: message,
      });
    });

    it('the website is optional', () => {
      expect(fieldMessages(companyInfoSchema, companyWith('US', { website: '' }))).toEqual({});
      expect(fieldMessages(companyInfoSchema, companyWith('US', { website: undefined }))).toEqual({});
    });
  });

  describe('operating address', () => {
    it('needs no address when it is the registered one', () => {
      expect(
        fieldMessages(companyInfoSchema, companyWith('CN', { operatingAddress: { sameAsRegistered: true } })),
      ).toEqual({});
    });

    it('needs an address and a country when it differs', () => {
      expect(
        fieldMessages(
          companyInfoSchema,
          companyWith('CN', { operatingAddress: { sameAsRegistered: false } }),
        ),
      ).toEqual({
        'operatingAddress.address': 'field.required',
        'operatingAddress.country': 'field.select',
      });
      const differs = { sameAsRegistered: false, address: 'Unit 3, 1 Harbour Road, Wan Chai', country: 'HK' };
      expect(fieldMessages(companyInfoSchema, companyWith('CN', { operatingAddress: differs }))).toEqual({});
      expect(
        fieldMessages(
          companyInfoSchema,
          companyWith('CN', { operatingAddress: { ...differs, country: 'XX' } }),
        ),
      ).toEqual({
        'operatingAddress.country': 'field.select',
      });
    });

    it('asks for the choice when it is missing', () => {
      expect(fieldMessages(companyInfoSchema, companyWith('CN', { operatingAddress: {} }))).toEqual({
        'operatingAddress.sameAsRegistered': 'field.select',
      });
    });
  });
});
