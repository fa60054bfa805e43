// The certification chart's selectors (issue 19 §3): the lists the views render (the wizard's
// steps, the declared beneficiaries, the authorizer's choices) are read from the chart's context.
// The branches themselves are states: certificationBranches.test.ts.
import { describe, expect, it } from 'vitest';
import {
  authorizerChoicesFor,
  declaredBeneficiaryCount,
  emptyDraft,
  stepsFor,
  type CertificationDraft,
} from '../../machines/certification.machine';

const draft = (steps: Partial<CertificationDraft>) => ({ draft: { ...emptyDraft(), ...steps } });

describe('stepsFor', () => {
  it('has the authorizer step only when it applies', () => {
    expect(stepsFor({ authorizerStepApplies: true })).toEqual([
      'selectLocationCompany',
      'completeCompanyInfo',
      'uploadEquityStructureChart',
      'uploadLegalPersonInfo',
      'uploadBeneficiaryInfo',
      'uploadAuthorizerInfo',
      'uploadOtherInfo',
    ]);
    expect(stepsFor({ authorizerStepApplies: false })).not.toContain('uploadAuthorizerInfo');
    expect(stepsFor({ authorizerStepApplies: false })).toHaveLength(6);
  });
});

describe('declared beneficiaries', () => {
  it('counts beneficiaries only under "yes" (a list typed before answering "no" does not count)', () => {
    const two = [{}, {}];
    expect(
      declaredBeneficiaryCount(
        draft({ uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries: two } }),
      ),
    ).toBe(2);
    expect(
      declaredBeneficiaryCount(
        draft({ uploadBeneficiaryInfo: { hasBeneficiaries: false, beneficiaries: two } }),
      ),
    ).toBe(0);
  });
});

describe('authorizer choices', () => {
  const withBeneficiary = { uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries: [{}] } };
  const without = { uploadBeneficiaryInfo: { hasBeneficiaries: false, beneficiaries: [{}] } };

  it('offers "same as a beneficiary" only when one was declared', () => {
    expect(authorizerChoicesFor(draft(withBeneficiary))).toEqual([
      'sameAsDirector',
      'sameAsBeneficiary',
      'none',
    ]);
    expect(authorizerChoicesFor(draft(without))).toEqual(['sameAsDirector', 'none']);
  });
});
