import { describe, expect, it } from 'vitest';
import { certificationLifecycleMachine } from '../../machines/certificationLifecycle.machine';
import {
  certificationCodesOf,
  certificationStateOf,
  certificationStatePaths,
} from '../../machines/certificationStatusCodes';
import { itEnforcesEveryPair, leafStatePaths, valueOf } from './support/lifecycleTable';

const events = [
  'applicant.saveDraft',
  'applicant.submit',
  'applicant.reapply',
  'reviewer.approve',
  'reviewer.reject',
  'reviewer.requestRevision',
] as const;

describe('certification lifecycle: every allowed and every refused change', () => {
  itEnforcesEveryPair(certificationLifecycleMachine, events, {
    // Saving a draft only in status 0 or 1+3; submit only a saved draft; no deciding a draft.
    'notCertified.noDraft': { 'applicant.saveDraft': 'notCertified.draft' },
    'notCertified.draft': {
      'applicant.saveDraft': 'notCertified.draft',
      'applicant.submit': 'underReview',
    },
    // Submit once, no edit after submit; only a reviewer moves it on.
    underReview: {
      'reviewer.approve': 'approved',
      'reviewer.reject': 'rejected',
      'reviewer.requestRevision': 'rejected',
    },
    // Re-application keeps the submitted data as the new draft.
    rejected: {
      'applicant.reapply': 'notCertified.draft',
      'applicant.saveDraft': 'notCertified.draft',
    },
    // Approving twice is impossible: approved is final.
    approved: {},
  });
});

describe('certification status and audit numbers (docs/product-rules.md Status codes)', () => {
  it('gives every state of the chart its numbers, and no number pair to a state the chart lacks', () => {
    expect([...certificationStatePaths].sort()).toEqual(leafStatePaths(certificationLifecycleMachine).sort());
  });

  it.each([
    ['notCertified.noDraft', { status: 0, audit: 0 }],
    ['notCertified.draft', { status: 0, audit: 0 }],
    ['underReview', { status: 1, audit: 1 }],
    ['rejected', { status: 1, audit: 3 }],
    ['approved', { status: 2, audit: 2 }],
  ])('%s is stored as %o', (path, codes) => {
    expect(certificationCodesOf(valueOf(path))).toEqual(codes);
  });

  it.each([
    [{ status: -1, audit: null, hasDraft: false }, 'notCertified.noDraft'],
    [{ status: 0, audit: null, hasDraft: false }, 'notCertified.noDraft'],
    [{ status: 0, audit: 0, hasDraft: true }, 'notCertified.draft'],
    [{ status: 1, audit: 1, hasDraft: false }, 'underReview'],
    [{ status: 1, audit: 3, hasDraft: true }, 'rejected'],
    [{ status: 2, audit: 2, hasDraft: false }, 'approved'],
    [{ status: 2, audit: null, hasDraft: false }, 'approved'],
  ])('%o is the state %s', (stored, path) => {
    expect(certificationStateOf(stored)).toEqual(valueOf(path));
  });

  it.each([
    { status: 1, audit: 2, hasDraft: false },
    { status: 1, audit: 0, hasDraft: false },
    { status: 1, audit: null, hasDraft: false },
    { status: 0, audit: 3, hasDraft: true },
    { status: 2, audit: 3, hasDraft: false },
    { status: 3, audit: 1, hasDraft: false },
  ])('refuses the pair %o that docs/product-rules.md does not define', (stored) => {
    expect(certificationStateOf(stored)).toBeNull();
  });

  it('round-trips every state through its numbers', () => {
    for (const path of certificationStatePaths) {
      const codes = certificationCodesOf(valueOf(path));
      expect(codes).not.toBeNull();
      const back = certificationStateOf({ ...codes!, hasDraft: path === 'notCertified.draft' });
      expect(back).toEqual(valueOf(path));
    }
  });

  it('has no numbers for a value the chart does not have', () => {
    expect(certificationCodesOf('submitted')).toBeNull();
  });
});

describe('certification lifecycle tags', () => {
  it('marks exactly the states the entry rule lets an applicant edit', () => {
    const editable = leafStatePaths(certificationLifecycleMachine).filter((path) =>
      certificationLifecycleMachine.resolveState({ value: valueOf(path) }).hasTag('applicantMayEdit'),
    );
    expect(editable.sort()).toEqual(['notCertified.draft', 'notCertified.noDraft', 'rejected']);
  });
});
