// The words for what a document reads (issue 30): a read field's name and a self-check's, in the
// reader's language. Shared by the applicant's hint and the reviewer's marks, findings and outlines.
import { useLingui } from '@lingui/react/macro';
import type { SelfCheck, SelfCheckName } from '../../../contract/documents/checks';
import type { ReadFieldName } from '../../../contract/documents/reading';

export function useFieldLabel(): (field: ReadFieldName) => string {
  const { t } = useLingui();
  return (field) => {
    switch (field) {
      case 'idNumber':
        return t`ID number`;
      case 'name':
        return t`Name in Chinese`;
      case 'number':
        return t`Passport number`;
      case 'printedNumber':
        return t`Printed passport number`;
      case 'surname':
        return t`Surname in English`;
      case 'givenNames':
        return t`Given names in English`;
      case 'uscc':
        return t`Unified social credit code`;
      case 'companyName':
        return t`Company name in Chinese`;
      case 'establishmentDate':
        return t`Establishment date`;
      case 'address':
        return t`Registered address in Chinese`;
      case 'birthDate':
        return t`Date of birth`;
      case 'validTo':
      case 'expiryDate':
        return t`Valid until`;
      case 'mrz':
        return t`Machine-readable zone`;
      default:
        return field;
    }
  };
}

export function useSelfCheckLabel(): (name: SelfCheckName) => string {
  const { t } = useLingui();
  return (name) => {
    switch (name) {
      case 'idNumberCheckDigit':
        return t`ID number check digit`;
      case 'idNumberBirthDate':
        return t`Birth date in the ID number matches the printed one`;
      case 'mrzCheckDigits':
        return t`MRZ check digits`;
      case 'mrzPrintedNumber':
        return t`MRZ number matches the printed number`;
      case 'usccCheckDigit':
        return t`USCC check character`;
      case 'expired':
        return t`Not expired`;
    }
  };
}

export function useCheckOutcomeLabel(): (outcome: SelfCheck['outcome']) => string {
  const { t } = useLingui();
  return (outcome) => {
    switch (outcome) {
      case 'pass':
        return t`holds`;
      case 'fail':
        return t`fails`;
      case 'unreadable':
        return t`could not be read`;
    }
  };
}
