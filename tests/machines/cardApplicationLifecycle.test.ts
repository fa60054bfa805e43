import { describe, expect, it } from 'vitest';
import { cardApplicationLifecycleMachine } from '../../machines/cardApplicationLifecycle.machine';
import { lifecycleStateOf, lifecycleStatusOf } from '../../machines/lifecycle';
import { itEnforcesEveryPair, valueOf } from './support/lifecycleTable';

const events = [
  'applicant.saveDraft',
  'applicant.submit',
  'applicant.reapply',
  'reviewer.approve',
  'reviewer.reject',
  'reviewer.requestRevision',
] as const;

describe('card application lifecycle: every allowed and every refused change', () => {
  itEnforcesEveryPair(cardApplicationLifecycleMachine, events, {
    notStarted: { 'applicant.saveDraft': 'saved' },
    // saved ⇄ saved, then submit.
    saved: { 'applicant.saveDraft': 'saved', 'applicant.submit': 'underReview' },
    underReview: {
      'reviewer.approve': 'approved',
      'reviewer.reject': 'rejected',
      'reviewer.requestRevision': 'revisionRequested',
    },
    // Saves keep the flagged fields in view; the resubmit goes straight back to review.
    revisionRequested: { 'applicant.saveDraft': 'revisionRequested', 'applicant.submit': 'underReview' },
    // rejected → saved on re-application.
    rejected: { 'applicant.reapply': 'saved', 'applicant.saveDraft': 'saved' },
    approved: {},
  });
});

describe('card application stored statuses', () => {
  it.each([
    ['notStarted', 'not_started'],
    ['saved', 'saved'],
    ['underReview', 'under_review'],
    ['revisionRequested', 'revision_requested'],
    ['rejected', 'rejected'],
    ['approved', 'approved'],
  ])('%s is stored as %s and read back', (path, status) => {
    expect(lifecycleStatusOf(cardApplicationLifecycleMachine, valueOf(path))).toBe(status);
    expect(lifecycleStateOf(cardApplicationLifecycleMachine, status)).toEqual(valueOf(path));
  });

  it('has no state for a status it does not define', () => {
    expect(lifecycleStateOf(cardApplicationLifecycleMachine, 'submitted')).toBeNull();
  });
});
