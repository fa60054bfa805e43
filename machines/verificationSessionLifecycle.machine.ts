// One QR verification session (desktop hand-off to a phone) as the server stores it: spec §4
// "Identity QR verification", §9, docs/product-rules.md "QR verification", issue 6 §1:
// created → scanned → verifying → verified | failed | cancelled | expired; issue 16 §3 adds the
// outcomes of a real face check: referred to review (a reviewer then confirms or rejects it) and
// failed with no attempt left (the desktop shows why and offers a new code). The service picks
// between provider.failed and provider.failedLastAttempt by counting attempts (Limits.face).
// The 10-minute validity counts from the scan, so the states that live under it share one parent
// (`scanned`) whose named delay expires them all. `meta.status` is the stored value per state.
import { setup } from 'xstate';
import { Limits } from '../src/contract/limits';
import type { StateMeta } from './stateMeta';

export type VerificationSessionLifecycleEvent =
  | { type: 'phone.scan' }
  | { type: 'phone.startVerification' }
  | { type: 'phone.retry' }
  | { type: 'phone.cancel' }
  | { type: 'provider.verified' }
  | { type: 'provider.failed' }
  | { type: 'provider.failedLastAttempt' }
  | { type: 'provider.referred' }
  | { type: 'provider.busy' }
  | { type: 'reviewer.confirm' }
  | { type: 'reviewer.reject' }
  | { type: 'desktop.regenerate' }
  | { type: 'desktop.close' };

export type VerificationSessionStatus =
  | 'created'
  | 'scanned'
  | 'verifying'
  | 'verified'
  | 'failed'
  | 'referred'
  | 'failedFinal'
  | 'cancelled'
  | 'expired';

/** desktopMayClose: the desktop dialog can be closed (not while the phone is verifying). */
export type VerificationSessionLifecycleTag = 'desktopMayClose' | 'usable';

export const verificationSessionLifecycleMachine = setup({
  types: {} as {
    events: VerificationSessionLifecycleEvent;
    tags: VerificationSessionLifecycleTag;
    meta: StateMeta;
  },
  delays: {
    qrRegenerateAfter: Limits.qr.regenerateAfterMs,
    qrValidAfterScan: Limits.qr.validAfterScanMs,
  },
}).createMachine({
  id: 'verificationSessionLifecycle',
  initial: 'created',
  states: {
    created: {
      meta: {
        spec: 'portal-spec.md §4 Identity QR verification: code shown, not scanned',
        status: 'created',
      },
      tags: ['desktopMayClose', 'usable'],
      initial: 'fresh',
      on: {
        // A token works once: the first scan moves the session on, a second scan finds no transition.
        'phone.scan': 'scanned',
        'desktop.close': 'cancelled',
      },
      states: {
        fresh: {
          meta: { spec: 'portal-spec.md §4 / §9 QR regenerate after 120 seconds: not yet' },
          after: { qrRegenerateAfter: 'renewable' },
        },
        renewable: {
          meta: { spec: 'portal-spec.md §4 / §9 QR regenerate after 120 seconds: allowed now' },
          // Regenerating voids this session; the desktop shows the code of a new one.
          on: { 'desktop.regenerate': '#verificationSessionLifecycle.cancelled' },
        },
      },
    },
    scanned: {
      meta: {
        spec: 'portal-spec.md §4 Identity QR verification: valid 10 minutes after scan (docs/product-rules.md QR verification)',
      },
      initial: 'opened',
      after: { qrValidAfterScan: 'expired' },
      on: {
        // Cancelling on the phone voids the scan: the desktop must show a new code before submit.
        'phone.cancel': 'cancelled',
      },
      states: {
        opened: {
          meta: {
            spec: 'portal-spec.md §2 /identityVerification home, termsAndPrivacy: the phone opened the link (home, consent)',
            status: 'scanned',
          },
          tags: ['desktopMayClose', 'usable'],
          on: {
            'phone.startVerification': 'verifying',
            'desktop.close': '#verificationSessionLifecycle.cancelled',
          },
        },
        verifying: {
          meta: {
            spec: 'portal-spec.md §4 Identity QR verification: while verifying, the dialog must not be closed',
            status: 'verifying',
          },
          tags: ['usable'],
          on: {
            'provider.verified': '#verificationSessionLifecycle.verified',
            'provider.referred': '#verificationSessionLifecycle.referred',
            'provider.failed': 'failed',
            'provider.failedLastAttempt': '#verificationSessionLifecycle.failedFinal',
            // A full engine pool decided nothing: the phone may send the frames again, no attempt spent.
            'provider.busy': 'opened',
          },
        },
        failed: {
          meta: {
            spec: 'portal-spec.md §4 Identity QR verification: unverified (no match, no liveness, a quality reason), attempts left for this scan (docs/decisions/small-decisions.md "QR verification: a failed face capture")',
            status: 'failed',
          },
          tags: ['desktopMayClose', 'usable'],
          on: {
            // A retry stays inside the same scan, so the 10 minutes keep counting from the scan.
            'phone.retry': 'verifying',
            'desktop.close': '#verificationSessionLifecycle.cancelled',
          },
        },
      },
    },
    verified: {
      meta: {
        spec: 'portal-spec.md §4 Identity QR verification: verified (match and liveness, or a reviewer confirmed)',
        status: 'verified',
      },
      type: 'final',
    },
    referred: {
      meta: {
        spec: 'addition: referred to review (grey band, no usable ID face, no reference, file fallback) — docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention"',
        status: 'referred',
      },
      // Certification may be submitted with it; a reviewer decides it with a written reason (§5).
      tags: ['desktopMayClose'],
      on: {
        'reviewer.confirm': 'verified',
        'reviewer.reject': 'failedFinal',
      },
    },
    failedFinal: {
      meta: {
        spec: 'addition: failed with no attempt left for this scan: the desktop shows why, a new code is needed — docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention"',
        status: 'failedFinal',
      },
      type: 'final',
    },
    cancelled: {
      meta: {
        spec: 'portal-spec.md §4 Identity QR verification: cancelling requires a re-scan before submit',
        status: 'cancelled',
      },
      type: 'final',
    },
    expired: {
      meta: {
        spec: 'portal-spec.md §4 / §9 QR verification within 10 minutes of the scan',
        status: 'expired',
      },
      type: 'final',
    },
  },
});
