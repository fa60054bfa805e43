// The industry categories of spec §3 (src/contract/options.ts), labelled in the user's language: one
// list for the company's industry in the certification and the card application's business purpose.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IndustryCategory } from '../../../contract/options';

export const INDUSTRY_LABELS: Record<IndustryCategory, MessageDescriptor> = {
  advertising: msg`Advertising`,
  aviationTravel: msg`Aviation travel`,
  crossBorderEcommerce: msg`Cross-border e-commerce`,
  onOffSiteAdvertising: msg`On/off-site advertising`,
  platformTraffic: msg`Platform traffic`,
  marketingTools: msg`Marketing tools`,
  corporateBusinessTravel: msg`Corporate business travel`,
  otaPayment: msg`OTA payment`,
  logisticsWarehousing: msg`Logistics and warehousing`,
  platformStoreRent: msg`Platform store rent`,
  trademarkRegistration: msg`Trademark registration`,
  overseasShopping: msg`Overseas shopping`,
  goodsProcurement: msg`Goods procurement`,
  eWallet: msg`E-wallet`,
  developerServices: msg`Developer services`,
  applicationServices: msg`Application services`,
};
