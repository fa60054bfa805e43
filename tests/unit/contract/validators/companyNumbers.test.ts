import { describe, expect, it } from 'vitest';
import {
  isValidBusinessLicenseCode,
  isValidRegistrationNumber,
} from '../../../../src/contract/validators/businessLicenseCode';
import {
  isValidHongKongBusinessRegistrationNumber,
  isValidHongKongCompaniesRegistryNumber,
} from '../../../../src/contract/validators/hongKongCompanyNumbers';
import { isValidAcraNumber, isValidUen } from '../../../../src/contract/validators/singaporeEntityNumbers';

const TODAY = new Date('2025-06-15T00:00:00Z');

describe('Hong Kong company numbers', () => {
  it('Business Registration number: 8 digits', () => {
    expect(isValidHongKongBusinessRegistrationNumber('12345678')).toBe(true);
    expect(isValidHongKongBusinessRegistrationNumber('70512345')).toBe(true);
    expect(isValidHongKongBusinessRegistrationNumber('1234567')).toBe(false);
    expect(isValidHongKongBusinessRegistrationNumber('123456789')).toBe(false);
    expect(isValidHongKongBusinessRegistrationNumber('1234567A')).toBe(false);
  });

  it('Companies Registry number: 7 digits', () => {
    expect(isValidHongKongCompaniesRegistryNumber('0012345')).toBe(true);
    expect(isValidHongKongCompaniesRegistryNumber('2345678')).toBe(true);
    expect(isValidHongKongCompaniesRegistryNumber('12345678')).toBe(false);
    expect(isValidHongKongCompaniesRegistryNumber('123456')).toBe(false);
    expect(isValidHongKongCompaniesRegistryNumber('CR12345')).toBe(false);
  });
});

describe('Singapore UEN', () => {
  it.each([
    ['53312345D', 'format A: business, 8 digits and a check letter'],
    ['00192200M', 'format A'],
    ['197401143C', 'format B: local company of 1974'],
    ['202412345K', 'format B: local company of 2024'],
    ['T08LL0001B', 'format C: LLP of 2008'],
    ['S16FC0121D', 'format C: foreign company of 2016'],
    ['T09SS0001A', 'format C: society of 2009'],
    ['R99CC1234Z', 'format C: 1899'],
    // "Issued" means up to this year (TODAY is in 2025), this year included.
    ['202512345K', 'format B issued this year'],
    ['T25LL0001B', 'format C issued this year'],
  ])('accepts %s (%s)', (uen) => {
    expect(isValidUen(uen, TODAY)).toBe(true);
  });

  it.each([
    ['5331234D', 'format A with 7 digits'],
    ['533123456', 'format A without the check letter'],
    ['202612345K', 'format B issued next year'],
    ['T26LL0001B', 'format C issued next year'],
    ['T08ZZ0001B', 'format C with an unknown entity type'],
    ['U08LL0001B', 'format C with prefix U'],
    ['T08LL001B', 'format C with 3 digits'],
    ['t08ll0001b', 'lowercase'],
    // The whole value is the number: nothing before or after it.
    ['53312345DA', 'format A with a trailing letter'],
    ['A197401143C', 'format B with a leading letter'],
    ['197401143C1', 'format B with a trailing digit'],
    ['1T08LL0001B', 'format C with a leading digit'],
    ['T08LL0001BA', 'format C with a trailing letter'],
    ['', 'empty'],
  ])('refuses %s (%s)', (uen) => {
    expect(isValidUen(uen, TODAY)).toBe(false);
  });

  it('ACRA numbers are the UENs ACRA issues: formats A and B, and LP / LLP / foreign company / accounting firm', () => {
    expect(isValidAcraNumber('53312345D', TODAY)).toBe(true);
    expect(isValidAcraNumber('197401143C', TODAY)).toBe(true);
    expect(isValidAcraNumber('T08LL0001B', TODAY)).toBe(true);
    expect(isValidAcraNumber('T08LP0001B', TODAY)).toBe(true);
    expect(isValidAcraNumber('S16FC0121D', TODAY)).toBe(true);
    expect(isValidAcraNumber('T08PF0001B', TODAY)).toBe(true);
    // Societies, charities and the like are registered by other agencies.
    expect(isValidAcraNumber('T09SS0001A', TODAY)).toBe(false);
    expect(isValidAcraNumber('T09CC0001A', TODAY)).toBe(false);
    expect(isValidAcraNumber('5331234D', TODAY)).toBe(false);
    expect(isValidAcraNumber('202612345K', TODAY)).toBe(false);
  });
});

describe('isValidBusinessLicenseCode by location', () => {
  it('CN: unified social credit code', () => {
    expect(isValidBusinessLicenseCode('CN', '91350100M000100Y43', TODAY)).toBe(true);
    expect(isValidBusinessLicenseCode('CN', '91350100M000100Y44', TODAY)).toBe(false);
    expect(isValidBusinessLicenseCode('CN', '12345678', TODAY)).toBe(false);
  });

  it('HK: Business Registration number', () => {
    expect(isValidBusinessLicenseCode('HK', '12345678', TODAY)).toBe(true);
    expect(isValidBusinessLicenseCode('HK', '91350100M000100Y43', TODAY)).toBe(false);
  });

  it('SG: UEN', () => {
    expect(isValidBusinessLicenseCode('SG', '197401143C', TODAY)).toBe(true);
    expect(isValidBusinessLicenseCode('SG', '12345678', TODAY)).toBe(false);
  });

  it.each(['US', 'GB'] as const)('%s: registration number of 2–20 letters and digits', (location) => {
    expect(isValidBusinessLicenseCode(location, '00445790', TODAY)).toBe(true);
    expect(isValidBusinessLicenseCode(location, 'SC123456', TODAY)).toBe(true);
    expect(isValidBusinessLicenseCode(location, '12', TODAY)).toBe(true);
    expect(isValidBusinessLicenseCode(location, 'A'.repeat(20), TODAY)).toBe(true);
    expect(isValidBusinessLicenseCode(location, '1', TODAY)).toBe(false);
    expect(isValidBusinessLicenseCode(location, 'A'.repeat(21), TODAY)).toBe(false);
    expect(isValidBusinessLicenseCode(location, '12-345', TODAY)).toBe(false);
  });

  it('registration number refuses spaces', () => {
    expect(isValidRegistrationNumber('SC 123456')).toBe(false);
  });
});
