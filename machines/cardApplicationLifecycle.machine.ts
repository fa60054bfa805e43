// Card business application as the server stores it: spec §4 and DECISIONS.md ("not_started → saved
// ⇄ saved → under_review → rejected (reason) | approved; rejected → saved on re-application").
// `meta.status` is the value stored per state (lifecycleStatusOf / lifecycleStateOf in ./lifecycle).
// That it needs certification status 2 is a precondition the server checks before asking this chart.
import { setup } from 'xstate';
import type { CardApplicationStatus } from '../src/contract/statuses';
import type { StateMeta } from './stateMeta';

// The stored statuses are the contract's vocabulary (src/contract/statuses.ts); re-exported for the
// server code that already names them from here.
export type { CardApplicationStatus } from '../src/contract/statuses';

export type CardApplicationLifecycleEvent =
  | { type: 'applicant.saveDraft' }
  | { type: 'applicant.submit' }
  | { type: 'applicant.reapply' }
  | { type: 'reviewer.approve' }
  | { type: 'reviewer.reject' };
// No revision request for cards: spec §4 lists not started, saved, under review, rejected (with the
// reason), approved; a reviewer rejects with a reason and the applicant re-applies.

export type CardApplicationLifecycleTag = 'applicantMayEdit' | 'awaitingReviewer';

export const cardApplicationLifecycleMachine = setup({
  types: {} as {
    events: CardApplicationLifecycleEvent;
    tags: CardApplicationLifecycleTag;
    meta: StateMeta & { status: CardApplicationStatus };
  },
}).createMachine({
  id: 'cardApplicationLifecycle',
  initial: 'notStarted',
  states: {
    notStarted: {
      meta: { spec: 'portal-spec.md §4 Card business application: not started', status: 'not_started' },
      tags: ['applicantMayEdit'],
      on: { 'applicant.saveDraft': 'saved' },
    },
    saved: {
      meta: { spec: 'portal-spec.md §4 Card business application: saved (temporary save)', status: 'saved' },
      tags: ['applicantMayEdit'],
      on: {
        // saved ⇄ saved: every temporary save is a change the server accepts.
        'applicant.saveDraft': 'saved',
        'applicant.submit': 'underReview',
      },
    },
    underReview: {
      meta: { spec: 'portal-spec.md §4 Card business application: under review', status: 'under_review' },
      tags: ['awaitingReviewer'],
      on: {
        'reviewer.approve': 'approved',
        'reviewer.reject': 'rejected',
      },
    },
    rejected: {
      meta: {
        spec: 'portal-spec.md §4 Card business application: rejected (with reason shown)',
        status: 'rejected',
      },
      tags: ['applicantMayEdit'],
      on: {
        // Re-application: DECISIONS.md "rejected → saved"; a save from here is that re-application.
        'applicant.reapply': 'saved',
        'applicant.saveDraft': 'saved',
      },
    },
    approved: {
      meta: { spec: 'portal-spec.md §4 Card business application: approved', status: 'approved' },
      type: 'final',
    },
  },
});
