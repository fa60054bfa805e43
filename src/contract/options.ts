// The option lists of the spec (§1, §3) as stable value keys. Only values live here: the web
// translates labels with Lingui (and Intl.DisplayNames for countries), the server never shows them.

/** Company locations (docs/product-rules.md "Company locations"); fixed once confirmed. */
export const COMPANY_LOCATIONS = ['CN', 'HK', 'SG', 'US', 'GB'] as const;
export type CompanyLocation = (typeof COMPANY_LOCATIONS)[number];

/** Locations offered the card-issuing business by default; the server's config may narrow it. */
export const CARD_ISSUING_LOCATIONS = ['CN', 'HK', 'SG'] as const satisfies readonly CompanyLocation[];
export type CardIssuingLocation = (typeof CARD_ISSUING_LOCATIONS)[number];

/** Spec §1/§3: legal person, manager, ordinary employee, other. */
export const COMPANY_POSITIONS = ['legalPerson', 'manager', 'employee', 'other'] as const;
export type CompanyPosition = (typeof COMPANY_POSITIONS)[number];

/** Spec §3 company types, in the spec's order. */
export const COMPANY_TYPES = [
  'jointStock',
  'individualBusiness',
  'stateOwned',
  'partnership',
  'listed',
  'limitedCompany',
  'limitedLiabilityCompany',
  'soleProprietorship',
  'other',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Spec §3 industry / business-purpose categories (used by company info and the card application). */
export const INDUSTRY_CATEGORIES = [
  'advertising',
  'aviationTravel',
  'crossBorderEcommerce',
  'onOffSiteAdvertising',
  'platformTraffic',
  'marketingTools',
  'corporateBusinessTravel',
  'otaPayment',
  'logisticsWarehousing',
  'platformStoreRent',
  'trademarkRegistration',
  'overseasShopping',
  'goodsProcurement',
  'eWallet',
  'developerServices',
  'applicationServices',
] as const;
export type IndustryCategory = (typeof INDUSTRY_CATEGORIES)[number];

/** Spec §3 person documents: identity card (front and back photos) or passport (photo and signature pages). */
export const DOCUMENT_TYPES = ['idCard', 'passport'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * Nationality / region and operating country: ISO 3166-1 alpha-2 codes (all 249 assigned codes).
 * "Region" because Hong Kong, Macao and Taiwan are listed on their own, as on their documents.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ ' +
  'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ ' +
  'NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA ' +
  'RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ ' +
  'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU ' +
  'WF WS YE YT ZA ZM ZW'
).split(' ');

const COUNTRY_CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return COUNTRY_CODE_SET.has(value);
}

/** The nationality whose identity card is checked with the GB 11643 check digit. */
export const MAINLAND_CHINA = 'CN';

export { AREA_CODES } from './limits';
export type { AreaCode } from './limits';
