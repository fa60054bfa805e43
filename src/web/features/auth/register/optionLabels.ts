// Labels of the registration choices (values from src/contract/options.ts).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CompanyLocation, CompanyPosition } from '../../../../contract/options';

export const LOCATION_LABELS: Record<CompanyLocation, MessageDescriptor> = {
  CN: msg`Mainland China`,
  HK: msg`Hong Kong, China`,
  SG: msg`Singapore`,
  US: msg`United States`,
  GB: msg`United Kingdom`,
};

export const POSITION_LABELS: Record<CompanyPosition, MessageDescriptor> = {
  legalPerson: msg`Legal person`,
  manager: msg`Manager`,
  employee: msg`Ordinary employee`,
  other: msg`Other`,
};
