// The status vocabularies the web reads by name (issue 19 §3): the numbers of docs/product-rules.md "Status
// codes" written out here literally, so a renamed or renumbered status fails.
import { describe, expect, it } from 'vitest';
import {
  isClientErrorStatus,
  isErrorStatus,
  isServerErrorStatus,
  isSuccessStatus,
  HttpStatus,
} from '../../../src/contract/httpStatus';
import {
  AuditStatus,
  certificationCodesByState,
  certificationStandingOf,
  CertificationStatus,
} from '../../../src/contract/statuses';

describe('certification status numbers', () => {
  it('are those of docs/product-rules.md', () => {
    expect(CertificationStatus).toEqual({ missing: -1, open: 0, submitted: 1, completed: 2 });
    expect(AuditStatus).toEqual({ none: 0, underReview: 1, approved: 2, rejected: 3 });
    expect(certificationCodesByState.underReview).toEqual({ status: 1, audit: 1 });
    expect(certificationCodesByState.rejected).toEqual({ status: 1, audit: 3 });
    expect(certificationCodesByState.approved).toEqual({ status: 2, audit: 2 });
  });

  it.each([
    [-1, null, 'unknown'],
    [0, null, 'open'],
    [0, 0, 'open'],
    [1, 1, 'underReview'],
    [1, null, 'underReview'],
    [1, 3, 'rejected'],
    [2, 2, 'approved'],
    [2, null, 'approved'],
    [3, null, 'unknown'],
  ] as const)('status %s, audit %s → %s', (status, audit, standing) => {
    expect(certificationStandingOf(status, audit)).toBe(standing);
  });
});

describe('HTTP statuses', () => {
  it('names and classes', () => {
    expect(HttpStatus).toEqual({ forbidden: 403, conflict: 409 });
    expect([199, 200, 299, 300].map(isSuccessStatus)).toEqual([false, true, true, false]);
    expect([399, 400, 499, 500].map(isClientErrorStatus)).toEqual([false, true, true, false]);
    expect([499, 500, 599].map(isServerErrorStatus)).toEqual([false, true, true]);
    expect([399, 400, 500].map(isErrorStatus)).toEqual([false, true, true]);
  });
});
