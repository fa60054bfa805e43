// Reading chart values as stored numbers (machines/certificationStatusCodes.ts; docs/product-rules.md "Status
// codes"): the certification lifecycle has no parallel regions, so a value with two regions, or none,
// is not one of its states and is refused loudly rather than stored under a guessed path.
import { describe, expect, it } from 'vitest';
import { certificationCodesOf, certificationStateOf } from '../../machines/certificationStatusCodes';

describe('certification status codes of chart values', () => {
  it('refuses a value with two regions, naming it', () => {
    expect(() => certificationCodesOf({ notCertified: 'draft', underReview: 'x' })).toThrow(
      'certification lifecycle has no parallel states: {"notCertified":"draft","underReview":"x"}',
    );
  });

  it('refuses a value with no region at all', () => {
    expect(() => certificationCodesOf({})).toThrow('certification lifecycle has no parallel states: {}');
  });

  it('reads a nested value as its dotted path, and has no numbers for a path the chart lacks', () => {
    expect(certificationCodesOf({ notCertified: 'draft' })).toEqual({ status: 0, audit: 0 });
    expect(certificationCodesOf({ notCertified: { draft: 'editing' } })).toBeNull();
    expect(certificationCodesOf({ underReview: 'draft' })).toBeNull();
  });

  it('a company that has not started opens on the draft it may already have', () => {
    expect(certificationStateOf({ status: -1, audit: null, hasDraft: true })).toEqual({
      notCertified: 'draft',
    });
    expect(certificationStateOf({ status: 0, audit: 0, hasDraft: false })).toEqual({
      notCertified: 'noDraft',
    });
    expect(certificationStateOf({ status: -1, audit: 1, hasDraft: false })).toEqual({
      notCertified: 'noDraft',
    });
  });
});
