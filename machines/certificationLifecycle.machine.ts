// Enterprise certification (KYB) as the server stores it: spec §4 and docs/product-rules.md "Status codes".
// Pure: the server asks this chart whether a requested change exists (machines/lifecycle.ts), the
// web app asks the same chart what to offer. Status/audit numbers: machines/certificationStatusCodes.ts.
import { setup } from 'xstate';
import type { StateMeta } from './stateMeta';

export type CertificationLifecycleEvent =
  | { type: 'applicant.saveDraft' }
  | { type: 'applicant.submit' }
  | { type: 'applicant.reapply' }
  | { type: 'reviewer.approve' }
  | { type: 'reviewer.reject' }
  | { type: 'reviewer.requestRevision' };

/** applicantMayEdit: the entry rule of /enterpriseCertification (status 0, or 1 with audit 3). */
export type CertificationLifecycleTag = 'applicantMayEdit' | 'awaitingReviewer' | 'certified';

// Stryker disable next-line ObjectLiteral: equivalent, setup holds only compile-time types here
export const certificationLifecycleMachine = setup({
  types: {} as {
    events: CertificationLifecycleEvent;
    tags: CertificationLifecycleTag;
    meta: StateMeta;
  },
}).createMachine({
  id: 'certificationLifecycle',
  initial: 'notCertified',
  states: {
    notCertified: {
      meta: {
        spec: 'portal-spec.md §4 Enterprise certification; docs/product-rules.md Status codes: status 0',
      },
      tags: ['applicantMayEdit'],
      initial: 'noDraft',
      // Progress is saved per wizard step, so saving again while a draft exists is an ordinary change.
      on: { 'applicant.saveDraft': '.draft' },
      states: {
        noDraft: {
          meta: {
            spec: 'addition: docs/product-rules.md Status codes: status 0 without a draft (gateway: not certified)',
          },
        },
        draft: {
          meta: {
            spec: 'addition: docs/product-rules.md Status codes: status 0 with a saved draft (gateway: certification incomplete, continue)',
          },
          // Only a saved draft can be submitted: there is nothing to review before one exists.
          on: { 'applicant.submit': '#certificationLifecycle.underReview' },
        },
      },
    },
    underReview: {
      meta: {
        spec: 'portal-spec.md §4 Enterprise certification; docs/product-rules.md Status codes: status 1, audit 1 (under review)',
      },
      tags: ['awaitingReviewer'],
      on: {
        'reviewer.approve': 'approved',
        'reviewer.reject': 'rejected',
        // A revision request is a failed review that names the fields to fix: same status 1/3.
        'reviewer.requestRevision': 'rejected',
      },
    },
    rejected: {
      meta: {
        spec: 'portal-spec.md §4 Enterprise certification (audit status 3 means rejected); docs/product-rules.md Status codes: status 1, audit 3',
      },
      tags: ['applicantMayEdit'],
      on: {
        // Re-application keeps the submitted data as the new draft (docs/product-rules.md); saving an edit
        // from the failed state is the same re-application, so both land in the draft.
        'applicant.reapply': '#certificationLifecycle.notCertified.draft',
        'applicant.saveDraft': '#certificationLifecycle.notCertified.draft',
      },
    },
    approved: {
      meta: {
        spec: 'portal-spec.md §4 Enterprise certification: code 2 means completed; docs/product-rules.md Status codes: status 2, audit 2',
      },
      tags: ['certified'],
      type: 'final',
    },
  },
});
