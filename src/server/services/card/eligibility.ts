// Who may apply for the card-issuing business (spec §4, docs/product-rules.md): a company whose enterprise
// certification is completed (status 2) and whose location is in the card-issuing list. The
// certification check comes first: an uncertified company is told to finish it before anything else.
import type { CardEligibility } from '../../../contract/api/card';
import { CARD_ISSUING_LOCATIONS } from '../../../contract/options';
import { AppError } from '../../errors';

/** companies.certification_status of a completed certification. */
export const CERTIFICATION_COMPLETED = 2;

const CARD_ISSUING: ReadonlySet<string> = new Set(CARD_ISSUING_LOCATIONS);

export function cardEligibilityOf(company: {
  certificationStatus: number;
  location: string;
}): CardEligibility {
  if (company.certificationStatus !== CERTIFICATION_COMPLETED) return 'certificationRequired';
  if (!CARD_ISSUING.has(company.location)) return 'entityNotSupported';
  return 'eligible';
}

/** Refuses every change of an ineligible company (403: signed in, but not allowed this business). */
export function assertEligible(company: { certificationStatus: number; location: string }): void {
  const eligibility = cardEligibilityOf(company);
  if (eligibility !== 'eligible') throw new AppError(eligibility, 403);
}
