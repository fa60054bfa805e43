// The certification wizard's branch chart, every move between its states (issue 19 §3; spec §2
// "Beneficiary info"; docs/product-rules.md "Beneficiaries", "Authorizer step"): from each step-6 form to every
// other choice, step 5's answer both ways, edits of other steps changing nothing, and a resumed
// draft opening on its own choice.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  certificationBranchesMachine,
  type CertificationBranchesInput,
  type CertificationBranchTag,
} from '../../machines/certificationBranches.machine';

const declaredOne = { uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries: [{}] } };

function start(input: Partial<CertificationBranchesInput> = {}) {
  return createActor(certificationBranchesMachine, {
    input: { draft: declaredOne, authorizerStepApplies: true, ...input },
  }).start();
}

type Actor = ReturnType<typeof start>;

const choose = (actor: Actor, choice: unknown) =>
  actor.send({ type: 'draft.changed', step: 'uploadAuthorizerInfo', values: { choice } });
const answer = (actor: Actor, values: Record<string, unknown>) =>
  actor.send({ type: 'draft.changed', step: 'uploadBeneficiaryInfo', values });

const authorizerForm = (actor: Actor) =>
  (actor.getSnapshot().value as { authorizer: { shown?: string } | string }).authorizer;
const beneficiaryState = (actor: Actor) => (actor.getSnapshot().value as { beneficiary: string }).beneficiary;

/** The step-6 form each choice asks for while step 5 declares a beneficiary. */
const formOf: Record<string, string> = {
  sameAsDirector: 'sameAsDirector',
  sameAsBeneficiary: 'whichBeneficiary',
  none: 'ownPerson',
  '': 'unchosen',
};

const tagOf: Record<string, CertificationBranchTag | null> = {
  sameAsDirector: 'authorizerSameAsDirector',
  whichBeneficiary: 'authorizerWhichBeneficiary',
  ownPerson: 'authorizerOwnPerson',
  unchosen: null,
};

const ALL_FORM_TAGS: CertificationBranchTag[] = [
  'authorizerSameAsDirector',
  'authorizerWhichBeneficiary',
  'authorizerOwnPerson',
];

describe('certification branches: step 6', () => {
  const moves = Object.keys(formOf).flatMap((from) =>
    Object.keys(formOf)
      .filter((to) => to !== from)
      .map((to) => [from, to] as const),
  );

  it.each(moves)('from the choice %j to %j', (from, to) => {
    const actor = start();
    choose(actor, from);
    expect(authorizerForm(actor)).toEqual({ shown: formOf[from] });
    choose(actor, to);
    expect(authorizerForm(actor)).toEqual({ shown: formOf[to] });
    const tag = tagOf[formOf[to]!];
    for (const other of ALL_FORM_TAGS) expect(actor.getSnapshot().hasTag(other)).toBe(other === tag);
    expect(actor.getSnapshot().hasTag('authorizerStep')).toBe(true);
  });

  it.each(['sameAsDirector', 'none'])(
    'from %j, "same as a beneficiary" with none declared asks for nothing more',
    (from) => {
      const actor = start({ draft: {} });
      choose(actor, from);
      choose(actor, 'sameAsBeneficiary');
      expect(authorizerForm(actor)).toEqual({ shown: 'unchosen' });
    },
  );

  it('a choice that is not text counts as no choice', () => {
    const actor = start();
    choose(actor, 'none');
    choose(actor, 42);
    expect(authorizerForm(actor)).toEqual({ shown: 'unchosen' });
    expect(actor.getSnapshot().context.authorizerChoice).toBeNull();
  });

  it("a resumed draft opens on its step-6 choice's form", () => {
    const actor = start({ draft: { ...declaredOne, uploadAuthorizerInfo: { choice: 'sameAsBeneficiary' } } });
    expect(authorizerForm(actor)).toEqual({ shown: 'whichBeneficiary' });
    expect(
      start({ draft: { uploadAuthorizerInfo: { choice: 'none' } } }).getSnapshot().context,
    ).toStrictEqual({
      hasBeneficiaries: null,
      beneficiaryCount: 0,
      authorizerChoice: 'none',
      authorizerStepApplies: true,
    });
  });

  it('hidden shows no step-6 form, whatever is chosen', () => {
    const actor = start({
      authorizerStepApplies: false,
      draft: { uploadAuthorizerInfo: { choice: 'none' } },
    });
    expect(authorizerForm(actor)).toBe('hidden');
    for (const tag of [...ALL_FORM_TAGS, 'authorizerStep' as const])
      expect(actor.getSnapshot().hasTag(tag)).toBe(false);
  });
});

describe('certification branches: step 5', () => {
  it('yes after no, and unanswered after yes', () => {
    const actor = start({ draft: {} });
    expect(beneficiaryState(actor)).toBe('unanswered');
    expect(actor.getSnapshot().hasTag('beneficiaries')).toBe(false);
    expect(actor.getSnapshot().hasTag('seniorManagingOfficial')).toBe(false);
    answer(actor, { hasBeneficiaries: false });
    answer(actor, { hasBeneficiaries: true });
    expect(beneficiaryState(actor)).toBe('beneficiaries');
    expect(actor.getSnapshot().hasTag('seniorManagingOfficial')).toBe(false);
    answer(actor, {});
    expect(beneficiaryState(actor)).toBe('unanswered');
    answer(actor, { hasBeneficiaries: true });
    // Only a yes/no counts as an answer.
    answer(actor, { hasBeneficiaries: 'yes' });
    expect(beneficiaryState(actor)).toBe('unanswered');
    expect(actor.getSnapshot().context.hasBeneficiaries).toBeNull();
  });

  it('counts the beneficiaries listed, none when the list is missing', () => {
    const actor = start({ draft: {} });
    answer(actor, { hasBeneficiaries: true, beneficiaries: [{}, {}, {}] });
    expect(actor.getSnapshot().context.beneficiaryCount).toBe(3);
    answer(actor, { hasBeneficiaries: true, beneficiaries: 'three' });
    expect(actor.getSnapshot().context.beneficiaryCount).toBe(0);
  });

  it('edits of other steps change neither branch', () => {
    const actor = start({ draft: {} });
    answer(actor, { hasBeneficiaries: true, beneficiaries: [{}] });
    choose(actor, 'sameAsBeneficiary');
    const before = actor.getSnapshot();
    actor.send({
      type: 'draft.changed',
      step: 'completeCompanyInfo',
      values: { choice: 'none', hasBeneficiaries: false },
    });
    expect(actor.getSnapshot().value).toEqual(before.value);
    expect(actor.getSnapshot().context).toEqual(before.context);
    answer(actor, { hasBeneficiaries: true, beneficiaries: [{}], choice: 'none' });
    expect(authorizerForm(actor)).toEqual({ shown: 'whichBeneficiary' });
    choose(actor, 'sameAsBeneficiary');
    actor.send({
      type: 'draft.changed',
      step: 'uploadAuthorizerInfo',
      values: { choice: 'none', hasBeneficiaries: false },
    });
    expect(beneficiaryState(actor)).toBe('beneficiaries');
  });
});
