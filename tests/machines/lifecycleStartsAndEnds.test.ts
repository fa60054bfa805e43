// Where each server-side lifecycle starts and where it ends (issue 19 §2: mutants of a chart's
// `initial`, `type: 'final'` and the verification session's `desktopMayClose` tag survived). A new
// record is stored in the initial state's status; a final state admits no further change; the
// desktop's QR dialog may close only where the tag (or a final state) says so
// (src/server/services/verification/views.ts).
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, type AnyStateMachine, type StateValue } from 'xstate';
import { accountActivationLifecycleMachine } from '../../machines/accountActivationLifecycle.machine';
import { approvalLifecycleMachine } from '../../machines/approvalLifecycle.machine';
import { cardApplicationLifecycleMachine } from '../../machines/cardApplicationLifecycle.machine';
import { certificationLifecycleMachine } from '../../machines/certificationLifecycle.machine';
import { verificationSessionLifecycleMachine } from '../../machines/verificationSessionLifecycle.machine';

function at(machine: AnyStateMachine, value: StateValue) {
  return machine.resolveState({ value, context: {} });
}

describe('server lifecycles: where they start and where they end', () => {
  it('start where a new record starts', () => {
    expect(getInitialSnapshot(certificationLifecycleMachine).value).toEqual({ notCertified: 'noDraft' });
    expect(getInitialSnapshot(accountActivationLifecycleMachine).value).toEqual({ registered: 'linkValid' });
    expect(getInitialSnapshot(verificationSessionLifecycleMachine).value).toEqual({ created: 'fresh' });
    expect(getInitialSnapshot(approvalLifecycleMachine).value).toBe('awaitingProposal');
    expect(getInitialSnapshot(cardApplicationLifecycleMachine).value).toBe('notStarted');
  });

  it('end in their final states and nowhere else', () => {
    const finals: Array<[AnyStateMachine, StateValue]> = [
      [certificationLifecycleMachine, 'approved'],
      // Spec §4: an approved card application is the end (the gateway opens the card system).
      [cardApplicationLifecycleMachine, 'approved'],
      [accountActivationLifecycleMachine, 'activated'],
      [approvalLifecycleMachine, 'approved'],
      [verificationSessionLifecycleMachine, 'verified'],
      [verificationSessionLifecycleMachine, 'failedFinal'],
      [verificationSessionLifecycleMachine, 'cancelled'],
      [verificationSessionLifecycleMachine, 'expired'],
    ];
    for (const [machine, value] of finals)
      expect(at(machine, value).status, `${machine.id} ${JSON.stringify(value)}`).toBe('done');
    const open: Array<[AnyStateMachine, StateValue]> = [
      [certificationLifecycleMachine, 'underReview'],
      [verificationSessionLifecycleMachine, 'referred'],
      [approvalLifecycleMachine, 'proposed'],
      // docs/product-rules.md: rejected → saved on re-application.
      [cardApplicationLifecycleMachine, 'rejected'],
    ];
    for (const [machine, value] of open)
      expect(at(machine, value).status, `${machine.id} ${JSON.stringify(value)}`).toBe('active');
  });

  it('let the desktop close its QR dialog everywhere but while the phone is verifying', () => {
    const mayClose = (value: StateValue) =>
      at(verificationSessionLifecycleMachine, value).hasTag('desktopMayClose');
    expect(mayClose({ created: 'fresh' })).toBe(true);
    expect(mayClose({ scanned: 'opened' })).toBe(true);
    expect(mayClose({ scanned: 'failed' })).toBe(true);
    expect(mayClose('referred')).toBe(true);
    expect(mayClose({ scanned: 'verifying' })).toBe(false);
  });
});
