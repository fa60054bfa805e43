// The certification wizard's branches as states (issue 19 §3): step 5's yes/no answer and what
// step 6 shows follow the draft edits the wizard forwards, through named guards; the views read the
// tags. Also checked through the wizard itself: its edits reach the child.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { certificationMachine, emptyDraft, type WizardView } from '../../machines/certification.machine';
import {
  certificationBranchesMachine,
  type CertificationBranchesInput,
} from '../../machines/certificationBranches.machine';

function start(input: Partial<CertificationBranchesInput> = {}) {
  return createActor(certificationBranchesMachine, {
    input: { draft: {}, authorizerStepApplies: true, ...input },
  }).start();
}

const beneficiaries = (values: Record<string, unknown>) =>
  ({ type: 'draft.changed', step: 'uploadBeneficiaryInfo', values }) as const;
const choose = (choice: string) =>
  ({ type: 'draft.changed', step: 'uploadAuthorizerInfo', values: { choice } }) as const;

describe('certification branches chart', () => {
  it('step 5: unanswered, then yes, then no, then unanswered again', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toMatchObject({ beneficiary: 'unanswered' });
    actor.send(beneficiaries({ hasBeneficiaries: true, beneficiaries: [{}] }));
    expect(actor.getSnapshot().hasTag('beneficiaries')).toBe(true);
    actor.send(beneficiaries({ hasBeneficiaries: false }));
    expect(actor.getSnapshot().hasTag('seniorManagingOfficial')).toBe(true);
    expect(actor.getSnapshot().hasTag('beneficiaries')).toBe(false);
    actor.send(beneficiaries({ hasBeneficiaries: null }));
    expect(actor.getSnapshot().value).toMatchObject({ beneficiary: 'unanswered' });
  });

  it('opens on the branch of a resumed draft', () => {
    const actor = start({ draft: { uploadBeneficiaryInfo: { hasBeneficiaries: false } } });
    expect(actor.getSnapshot().hasTag('seniorManagingOfficial')).toBe(true);
  });

  it('step 6 is hidden when the account holder is the legal person', () => {
    const actor = start({ authorizerStepApplies: false });
    expect(actor.getSnapshot().value).toMatchObject({ authorizer: 'hidden' });
    expect(actor.getSnapshot().hasTag('authorizerStep')).toBe(false);
    actor.send(choose('none'));
    expect(actor.getSnapshot().hasTag('authorizerOwnPerson')).toBe(false);
  });

  it('step 6 asks for what the choice needs', () => {
    const actor = start({
      draft: { uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries: [{}] } },
    });
    expect(actor.getSnapshot().value).toMatchObject({ authorizer: { shown: 'unchosen' } });
    expect(actor.getSnapshot().hasTag('authorizerStep')).toBe(true);
    actor.send(choose('sameAsDirector'));
    expect(actor.getSnapshot().hasTag('authorizerSameAsDirector')).toBe(true);
    actor.send(choose('sameAsBeneficiary'));
    expect(actor.getSnapshot().hasTag('authorizerWhichBeneficiary')).toBe(true);
    actor.send(choose('none'));
    expect(actor.getSnapshot().hasTag('authorizerOwnPerson')).toBe(true);
    actor.send(choose(''));
    expect(actor.getSnapshot().value).toMatchObject({ authorizer: { shown: 'unchosen' } });
  });

  it('"same as a beneficiary" stops asking which one when step 5 no longer declares one', () => {
    const actor = start({
      draft: { uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries: [{}] } },
    });
    actor.send(choose('sameAsBeneficiary'));
    expect(actor.getSnapshot().hasTag('authorizerWhichBeneficiary')).toBe(true);
    actor.send(beneficiaries({ hasBeneficiaries: false, beneficiaries: [{}] }));
    expect(actor.getSnapshot().value).toMatchObject({ authorizer: { shown: 'unchosen' } });
    actor.send(beneficiaries({ hasBeneficiaries: true, beneficiaries: [] }));
    expect(actor.getSnapshot().value).toMatchObject({ authorizer: { shown: 'unchosen' } });
    actor.send(beneficiaries({ hasBeneficiaries: true, beneficiaries: [{}, {}] }));
    expect(actor.getSnapshot().hasTag('authorizerWhichBeneficiary')).toBe(true);
  });

  it('the wizard forwards its edits to the branches chart', async () => {
    const view = {
      location: 'HK',
      draft: emptyDraft(),
      currentStep: 'uploadBeneficiaryInfo',
      authorizerStepApplies: true,
      review: null,
    };
    const wizard = createActor(
      certificationMachine.provide({
        actors: { 'load application': fromPromise<WizardView, void>(async () => view as WizardView) },
        actions: { 'show place': () => undefined, 'mark submitted': () => undefined } as never,
      }),
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const branches = () => wizard.getSnapshot().children['branches'] as AnyActorRef | undefined;
    expect(branches()).toBeDefined();
    wizard.send({
      type: 'user.edit',
      step: 'uploadBeneficiaryInfo',
      values: { hasBeneficiaries: true, beneficiaries: [{}] },
    });
    expect(branches()!.getSnapshot().hasTag('beneficiaries')).toBe(true);
    wizard.stop();
  });
});
