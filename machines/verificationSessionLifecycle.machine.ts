// One QR verification session (desktop hand-off to a phone) as the server stores it: spec §4
// "Identity QR verification", §9, DECISIONS.md "QR verification", issue 6 §1:
// created → scanned → verifying → verified | failed | cancelled | expired.
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
  | { type: 'desktop.regenerate' }
  | { type: 'desktop.close' };

export type VerificationSessionStatus =
  'created' | 'scanned' | 'verifying' | 'verified' | 'failed' | 'cancelled' | 'expired';

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
      meta: { spec: '§4 Identity QR verification: code shown, not scanned', status: 'created' },
      tags: ['desktopMayClose', 'usable'],
      initial: 'fresh',
      on: {
        // A token works once: the first scan moves the session on, a second scan finds no transition.
        'phone.scan': 'scanned',
        'desktop.close': 'cancelled',
      },
      states: {
        fresh: {
          meta: { spec: '§4 / §9 QR regenerate after 120 seconds: not yet' },
          after: { qrRegenerateAfter: 'renewable' },
        },
        renewable: {
          meta: { spec: '§4 / §9 QR regenerate after 120 seconds: allowed now' },
          // Regenerating voids this session; the desktop shows the code of a new one.
          on: { 'desktop.regenerate': '#verificationSessionLifecycle.cancelled' },
        },
      },
    },
    scanned: {
      meta: {
        spec: '§4 Identity QR verification: valid 10 minutes after scan (DECISIONS.md QR verification)',
      },
      initial: 'opened',
      after: { qrValidAfterScan: 'expired' },
      on: {
        // Cancelling on the phone voids the scan: the desktop must show a new code before submit.
        'phone.cancel': 'cancelled',
      },
      states: {
        opened: {
          meta: { spec: 'Issue 6 §3: the phone opened the link (home, consent)', status: 'scanned' },
          tags: ['desktopMayClose', 'usable'],
          on: {
            'phone.startVerification': 'verifying',
            'desktop.close': '#verificationSessionLifecycle.cancelled',
          },
        },
        verifying: {
          meta: {
            spec: '§4 Identity QR verification: while verifying, the dialog must not be closed',
            status: 'verifying',
          },
          tags: ['usable'],
          on: {
            'provider.verified': '#verificationSessionLifecycle.verified',
            'provider.failed': 'failed',
          },
        },
        failed: {
          meta: { spec: 'Issue 6 §3: verification result failed, with a retry', status: 'failed' },
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
      meta: { spec: '§4 Identity QR verification: verified', status: 'verified' },
      type: 'final',
    },
    cancelled: {
      meta: {
        spec: '§4 Identity QR verification: cancelling requires a re-scan before submit',
        status: 'cancelled',
      },
      type: 'final',
    },
    expired: {
      meta: { spec: '§4 / §9 QR verification within 10 minutes of the scan', status: 'expired' },
      type: 'final',
    },
  },
});
