import { describe, expect, it } from 'vitest';
import {
  CARD_ISSUING_LOCATIONS,
  COMPANY_LOCATIONS,
  COMPANY_POSITIONS,
  COMPANY_TYPES,
  COUNTRY_CODES,
  DOCUMENT_TYPES,
  INDUSTRY_CATEGORIES,
  isCountryCode,
} from '../../../src/contract/options';

describe('option lists', () => {
  it('company locations of docs/product-rules.md, card issuing for CN, HK and SG', () => {
    expect(COMPANY_LOCATIONS).toEqual(['CN', 'HK', 'SG', 'US', 'GB']);
    expect(CARD_ISSUING_LOCATIONS).toEqual(['CN', 'HK', 'SG']);
    for (const location of CARD_ISSUING_LOCATIONS) expect(COMPANY_LOCATIONS).toContain(location);
  });

  it('the spec’s 4 positions, 9 company types, 16 industry categories and 2 document types', () => {
    expect(COMPANY_POSITIONS).toEqual(['legalPerson', 'manager', 'employee', 'other']);
    expect(COMPANY_TYPES).toHaveLength(9);
    expect(INDUSTRY_CATEGORIES).toHaveLength(16);
    expect(DOCUMENT_TYPES).toEqual(['idCard', 'passport']);
  });

  it('keys are unique and stable identifiers', () => {
    for (const list of [
      COMPANY_POSITIONS,
      COMPANY_TYPES,
      INDUSTRY_CATEGORIES,
      DOCUMENT_TYPES,
      COUNTRY_CODES,
    ]) {
      expect(new Set(list).size).toBe(list.length);
      for (const key of list) expect(key).toMatch(/^[A-Za-z]+$/);
    }
  });

  it('lists all 249 ISO 3166-1 alpha-2 codes, each a region ICU knows by name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(names.of(code), code).toBeDefined();
    }
    for (const location of COMPANY_LOCATIONS) expect(isCountryCode(location)).toBe(true);
  });

  it('refuses codes that are not assigned', () => {
    for (const code of ['UK', 'EU', 'XK', 'ZZ', 'cn', 'CHN', '']) expect(isCountryCode(code)).toBe(false);
  });
});
