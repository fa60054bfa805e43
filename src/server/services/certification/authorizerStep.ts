// docs/product-rules.md "Authorizer step": the legal person signs for the company themselves; any other
// account holder names who authorises them. In the step they declare being the director or a
// beneficiary (which ends the step) or give the full authorizer ("none of these").
import type { CompanyPosition } from '../../../contract/options';

const SIGNS_FOR_ITSELF: CompanyPosition = 'legalPerson';

export function authorizerStepApplies(position: string | null): boolean {
  return position !== SIGNS_FOR_ITSELF;
}
