// The certification chart's selectors (issue 19 §3): the wizard's steps, the beneficiary yes/no
// branch and the authorizer's choices and branch are read from the chart's context by the views,
// which decide none of them.
import { describe, expect, it } from 'vitest';
import {
  authorizerBranchOf,
  authorizerChoicesFor,
  beneficiaryBranchOf,
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

describe('beneficiary branch', () => {
  it('follows the answer the chart holds', () => {
    expect(beneficiaryBranchOf(draft({}))).toBe('unanswered');
    expect(beneficiaryBranchOf(draft({ uploadBeneficiaryInfo: { hasBeneficiaries: null } }))).toBe(
      'unanswered',
    );
    expect(beneficiaryBranchOf(draft({ uploadBeneficiaryInfo: { hasBeneficiaries: true } }))).toBe(
      'beneficiaries',
    );
    expect(beneficiaryBranchOf(draft({ uploadBeneficiaryInfo: { hasBeneficiaries: false } }))).toBe(
      'seniorManagingOfficial',
    );
  });

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

describe('authorizer choices and branch', () => {
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

  it('asks for what the choice needs', () => {
    const choose = (choice: string, steps: Partial<CertificationDraft> = withBeneficiary) =>
      authorizerBranchOf(draft({ ...steps, uploadAuthorizerInfo: { choice } }));
    expect(authorizerBranchOf(draft({}))).toBe('unchosen');
    expect(choose('sameAsDirector')).toBe('sameAsDirector');
    expect(choose('sameAsBeneficiary')).toBe('whichBeneficiary');
    expect(choose('none')).toBe('ownPerson');
    // Step 5 changed to "no" after this choice: there is no beneficiary to pick, so nothing is chosen.
    expect(choose('sameAsBeneficiary', without)).toBe('unchosen');
  });
});
