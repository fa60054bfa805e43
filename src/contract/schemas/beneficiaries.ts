// Beneficiary info (spec §2/§5, docs/product-rules.md "Beneficiaries"): does anyone hold 25 % or more?
// Yes → every such person, each at least 25 %, all shareholdings together at most 100 %.
// No → the senior managing official instead (the usual KYB rule), who then holds less than 25 %.
import { z } from 'zod';
import { Limits } from '../limits';
import { formObject } from './fields';
import { id } from './messageIds';
import { buildPersonSchema, isShareholdingRatio, shareholdingRatioField } from './person';

const { thresholdPercent, totalMaxPercent } = Limits.beneficiary;

export const beneficiarySchema = buildPersonSchema(
  shareholdingRatioField.refine(
    (v) => !isShareholdingRatio(v) || v >= thresholdPercent,
    id('beneficiary.threshold'),
  ),
);

export const seniorManagingOfficialSchema = buildPersonSchema(
  shareholdingRatioField.refine(
    (v) => !isShareholdingRatio(v) || v < thresholdPercent,
    id('beneficiary.seniorOfficialRatio'),
  ),
);

/** Whole hundredths, so 33.33 + 33.33 + 33.34 is exactly 100. */
function toHundredths(percent: number): number {
  return Math.round(percent * 100);
}

function ratiosOf(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ratios = value.map((item: unknown) =>
    typeof item === 'object' && item !== null
      ? (item as { shareholdingRatio?: unknown }).shareholdingRatio
      : undefined,
  );
  // Number.isFinite is false for anything that is not a number: no typeof check needed.
  return ratios.every((r): r is number => Number.isFinite(r)) ? ratios : undefined;
}

const beneficiaryListSchema = z
  .array(beneficiarySchema, id('beneficiary.required'))
  .min(1, id('beneficiary.required'))
  .refine(
    (list) => {
      const total = list.reduce((sum, person) => sum + toHundredths(person.shareholdingRatio), 0);
      return total <= toHundredths(totalMaxPercent);
    },
    {
      error: 'beneficiary.total',
      // The total is known once every ratio is a number, even while other fields are unfinished.
      when: (payload) => (ratiosOf(payload.value)?.length ?? 0) > 0,
    },
  );

export const beneficiariesSchema = z.discriminatedUnion(
  'hasBeneficiaries',
  [
    formObject({ hasBeneficiaries: z.literal(true), beneficiaries: beneficiaryListSchema }),
    formObject({ hasBeneficiaries: z.literal(false), seniorManagingOfficial: seniorManagingOfficialSchema }),
  ],
  id('field.select'),
);

export type BeneficiariesForm = z.infer<typeof beneficiariesSchema>;
