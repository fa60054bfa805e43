// The certification wizard's branches as states (issue 19 §3): step 5's yes/no answer (spec §2
// "Beneficiary info", docs/product-rules.md "Beneficiaries") and what step 6 shows (docs/product-rules.md "Authorizer
// step": the step itself only when the account holder is not the legal person, then the form its
// choice asks for). A small child of the wizard, beside draftAutosave: the wizard forwards every
// edit to it as `draft.changed`, the chart keeps the three facts the branches depend on and moves
// with named guards; the step views read its tags. A child rather than regions of the wizard, so
// the wizard's own state values (kept by replays, paths and the browser model) stay as they were.
import { assign, setup } from 'xstate';
import type { CertificationStepId } from '../src/contract/api/certification';
import type { StateMeta } from './stateMeta';

type StepValues = Record<string, unknown>;

export interface CertificationBranchesInput {
  /** The draft as the wizard holds it when it opens (a resumed application's answers). */
  draft: Partial<Record<CertificationStepId, StepValues>>;
  /** The server's rule for this account (its holder is not the legal person). */
  authorizerStepApplies: boolean;
}

export interface CertificationBranchesContext {
  /** Step 5's answer: anyone holding 25 % or more? null before it is answered. */
  hasBeneficiaries: boolean | null;
  /** The beneficiaries step 5 lists (counted only under "yes"). */
  beneficiaryCount: number;
  /** Step 6's choice as typed ('' or null before one is chosen). */
  authorizerChoice: string | null;
  authorizerStepApplies: boolean;
}

export type CertificationBranchesEvent = {
  type: 'draft.changed';
  step: CertificationStepId;
  values: StepValues;
};

export type CertificationBranchTag =
  | 'beneficiaries'
  | 'seniorManagingOfficial'
  | 'authorizerStep'
  | 'authorizerSameAsDirector'
  | 'authorizerWhichBeneficiary'
  | 'authorizerOwnPerson';

function beneficiaryFacts(values: StepValues) {
  const answer = values['hasBeneficiaries'];
  const list = values['beneficiaries'];
  return {
    hasBeneficiaries: typeof answer === 'boolean' ? answer : null,
    beneficiaryCount: Array.isArray(list) ? list.length : 0,
  };
}

function choiceOf(values: StepValues): string | null {
  const choice = values['choice'];
  return typeof choice === 'string' && choice !== '' ? choice : null;
}

const declared = (context: CertificationBranchesContext) =>
  context.hasBeneficiaries === true && context.beneficiaryCount > 0;

export const certificationBranchesMachine = setup({
  types: {} as {
    context: CertificationBranchesContext;
    events: CertificationBranchesEvent;
    input: CertificationBranchesInput;
    tags: CertificationBranchTag;
    meta: StateMeta;
  },
  actions: {
    'note edit': assign(({ context, event }) => {
      if (event.step === 'uploadBeneficiaryInfo') return beneficiaryFacts(event.values);
      if (event.step === 'uploadAuthorizerInfo') return { authorizerChoice: choiceOf(event.values) };
      return context;
    }),
  },
  guards: {
    'answered yes': ({ context }) => context.hasBeneficiaries === true,
    'answered no': ({ context }) => context.hasBeneficiaries === false,
    unanswered: ({ context }) => context.hasBeneficiaries === null,
    'authorizer step applies': ({ context }) => context.authorizerStepApplies,
    'chose same as the director': ({ context }) => context.authorizerChoice === 'sameAsDirector',
    // "Same as a beneficiary" asks which one only while step 5 declares at least one.
    'chose a declared beneficiary': ({ context }) =>
      context.authorizerChoice === 'sameAsBeneficiary' && declared(context),
    'chose none of these': ({ context }) => context.authorizerChoice === 'none',
    'no choice that asks for more': ({ context }) =>
      context.authorizerChoice === null ||
      (context.authorizerChoice === 'sameAsBeneficiary' && !declared(context)),
  },
}).createMachine({
  id: 'certificationBranches',
  context: ({ input }) => ({
    ...beneficiaryFacts(input.draft.uploadBeneficiaryInfo ?? {}),
    authorizerChoice: choiceOf(input.draft.uploadAuthorizerInfo ?? {}),
    authorizerStepApplies: input.authorizerStepApplies,
  }),
  type: 'parallel',
  on: { 'draft.changed': { actions: 'note edit' } },
  states: {
    beneficiary: {
      meta: {
        spec: 'portal-spec.md §2 Beneficiary info: a yes/no question whether any shareholder holds 25% or more',
      },
      initial: 'unanswered',
      states: {
        unanswered: {
          meta: { spec: 'portal-spec.md §2 Beneficiary info: the question is not answered yet' },
          always: [
            { guard: 'answered yes', target: 'beneficiaries' },
            { guard: 'answered no', target: 'seniorManagingOfficial' },
          ],
        },
        beneficiaries: {
          meta: { spec: 'portal-spec.md §2 Beneficiary info: yes — beneficiaries can be added and deleted' },
          tags: ['beneficiaries'],
          always: [
            { guard: 'answered no', target: 'seniorManagingOfficial' },
            { guard: 'unanswered', target: 'unanswered' },
          ],
        },
        seniorManagingOfficial: {
          meta: {
            spec: 'addition: docs/product-rules.md Beneficiaries — no 25% shareholder: the senior managing official is declared instead',
          },
          tags: ['seniorManagingOfficial'],
          always: [
            { guard: 'answered yes', target: 'beneficiaries' },
            { guard: 'unanswered', target: 'unanswered' },
          ],
        },
      },
    },
    authorizer: {
      meta: {
        spec: 'addition: docs/product-rules.md Authorizer step — shown only when the account holder is not the legal person',
      },
      initial: 'deciding',
      states: {
        deciding: {
          meta: {
            spec: 'addition: docs/product-rules.md Authorizer step — the server says whether it applies to this account',
          },
          always: [{ guard: 'authorizer step applies', target: 'shown' }, { target: 'hidden' }],
        },
        hidden: {
          meta: {
            spec: 'addition: docs/product-rules.md Authorizer step — the account holder is the legal person: no step 6',
          },
        },
        shown: {
          meta: {
            spec: 'portal-spec.md §2 Authorizer info: the authorizer is the director, a beneficiary, or someone else',
          },
          tags: ['authorizerStep'],
          initial: 'unchosen',
          states: {
            unchosen: {
              meta: {
                spec: 'portal-spec.md §2 Authorizer info: no choice yet (or a beneficiary, with none declared)',
              },
              always: [
                { guard: 'chose same as the director', target: 'sameAsDirector' },
                { guard: 'chose a declared beneficiary', target: 'whichBeneficiary' },
                { guard: 'chose none of these', target: 'ownPerson' },
              ],
            },
            sameAsDirector: {
              meta: {
                spec: 'portal-spec.md §2 Authorizer info: same as the director — nothing more is asked',
              },
              tags: ['authorizerSameAsDirector'],
              always: [
                { guard: 'chose a declared beneficiary', target: 'whichBeneficiary' },
                { guard: 'chose none of these', target: 'ownPerson' },
                { guard: 'no choice that asks for more', target: 'unchosen' },
              ],
            },
            whichBeneficiary: {
              meta: {
                spec: 'portal-spec.md §2 Authorizer info: same as a beneficiary — which one of those declared',
              },
              tags: ['authorizerWhichBeneficiary'],
              always: [
                { guard: 'chose same as the director', target: 'sameAsDirector' },
                { guard: 'chose none of these', target: 'ownPerson' },
                { guard: 'no choice that asks for more', target: 'unchosen' },
              ],
            },
            ownPerson: {
              meta: {
                spec: 'portal-spec.md §2 Authorizer info: someone else — the person, the signed authorization letter and the QR face verification',
              },
              tags: ['authorizerOwnPerson'],
              always: [
                { guard: 'chose same as the director', target: 'sameAsDirector' },
                { guard: 'chose a declared beneficiary', target: 'whichBeneficiary' },
                { guard: 'no choice that asks for more', target: 'unchosen' },
              ],
            },
          },
        },
      },
    },
  },
});
