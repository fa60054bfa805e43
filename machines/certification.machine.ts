// The enterprise certification wizard (spec §2 certification steps, §3, §5; docs/product-rules.md "Company
// locations", "Beneficiaries", "Authorizer step", "Status codes"). The chart owns the step order,
// the location lock, when a step may be left, saving on the way out, resuming where the server
// says the user stopped, and submit. Field rules live in the step forms' schemas (src/contract).
//
// Typing is autosaved by a small child chart (draftAutosave, below) so that a retrying autosave
// does not multiply the wizard's own states; the wizard forwards every edit to it, and to a second
// child (certificationBranches) whose states are step 5's yes/no branch and what step 6 shows.
import { assign, sendTo, setup, type AnyActorRef } from 'xstate';
import {
  AUTHORIZER_CHOICES,
  CERTIFICATION_STEPS,
  type AuthorizerChoice,
  type CertificationStepId,
} from '../src/contract/api/certification';
import { Limits } from '../src/contract/limits';
import type { CompanyLocation } from '../src/contract/options';
import { certificationBranchesMachine } from './certificationBranches.machine';
import { notProvidedAction, notProvidedPromise } from './notProvided';
import { qrVerificationMachine } from './qrVerification.machine';
import type { StateMeta } from './stateMeta';

/** The seven step routes of spec §2, in order (the contract's list). */
export { CERTIFICATION_STEPS };
export type CertificationStep = CertificationStepId;
/** Where the user is: a step, or the final review before submit. */
export type WizardPlace = CertificationStep | 'review';

export type StepValues = Record<string, unknown>;
/** Every step's values as last typed; a step not visited yet holds an empty object. */
export type CertificationDraft = Record<CertificationStep, StepValues>;

/** A field problem from the server: `path` inside the step's values, `message` a validation id. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** What the reviewer said about a rejected application (re-application, docs/product-rules.md Status codes). */
export interface ReviewFeedback {
  reason: string | null;
  /** `<step>.<path inside the step>` of every field the reviewer flagged. */
  flaggedFields: string[];
  /** The reviewer's comment per flagged field, where one was written (issue 21 §1). */
  fieldComments?: Record<string, string>;
}

/** What the wizard needs from the server to resume (any device, after a refresh or a new login);
 *  the web adapter reads it from the contract's CertificationView. */
export interface WizardView {
  /** The account holder is not the legal person: the authorizer step is shown. */
  authorizerStepApplies: boolean;
  /** The confirmed company location; null until confirmed, never changed after. */
  location: CompanyLocation | null;
  /** The location given at registration: the first step proposes it. */
  registeredLocation: CompanyLocation | null;
  currentStep: WizardPlace;
  draft: Partial<Record<CertificationStep, StepValues>>;
  review: ReviewFeedback | null;
}

/** `complete`: the step is being left after its form validated; otherwise a draft autosave.
 *  `currentStep`: where another device resumes after this save. */
export interface SaveStepInput {
  step: CertificationStep;
  values: StepValues;
  complete: boolean;
  currentStep: CertificationStep;
}

/** `conflict`: the server refused the save because another tab or device saved a newer version
 *  (optimistic concurrency); nothing was written, and this tab must not write over it. */
export type SaveOutcome =
  { kind: 'saved' } | { kind: 'invalid'; problems: FieldProblem[] } | { kind: 'conflict' };

export type SubmitOutcome =
  | { kind: 'submitted' }
  | { kind: 'invalid'; step: CertificationStep; problems: FieldProblem[] }
  | { kind: 'conflict' };

/** Messages the views translate (context never holds text, docs/style.md). */
export type CertificationMessage =
  | 'loadFailed'
  | 'saveFailed'
  | 'submitFailed'
  | 'validationFailed'
  | 'verificationRequired'
  | 'draftTooLarge';

/**
 * A save the server refused for good, not for a passing fault: the draft would pass its size bound
 * (Limits.draft, issue 29 §4). The web's save effects reject with an error carrying this; the chart
 * shows it as it shows a failed save, but with its own message, since trying again cannot help
 * until the person removes something.
 */
export interface SaveRefusal {
  refusal: 'draftTooLarge';
}

/** The message a failed save shows: the refusal's own, else the generic "could not be saved". */
export function saveFailureMessage(error: unknown): 'draftTooLarge' | 'saveFailed' {
  return (error as Partial<SaveRefusal> | null)?.refusal === 'draftTooLarge' ? 'draftTooLarge' : 'saveFailed';
}

export interface StepProblems {
  step: CertificationStep;
  problems: FieldProblem[];
}

export interface CertificationContext {
  authorizerStepApplies: boolean;
  location: CompanyLocation | null;
  registeredLocation: CompanyLocation | null;
  /** Chosen on the first step, waiting for the user to confirm the prompt. */
  pendingLocation: CompanyLocation | null;
  draft: CertificationDraft;
  resumeAt: WizardPlace;
  problems: StepProblems | null;
  review: ReviewFeedback | null;
  verificationId: string | null;
  /** The QR verification of this visit was referred to review, not verified (issue 16 §3). */
  verificationReferred: boolean;
  message: CertificationMessage | null;
}

export type CertificationEvent =
  | { type: 'user.chooseLocation'; location: CompanyLocation }
  | { type: 'user.confirmLocation' }
  | { type: 'user.cancelLocation' }
  | { type: 'user.edit'; step: CertificationStep; values: StepValues }
  | { type: 'step.submit'; step: CertificationStep; values: StepValues }
  | { type: 'step.back' }
  | { type: 'user.startVerification' }
  | { type: 'user.retrySave' }
  | { type: 'user.retry' }
  | { type: 'user.submit' }
  /** The autosave child found the draft changed in another tab or on another device. */
  | { type: 'draft.conflict' }
  /** After a conflict: drop this tab's unsaved entries and load what the server stores now. */
  | { type: 'user.loadLatest' };

/** How long a failed autosave waits before it tries again (the contract's limit, kept under its old name). */
export const DRAFT_AUTOSAVE_RETRY_MS = Limits.draftAutosaveRetryMs;

export function emptyDraft(): CertificationDraft {
  return Object.fromEntries(CERTIFICATION_STEPS.map((step) => [step, {}])) as CertificationDraft;
}

/** docs/product-rules.md: the authorizer step exists only when the account holder is not the legal person. */
export function authorizerNeeded(context: Pick<CertificationContext, 'authorizerStepApplies'>): boolean {
  return context.authorizerStepApplies;
}

/** The steps this company goes through, in order: the authorizer step only where it applies. The
 *  wizard's progress draws these; the chart's own transitions use the same rule (authorizerNeeded). */
export function stepsFor(context: Pick<CertificationContext, 'authorizerStepApplies'>): CertificationStep[] {
  return CERTIFICATION_STEPS.filter((s) => s !== 'uploadAuthorizerInfo' || authorizerNeeded(context));
}

// ---- selectors over the draft the chart holds (lists the views render) --------------------------
// Every keystroke reaches the chart (`user.edit`), so its draft is what the step's form shows. The
// branches themselves (step 5's yes/no, what step 6 asks for) are states of the child chart
// certificationBranches; these compute the lists the views render.

/** The beneficiaries declared on step 5; none when its answer was not "yes". */
export function declaredBeneficiaryCount(context: Pick<CertificationContext, 'draft'>): number {
  const step = context.draft.uploadBeneficiaryInfo;
  const list = step['beneficiaries'];
  return step['hasBeneficiaries'] === true && Array.isArray(list) ? list.length : 0;
}

/** The authorizer choices this company has (docs/product-rules.md "Authorizer step"): "same as a
 *  beneficiary" only when step 5 declared one. */
export function authorizerChoicesFor(context: Pick<CertificationContext, 'draft'>): AuthorizerChoice[] {
  const anyBeneficiary = declaredBeneficiaryCount(context) > 0;
  return AUTHORIZER_CHOICES.filter((c) => c !== 'sameAsBeneficiary' || anyBeneficiary);
}

/** The step after `step` (the review after the last), for this company. */
export function placeAfter(
  step: CertificationStep,
  context: Pick<CertificationContext, 'authorizerStepApplies'>,
): WizardPlace {
  if (step === 'uploadBeneficiaryInfo' && !authorizerNeeded(context)) return 'uploadOtherInfo';
  return CERTIFICATION_STEPS[CERTIFICATION_STEPS.indexOf(step) + 1] ?? 'review';
}

/** The step another device opens after `step` was left: the review is resumed on the last step. */
function resumeStepAfter(step: CertificationStep, context: CertificationContext): CertificationStep {
  const next = placeAfter(step, context);
  return next === 'review' ? 'uploadOtherInfo' : next;
}

/** Where a resumed (or bounced-back) wizard opens: never past an unconfirmed location or a step that does not apply. */
export function resumePlace(context: CertificationContext): WizardPlace {
  if (context.location === null) return 'selectLocationCompany';
  if (context.resumeAt === 'uploadAuthorizerInfo' && !authorizerNeeded(context)) return 'uploadOtherInfo';
  return context.resumeAt;
}

function isPlace(value: unknown): value is WizardPlace {
  return value === 'review' || (CERTIFICATION_STEPS as readonly unknown[]).includes(value);
}

/** The authorizer's name as the phone shows it ("Given Surname"), from the step's values. */
export function authorizerName(values: StepValues): string {
  const person = values['person'];
  const fields = typeof person === 'object' && person !== null ? (person as Record<string, unknown>) : {};
  const part = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string).trim() : '');
  return [part('givenNameEnglish'), part('surnameEnglish')].filter(Boolean).join(' ');
}

function verificationIdOf(values: StepValues | undefined): string | null {
  const id = values?.['verificationSessionId'];
  return typeof id === 'string' && id !== '' ? id : null;
}

const STEP_SPEC: Record<CertificationStep, string> = {
  selectLocationCompany:
    'portal-spec.md §2 choose the company location; it cannot be changed once confirmed (confirm prompt)',
  completeCompanyInfo:
    'portal-spec.md §3 Company info; docs/product-rules.md Location-specific company fields',
  uploadEquityStructureChart:
    'portal-spec.md §2 equity structure chart upload; §5 uploads jpg/png/jpeg/pdf ≤ 10 MB',
  uploadLegalPersonInfo: 'portal-spec.md §2 director / legal-person info; §3 Person',
  uploadBeneficiaryInfo:
    'portal-spec.md §2 beneficiaries ≥ 25 % (yes/no, add/delete); docs/product-rules.md Beneficiaries',
  uploadAuthorizerInfo:
    'portal-spec.md §2 authorizer info; §5 required when the account is not the legal person; docs/product-rules.md Authorizer step',
  uploadOtherInfo: 'portal-spec.md §2 other info',
};

const step = (name: CertificationStep) => `#certification.wizard.${name}`;

// ---- draft autosave (the child chart) ----------------------------------------------------------

export interface DraftAutosaveContext {
  pending: SaveStepInput | null;
  /** Why the last autosave failed, for the message shown while failed. */
  failure: 'draftTooLarge' | 'saveFailed' | null;
  /** The wizard to tell about a conflict; none when the chart runs alone (diagrams, path tests):
   *  then it tells itself, and nothing listens. */
  wizard: AnyActorRef | null;
}

export type DraftAutosaveEvent =
  | { type: 'draft.changed'; step: CertificationStep; values: StepValues }
  | { type: 'draft.settled'; step: CertificationStep }
  | { type: 'user.retrySave' }
  | { type: 'draft.conflict' };

// Only ever an action of 'draft.changed' (typed so): the latest typing replaces what is waiting.
const keepPending = assign<
  DraftAutosaveContext,
  Extract<DraftAutosaveEvent, { type: 'draft.changed' }>,
  undefined,
  DraftAutosaveEvent,
  never
>({
  pending: ({ event }) => ({
    step: event.step,
    values: event.values,
    complete: false,
    currentStep: event.step,
  }),
});

export const draftAutosaveMachine = setup({
  types: {} as {
    context: DraftAutosaveContext;
    events: DraftAutosaveEvent;
    input: { wizard?: AnyActorRef } | undefined;
    tags: 'saving' | 'failed' | 'conflict';
    meta: StateMeta;
  },
  actors: {
    'save draft': notProvidedPromise<SaveOutcome, SaveStepInput>('save draft'),
  },
  guards: {
    'draft conflicted': ({ event }) =>
      (event as unknown as { output: SaveOutcome }).output.kind === 'conflict',
    'settles the pending step': ({ context, event }) =>
      event.type === 'draft.settled' && context.pending?.step === event.step,
  },
  delays: {
    draftAutosave: Limits.draftAutosaveMs,
    autosaveRetry: DRAFT_AUTOSAVE_RETRY_MS,
  },
}).createMachine({
  id: 'draftAutosave',
  context: ({ input }) => ({ pending: null, failure: null, wizard: input?.wizard ?? null }),
  initial: 'clean',
  on: {
    // The step's own save (on leaving it) already carries these values: nothing left to autosave.
    'draft.settled': {
      guard: 'settles the pending step',
      target: '.clean',
      actions: assign({ pending: null }),
    },
  },
  states: {
    clean: {
      meta: {
        spec: 'portal-spec.md §4 Gateway: certification incomplete (continue): every completed step is saved; nothing typed is waiting',
      },
      on: { 'draft.changed': { target: 'waiting', actions: keepPending } },
    },
    waiting: {
      meta: {
        spec: 'portal-spec.md §4 Gateway: certification incomplete (continue): typing is autosaved, debounced (Limits.draftAutosaveMs)',
      },
      // Every keystroke restarts the debounce.
      on: { 'draft.changed': { target: 'waiting', reenter: true, actions: keepPending } },
      after: { draftAutosave: 'saving' },
    },
    saving: {
      meta: {
        spec: 'portal-spec.md §4 Gateway: certification incomplete (continue): the draft is kept on the server',
      },
      tags: ['saving'],
      // Typing meanwhile abandons this save: the newer values replace it after the debounce.
      on: { 'draft.changed': { target: 'waiting', actions: keepPending } },
      invoke: {
        id: 'saveDraft',
        src: 'save draft',
        input: ({ context }) =>
          context.pending ?? {
            step: 'completeCompanyInfo',
            values: {},
            complete: false,
            currentStep: 'completeCompanyInfo',
          },
        onDone: [
          { guard: 'draft conflicted', target: 'conflicted' },
          { target: 'clean', actions: assign({ pending: null }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => saveFailureMessage(event.error) }),
        },
      },
    },
    conflicted: {
      meta: {
        spec: 'addition: another tab or device saved a newer draft; this tab never writes over it (the wizard offers to load the latest) — docs/decisions/applicant-web.md "Navigation: two tabs, a second device, and the registration wizard\'s Back/Forward/refresh"',
      },
      tags: ['conflict'],
      // Tells the wizard, which shows the conflict. Typing is still kept but never sent again:
      // loading the latest version starts a new wizard with a new autosave.
      entry: sendTo(({ context, self }) => context.wizard ?? self, { type: 'draft.conflict' as const }),
      on: {
        'draft.changed': { actions: keepPending },
        // The step's own save carries stale values too: the server refuses it the same way.
        'draft.settled': {},
      },
    },
    failed: {
      meta: {
        spec: 'portal-spec.md §8 transport failure or refusal: a failed save is shown and retried; nothing typed is lost (a draft over its size bound says so, issue 29 §4)',
      },
      tags: ['failed'],
      on: {
        'draft.changed': { target: 'waiting', actions: keepPending },
        'user.retrySave': 'saving',
      },
      after: { autosaveRetry: 'saving' },
    },
  },
});

// ---- the wizard ---------------------------------------------------------------------------------

/** The next place after a step's save; `guard` names a guard of the wizard. */
interface NextTransition {
  target: string;
  guard?: 'authorizer needed';
}

/**
 * A step whose save the server refused as stale (issue 17 §3, two tabs): the form stays with what
 * this tab typed (kept in the draft, never sent), the step cannot be left or saved, and the one way
 * on is loading the latest version from the server (docs/decisions/applicant-web.md "Navigation: two tabs").
 */
const conflictedStep = {
  meta: {
    spec: 'addition: the same account in two tabs; a stale tab is refused, says so and offers to load the latest — docs/decisions/applicant-web.md "Navigation: two tabs, a second device, and the registration wizard\'s Back/Forward/refresh"',
  },
  tags: ['conflict' as const],
  entry: 'clear messages' as const,
  on: {
    'user.loadLatest': '#certification.loading',
    // Typing is kept in the draft (the form shows it) but not sent: the autosave has stopped.
    'user.edit': {
      actions: {
        type: 'keep step values' as const,
        params: ({ event }: { event: { step: CertificationStep } }) => ({ step: event.step }),
      },
    },
  },
};

/** A step: edit its form; a valid submit saves it and moves on; back without saving (autosave has it). */
function stepState(name: CertificationStep, options: { next: NextTransition[]; back: NextTransition[] }) {
  return {
    meta: { spec: STEP_SPEC[name] },
    initial: 'editing' as const,
    entry: { type: 'show place' as const, params: { place: name } },
    states: {
      editing: {
        meta: {
          spec: 'portal-spec.md §5 Certification: all fields required, format checks; validation failure blocks leaving the step (back and next)',
        },
        on: {
          'step.submit': {
            guard: { type: 'submits step' as const, params: { step: name } },
            target: 'saving',
            actions: [
              { type: 'keep step values' as const, params: { step: name } },
              { type: 'settle autosave' as const, params: { step: name } },
            ],
          },
          'step.back': options.back.map((t) => ({ ...t, actions: 'clear messages' as const })),
          'draft.conflict': 'conflicted',
        },
      },
      conflicted: conflictedStep,
      saving: {
        meta: {
          spec: 'portal-spec.md §4 Gateway: certification incomplete (continue): every completed step is saved on the server when it is left',
        },
        tags: ['busy' as const],
        invoke: {
          id: 'saveStep',
          src: 'save step' as const,
          input: ({ context }: { context: CertificationContext }): SaveStepInput => ({
            step: name,
            values: context.draft[name],
            complete: true,
            currentStep: resumeStepAfter(name, context),
          }),
          onDone: [
            { guard: 'save conflicted' as const, target: 'conflicted' },
            {
              guard: 'save refused' as const,
              target: 'editing',
              actions: { type: 'show save problems' as const, params: { step: name } },
            },
            ...options.next.map((t) => ({ ...t, actions: 'clear messages' as const })),
          ],
          onError: { target: 'editing', actions: 'note save failure' as const },
        },
      },
    },
  };
}

export const certificationMachine = setup({
  types: {} as {
    context: CertificationContext;
    events: CertificationEvent;
    tags: 'busy' | 'verifying' | 'conflict';
    meta: StateMeta;
  },
  actors: {
    'load application': notProvidedPromise<WizardView, void>('load application'),
    'save step': notProvidedPromise<SaveOutcome, SaveStepInput>('save step'),
    'submit application': notProvidedPromise<SubmitOutcome, { draft: CertificationDraft }>(
      'submit application',
    ),
    'draft autosave': draftAutosaveMachine,
    'certification branches': certificationBranchesMachine,
    // Issue 6's chart, as a child: the wizard's hook provides its effects with qrVerificationMachine.provide().
    'qr verification': qrVerificationMachine,
  },
  actions: {
    /** Shows the place's route (/enterpriseCertification/<step>, the index for the review). */
    'show place': notProvidedAction('show place') as (_: unknown, params: { place: WizardPlace }) => void,
    /** Marks the session submitted (status 1, audit 1) so the gateway shows "under review". */
    'record submission': notProvidedAction('record submission'),
    'adopt view': assign(({ event }) => {
      const view = (event as unknown as { output: WizardView }).output;
      const draft = { ...emptyDraft(), ...view.draft };
      return {
        authorizerStepApplies: view.authorizerStepApplies,
        location: view.location,
        registeredLocation: view.registeredLocation,
        draft,
        resumeAt: isPlace(view.currentStep) ? view.currentStep : 'selectLocationCompany',
        review: view.review,
        verificationId: verificationIdOf(draft.uploadAuthorizerInfo),
        verificationReferred: false,
        message: null,
      };
    }),
    'keep step values': assign(({ context, event }, params: { step: CertificationStep }) => {
      if (event.type !== 'step.submit' && event.type !== 'user.edit') return {};
      // The verification belongs to the authorizer's values: it travels with them to the server.
      const values =
        params.step === 'uploadAuthorizerInfo' && event.values['choice'] === 'none'
          ? { ...event.values, verificationSessionId: context.verificationId }
          : event.values;
      return { draft: { ...context.draft, [params.step]: values } };
    }),
    'settle autosave': sendTo('autosave', (_, params: { step: CertificationStep }) => ({
      type: 'draft.settled' as const,
      step: params.step,
    })),
    'show save problems': assign(({ event }, params: { step: CertificationStep }) => {
      // Runs only after the 'save refused' guard (as the submit's refusal below): the outcome is 'invalid'.
      const output = (event as unknown as { output: Extract<SaveOutcome, { kind: 'invalid' }> }).output;
      return {
        problems: { step: params.step, problems: output.problems },
        message: 'validationFailed' as const,
      };
    }),
    'clear messages': assign({ problems: null, message: null }),
    'note save failure': assign({
      message: ({ event }) => saveFailureMessage((event as unknown as { error: unknown }).error),
    }),
  },
  guards: {
    'submits step': ({ event }, params: { step: CertificationStep }) =>
      event.type === 'step.submit' && event.step === params.step,
    'authorizer may leave': ({ context, event }) =>
      event.type === 'step.submit' &&
      event.step === 'uploadAuthorizerInfo' &&
      (event.values['choice'] !== 'none' || context.verificationId !== null),
    'location open': ({ context }) => context.location === null,
    'location confirmed': ({ context, event }) =>
      context.location !== null && event.type === 'step.submit' && event.step === 'selectLocationCompany',
    'authorizer needed': ({ context }) => authorizerNeeded(context),
    'save refused': ({ event }) => (event as unknown as { output: SaveOutcome }).output.kind === 'invalid',
    'save conflicted': ({ event }) =>
      (event as unknown as { output: SaveOutcome }).output.kind === 'conflict',
    'submit conflicted': ({ event }) =>
      (event as unknown as { output: SubmitOutcome }).output.kind === 'conflict',
    'submit refused': ({ event }) =>
      (event as unknown as { output: SubmitOutcome }).output.kind === 'invalid',
    'resumes at': ({ context }, params: { place: WizardPlace }) => resumePlace(context) === params.place,
  },
}).createMachine({
  id: 'certification',
  context: {
    authorizerStepApplies: true,
    location: null,
    registeredLocation: null,
    pendingLocation: null,
    draft: emptyDraft(),
    // Stryker disable next-line StringLiteral: read only in 'resuming', always after 'adopt view' or the submit's refusal set it
    resumeAt: 'selectLocationCompany',
    problems: null,
    review: null,
    verificationId: null,
    // Stryker disable next-line BooleanLiteral: read only on the authorizer step, after 'adopt view' set it (loading shows no step)
    verificationReferred: false,
    message: null,
  },
  initial: 'loading',
  states: {
    loading: {
      meta: {
        spec: 'portal-spec.md §4 Gateway: certification incomplete (continue): opening the wizard on any device resumes where the user left (server view)',
      },
      tags: ['busy'],
      invoke: {
        id: 'loadApplication',
        src: 'load application',
        onDone: { target: 'resuming', actions: 'adopt view' },
        onError: { target: 'loadFailed', actions: assign({ message: 'loadFailed' }) },
      },
    },
    loadFailed: {
      meta: { spec: 'portal-spec.md §8 transport failure: network message; the user retries' },
      on: { 'user.retry': { target: 'loading', actions: assign({ message: null }) } },
    },
    resuming: {
      meta: {
        spec: 'portal-spec.md §4 certification incomplete (continue) or review failed; §5 validation: open at the step the server names (or the first step with a problem)',
      },
      // Used once: a later resume starts from what the server (or the submit) says then.
      exit: assign({ resumeAt: 'selectLocationCompany' as const }),
      always: [
        ...CERTIFICATION_STEPS.map((place) => ({
          guard: { type: 'resumes at' as const, params: { place } },
          target: step(place),
        })),
        { target: 'review' },
      ],
    },
    wizard: {
      meta: {
        spec: 'portal-spec.md §2 certification steps: back and next, each step validated before leaving it',
      },
      invoke: [
        { id: 'autosave', src: 'draft autosave', input: ({ self }) => ({ wizard: self }) },
        {
          id: 'branches',
          src: 'certification branches',
          input: ({ context }) => ({
            draft: context.draft,
            authorizerStepApplies: context.authorizerStepApplies,
          }),
        },
      ],
      on: {
        'user.edit': {
          actions: [
            { type: 'keep step values', params: ({ event }) => ({ step: event.step }) },
            sendTo('autosave', ({ event }) => ({
              type: 'draft.changed' as const,
              step: event.step,
              values: event.values,
            })),
            sendTo('branches', ({ event }) => ({
              type: 'draft.changed' as const,
              step: event.step,
              values: event.values,
            })),
          ],
        },
        'user.retrySave': { actions: sendTo('autosave', { type: 'user.retrySave' as const }) },
      },
      initial: 'selectLocationCompany',
      states: {
        selectLocationCompany: {
          meta: { spec: STEP_SPEC.selectLocationCompany },
          entry: { type: 'show place', params: { place: 'selectLocationCompany' } },
          initial: 'choosing',
          states: {
            choosing: {
              meta: {
                spec: 'portal-spec.md §2 choose the company location (the registered one is proposed)',
              },
              on: {
                'user.chooseLocation': {
                  guard: 'location open',
                  target: 'confirming',
                  actions: assign({ pendingLocation: ({ event }) => event.location, message: null }),
                },
                // Once confirmed, the step only shows the location and goes on.
                'step.submit': { guard: 'location confirmed', target: step('completeCompanyInfo') },
              },
            },
            confirming: {
              meta: {
                spec: 'portal-spec.md §2 the location cannot be changed once confirmed: the confirm prompt',
              },
              on: {
                'user.confirmLocation': 'saving',
                'user.cancelLocation': { target: 'choosing', actions: assign({ pendingLocation: null }) },
              },
            },
            saving: {
              meta: {
                spec: 'portal-spec.md §4 Gateway: certification incomplete (continue): every completed step is saved on the server when it is left',
              },
              tags: ['busy'],
              invoke: {
                id: 'saveStep',
                src: 'save step',
                input: ({ context }) => ({
                  step: 'selectLocationCompany' as const,
                  values: { location: context.pendingLocation },
                  complete: true,
                  currentStep: 'completeCompanyInfo' as const,
                }),
                onDone: [
                  {
                    guard: 'save refused',
                    target: 'choosing',
                    actions: [
                      { type: 'show save problems', params: { step: 'selectLocationCompany' as const } },
                      assign({ pendingLocation: null }),
                    ],
                  },
                  {
                    target: step('completeCompanyInfo'),
                    actions: assign(({ context }) => ({
                      location: context.pendingLocation,
                      pendingLocation: null,
                      draft: {
                        ...context.draft,
                        selectLocationCompany: { location: context.pendingLocation },
                      },
                      problems: null,
                      message: null,
                    })),
                  },
                ],
                onError: { target: 'choosing', actions: assign({ message: 'saveFailed' }) },
              },
            },
          },
        },
        completeCompanyInfo: stepState('completeCompanyInfo', {
          next: [{ target: step('uploadEquityStructureChart') }],
          back: [{ target: step('selectLocationCompany') }],
        }),
        uploadEquityStructureChart: stepState('uploadEquityStructureChart', {
          next: [{ target: step('uploadLegalPersonInfo') }],
          back: [{ target: step('completeCompanyInfo') }],
        }),
        uploadLegalPersonInfo: stepState('uploadLegalPersonInfo', {
          next: [{ target: step('uploadBeneficiaryInfo') }],
          back: [{ target: step('uploadEquityStructureChart') }],
        }),
        uploadBeneficiaryInfo: stepState('uploadBeneficiaryInfo', {
          next: [
            { guard: 'authorizer needed', target: step('uploadAuthorizerInfo') },
            { target: step('uploadOtherInfo') },
          ],
          back: [{ target: step('uploadLegalPersonInfo') }],
        }),
        uploadAuthorizerInfo: {
          meta: { spec: STEP_SPEC.uploadAuthorizerInfo },
          entry: { type: 'show place', params: { place: 'uploadAuthorizerInfo' } },
          initial: 'editing',
          states: {
            editing: {
              meta: {
                spec: 'portal-spec.md §5 Certification: all fields required, format checks; validation failure blocks leaving the step (back and next)',
              },
              on: {
                'step.submit': [
                  {
                    guard: 'authorizer may leave',
                    target: 'saving',
                    actions: [
                      { type: 'keep step values', params: { step: 'uploadAuthorizerInfo' } },
                      { type: 'settle autosave', params: { step: 'uploadAuthorizerInfo' } },
                    ],
                  },
                  {
                    // "None of these": the step cannot be left before the QR face verification passed.
                    guard: { type: 'submits step', params: { step: 'uploadAuthorizerInfo' } },
                    actions: [
                      { type: 'keep step values', params: { step: 'uploadAuthorizerInfo' } },
                      assign({ message: 'verificationRequired' }),
                    ],
                  },
                ],
                'step.back': { target: step('uploadBeneficiaryInfo'), actions: 'clear messages' },
                'user.startVerification': { target: 'verifying', actions: assign({ message: null }) },
                'draft.conflict': 'conflicted',
              },
            },
            conflicted: conflictedStep,
            verifying: {
              meta: {
                spec: 'portal-spec.md §2 authorizer verification by QR code and face recognition (a child actor)',
              },
              tags: ['verifying'],
              invoke: {
                id: 'qrVerification',
                src: 'qr verification',
                input: ({ context }) => ({ subjectName: authorizerName(context.draft.uploadAuthorizerInfo) }),
                // The id joins the authorizer's values when the step is left ('keep step values');
                // a check referred to review lets the step go on too (issue 16 §3). Closed without
                // a result (the child refuses to close mid-verification), the dialog verified
                // nothing and its new session superseded any earlier one on the server
                // (docs/decisions/small-decisions.md "QR regenerate"; docs/product-rules.md "QR verification": a new code
                // before submit): an earlier verification no longer counts.
                onDone: {
                  target: 'editing',
                  actions: assign({
                    verificationId: ({ event }) =>
                      event.output.result !== 'closed' ? event.output.sessionId : null,
                    verificationReferred: ({ event }) => event.output.result === 'referred',
                  }),
                },
                onError: 'editing',
              },
            },
            saving: {
              meta: {
                spec: 'portal-spec.md §4 Gateway: certification incomplete (continue): every completed step is saved on the server when it is left',
              },
              tags: ['busy'],
              invoke: {
                id: 'saveStep',
                src: 'save step',
                input: ({ context }) => ({
                  step: 'uploadAuthorizerInfo' as const,
                  values: context.draft.uploadAuthorizerInfo,
                  complete: true,
                  currentStep: 'uploadOtherInfo' as const,
                }),
                onDone: [
                  { guard: 'save conflicted', target: 'conflicted' },
                  {
                    guard: 'save refused',
                    target: 'editing',
                    actions: {
                      type: 'show save problems',
                      params: { step: 'uploadAuthorizerInfo' as const },
                    },
                  },
                  { target: step('uploadOtherInfo'), actions: 'clear messages' },
                ],
                onError: { target: 'editing', actions: assign({ message: 'saveFailed' }) },
              },
            },
          },
        },
        uploadOtherInfo: stepState('uploadOtherInfo', {
          next: [{ target: '#certification.review' }],
          back: [
            { guard: 'authorizer needed', target: step('uploadAuthorizerInfo') },
            { target: step('uploadBeneficiaryInfo') },
          ],
        }),
      },
    },
    review: {
      meta: { spec: 'portal-spec.md §2 submit; §5 validation failure blocks submit' },
      entry: { type: 'show place', params: { place: 'review' } },
      on: {
        'user.submit': { target: 'submitting', actions: assign({ message: null }) },
        'step.back': { target: step('uploadOtherInfo'), actions: 'clear messages' },
      },
    },
    submitting: {
      meta: {
        spec: 'portal-spec.md §5 validation failure blocks submit: the whole application validated on the server',
      },
      tags: ['busy'],
      invoke: {
        id: 'submitApplication',
        src: 'submit application',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: [
          // Another tab or device saved after this tab's last save: nothing is submitted.
          { guard: 'submit conflicted', target: 'submitConflict' },
          {
            // "Validation failure exists, please complete the required information": to the first step with an error.
            guard: 'submit refused',
            target: 'resuming',
            actions: assign(({ event }) => {
              const output = event.output as Extract<SubmitOutcome, { kind: 'invalid' }>;
              return {
                resumeAt: output.step,
                problems: { step: output.step, problems: output.problems },
                message: 'validationFailed' as const,
              };
            }),
          },
          { target: 'submitted' },
        ],
        onError: { target: 'review', actions: assign({ message: 'submitFailed' }) },
      },
    },
    submitConflict: {
      meta: {
        spec: 'addition: the submit named a stale version; the review offers to load the latest first — docs/decisions/applicant-web.md "Navigation: two tabs, a second device, and the registration wizard\'s Back/Forward/refresh"',
      },
      tags: ['conflict'],
      entry: 'clear messages',
      on: { 'user.loadLatest': 'loading' },
    },
    submitted: {
      meta: {
        spec: 'portal-spec.md §2 a success dialog says the result will be sent by email; docs/product-rules.md status 1 / audit 1',
      },
      type: 'final',
      entry: 'record submission',
    },
  },
});

export type CertificationMachine = typeof certificationMachine;
