// The certification wizard's rules one by one (issue 19 §2, mutation testing): the step order both
// ways and its conditional authorizer step (spec §2, docs/product-rules.md "Authorizer step"), the location
// lock (spec §2), what each save leaves in the context, the tags the views read with hasTag
// ('busy' in StepNav/ReviewStep, 'verifying' and the QR child in AuthorizerStep, 'conflict' in the
// ConflictNotice, the autosave's 'saving'/'failed' in AutosaveStatus), the QR verification's result
// (issue 16 §3) and the helpers the views and the chart share. Simulated time, fakes for every
// effect; certification.test.ts drives the happy paths.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import {
  authorizerName,
  certificationMachine,
  draftAutosaveMachine,
  DRAFT_AUTOSAVE_RETRY_MS,
  placeAfter,
  stepsFor,
  type CertificationDraft,
  type CertificationStep,
  type SaveOutcome,
  type SaveStepInput,
  type StepValues,
  type SubmitOutcome,
  type WizardPlace,
  type WizardView,
} from '../../machines/certification.machine';
import { NotProvidedError } from '../../machines/notProvided';
import type { qrVerificationMachine, QrVerificationOutput } from '../../machines/qrVerification.machine';
import { Limits } from '../../src/contract/limits';
import { Held, settleAnswer, type Answer } from './support/scriptedAnswers';

const SESSION_ID = '00000000-0000-4000-8000-0000000000c1';

function view(patch: Partial<WizardView> = {}): WizardView {
  return {
    authorizerStepApplies: true,
    location: 'CN',
    registeredLocation: 'CN',
    currentStep: 'completeCompanyInfo',
    draft: {},
    review: null,
    ...patch,
  };
}

function answer<T>(queue: Array<Answer<T>> | undefined, fallback: T): Promise<T> {
  const next = queue?.shift() ?? fallback;
  return settleAnswer(next);
}

interface Fakes {
  views?: Array<Answer<WizardView>>;
  saves?: Array<Answer<SaveOutcome>>;
  drafts?: Array<Answer<SaveOutcome>>;
  submits?: Array<Answer<SubmitOutcome>>;
  verifications?: Array<Answer<QrVerificationOutput>>;
}

function start(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const places: string[] = [];
  const stepSaves: SaveStepInput[] = [];
  const draftSaves: SaveStepInput[] = [];
  const submits: Array<{ draft: CertificationDraft }> = [];
  const verificationInputs: unknown[] = [];
  const machine = certificationMachine.provide({
    actors: {
      'load application': fromPromise<WizardView, void>(() => answer(fakes.views, view())),
      'save step': fromPromise<SaveOutcome, SaveStepInput>(({ input }) => {
        stepSaves.push(input);
        return answer(fakes.saves, { kind: 'saved' });
      }),
      'draft autosave': draftAutosaveMachine.provide({
        actors: {
          'save draft': fromPromise<SaveOutcome, SaveStepInput>(({ input }) => {
            draftSaves.push(input);
            return answer(fakes.drafts, { kind: 'saved' });
          }),
        },
      }),
      'submit application': fromPromise<SubmitOutcome, { draft: CertificationDraft }>(({ input }) => {
        submits.push(input);
        return answer(fakes.submits, { kind: 'submitted' });
      }),
      'qr verification': fromPromise<QrVerificationOutput, unknown>(({ input }) => {
        verificationInputs.push(input);
        return answer(fakes.verifications, { result: 'verified', sessionId: SESSION_ID });
      }) as unknown as typeof qrVerificationMachine,
    },
    actions: {
      'show place': (_, { place }) => places.push(place),
      'record submission': () => places.push('(submission recorded)'),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, places, stepSaves, draftSaves, submits, verificationInputs };
}

type Actor = ReturnType<typeof start>['actor'];

const placeOf = (actor: Actor): string => {
  const value = actor.getSnapshot().value;
  if (typeof value === 'string') return value;
  const wizard = (value as { wizard?: Record<string, unknown> }).wizard;
  return wizard ? Object.keys(wizard)[0]! : JSON.stringify(value);
};

const WAIT = { timeout: 1_000 };

async function reach(actor: Actor, place: WizardPlace) {
  await waitFor(actor, (s) => !s.hasTag('busy') && placeOf(actor) === place, WAIT);
}

async function settle(actor: Actor) {
  await waitFor(actor, (s) => !s.hasTag('busy'), WAIT);
}

async function submitStep(actor: Actor, step: CertificationStep, values: StepValues = {}) {
  actor.send({ type: 'step.submit', step, values });
  await settle(actor);
}

/** Lets resolved promises reach the chart (no time passes on the simulated clock). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('helpers the views and the chart share', () => {
  it('placeAfter: the authorizer step is skipped only after the beneficiaries, only where it does not apply', () => {
    const without = { authorizerStepApplies: false };
    const withIt = { authorizerStepApplies: true };
    expect(placeAfter('completeCompanyInfo', without)).toBe('uploadEquityStructureChart');
    expect(placeAfter('uploadLegalPersonInfo', without)).toBe('uploadBeneficiaryInfo');
    expect(placeAfter('uploadBeneficiaryInfo', without)).toBe('uploadOtherInfo');
    expect(placeAfter('uploadBeneficiaryInfo', withIt)).toBe('uploadAuthorizerInfo');
    expect(placeAfter('uploadOtherInfo', withIt)).toBe('review');
  });

  it('authorizerName: "Given Surname" as the phone shows it, trimmed, with whatever part is given', () => {
    const person = (fields: unknown) => authorizerName({ person: fields });
    expect(person({ givenNameEnglish: ' Mei ', surnameEnglish: ' Chen ' })).toBe('Mei Chen');
    expect(person({ surnameEnglish: 'Chen' })).toBe('Chen');
    expect(person({ givenNameEnglish: 'Mei', surnameEnglish: '' })).toBe('Mei');
    // A field that is not text yet (a form half filled) is left out, not printed.
    expect(person({ givenNameEnglish: 7, surnameEnglish: 'Chen' })).toBe('Chen');
    expect(person(null)).toBe('');
    expect(person('Mei Chen')).toBe('');
    expect(authorizerName({})).toBe('');
  });

  it('stepsFor: until the server answers, the progress shows every step', async () => {
    const waiting = new Held<WizardView>();
    const { actor } = start({ views: [waiting] });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(stepsFor(actor.getSnapshot().context)).toContain('uploadAuthorizerInfo');
    waiting.release(view({ authorizerStepApplies: false }));
    await reach(actor, 'completeCompanyInfo');
    expect(stepsFor(actor.getSnapshot().context)).not.toContain('uploadAuthorizerInfo');
  });
});

describe('resuming from the server view', () => {
  it('without the authorizer step, opens at any other step the server names', async () => {
    const { actor } = start({
      views: [view({ authorizerStepApplies: false, currentStep: 'uploadLegalPersonInfo' })],
    });
    await reach(actor, 'uploadLegalPersonInfo');
  });

  it('a place the chart does not know opens the first step, not the review', async () => {
    const { actor } = start({ views: [view({ currentStep: 'elsewhere' as WizardPlace })] });
    await reach(actor, 'selectLocationCompany');
  });

  it('the view leaves no pending choice, no problems, no message and no referral', async () => {
    const { actor } = start();
    await reach(actor, 'completeCompanyInfo');
    expect(actor.getSnapshot().context).toMatchObject({
      pendingLocation: null,
      problems: null,
      message: null,
      verificationId: null,
      verificationReferred: false,
    });
  });

  it('a verification already saved with the authorizer step lets "none of these" leave it', async () => {
    const saved = { choice: 'none', verificationSessionId: SESSION_ID };
    const { actor, stepSaves } = start({
      views: [view({ currentStep: 'uploadAuthorizerInfo', draft: { uploadAuthorizerInfo: saved } })],
    });
    await reach(actor, 'uploadAuthorizerInfo');
    expect(actor.getSnapshot().context.verificationId).toBe(SESSION_ID);
    await submitStep(actor, 'uploadAuthorizerInfo', { choice: 'none' });
    expect(placeOf(actor)).toBe('uploadOtherInfo');
    expect(stepSaves[0]!.values).toEqual(saved);
  });

  it('an empty saved verification id is no verification: the step stays locked', async () => {
    const saved = { choice: 'none', verificationSessionId: '' };
    const { actor, stepSaves } = start({
      views: [view({ currentStep: 'uploadAuthorizerInfo', draft: { uploadAuthorizerInfo: saved } })],
    });
    await reach(actor, 'uploadAuthorizerInfo');
    expect(actor.getSnapshot().context.verificationId).toBeNull();
    await submitStep(actor, 'uploadAuthorizerInfo', { choice: 'none' });
    expect(actor.getSnapshot().context.message).toBe('verificationRequired');
    expect(stepSaves).toEqual([]);
  });

  it('a draft whose authorizer entry is missing (a Partial record) reads as no verification', async () => {
    const { actor } = start({
      views: [view({ currentStep: 'uploadAuthorizerInfo', draft: { uploadAuthorizerInfo: undefined } })],
    });
    await reach(actor, 'uploadAuthorizerInfo');
    expect(actor.getSnapshot().context.verificationId).toBeNull();
  });

  it('retrying a failed load takes the failure message away while it loads again', async () => {
    const again = new Held<WizardView>();
    const { actor } = start({ views: [new Error('network'), again] });
    await waitFor(actor, (s) => s.matches('loadFailed'), WAIT);
    expect(actor.getSnapshot().context.message).toBe('loadFailed');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.message).toBeNull();
    again.release(view());
    await reach(actor, 'completeCompanyInfo');
  });
});

describe('the step order backwards (spec §2: back and next)', () => {
  it('with the authorizer step: from the review back to the location, one step at a time', async () => {
    const { actor, places } = start({ views: [view({ currentStep: 'review' })] });
    await reach(actor, 'review');
    const back: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      actor.send({ type: 'step.back' });
      back.push(placeOf(actor));
    }
    expect(back).toEqual([
      'uploadOtherInfo',
      'uploadAuthorizerInfo',
      'uploadBeneficiaryInfo',
      'uploadLegalPersonInfo',
      'uploadEquityStructureChart',
      'completeCompanyInfo',
      'selectLocationCompany',
    ]);
    expect(places).toEqual(['review', ...back]);
  });

  it('without the authorizer step: from the other info back to the beneficiaries', async () => {
    const { actor } = start({
      views: [view({ authorizerStepApplies: false, currentStep: 'uploadOtherInfo' })],
    });
    await reach(actor, 'uploadOtherInfo');
    actor.send({ type: 'step.back' });
    expect(placeOf(actor)).toBe('uploadBeneficiaryInfo');
  });

  it('going back from the authorizer step or the review clears the message shown there', async () => {
    const { actor } = start({ views: [view({ currentStep: 'uploadAuthorizerInfo' })] });
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'step.submit', step: 'uploadAuthorizerInfo', values: { choice: 'none' } });
    expect(actor.getSnapshot().context.message).toBe('verificationRequired');
    actor.send({ type: 'step.back' });
    expect(placeOf(actor)).toBe('uploadBeneficiaryInfo');
    expect(actor.getSnapshot().context.message).toBeNull();

    const review = start({ views: [view({ currentStep: 'review' })], submits: [new Error('network')] });
    await reach(review.actor, 'review');
    review.actor.send({ type: 'user.submit' });
    await waitFor(review.actor, (s) => s.matches('review') && s.context.message === 'submitFailed', WAIT);
    review.actor.send({ type: 'step.back' });
    expect(placeOf(review.actor)).toBe('uploadOtherInfo');
    expect(review.actor.getSnapshot().context.message).toBeNull();
  });
});

describe('the location step (spec §2: cannot be changed once confirmed)', () => {
  it('Next before a location is confirmed goes nowhere and saves nothing', async () => {
    const { actor, stepSaves } = start({ views: [view({ location: null })] });
    await reach(actor, 'selectLocationCompany');
    actor.send({ type: 'step.submit', step: 'selectLocationCompany', values: { location: 'CN' } });
    expect(actor.getSnapshot().matches({ wizard: { selectLocationCompany: 'choosing' } })).toBe(true);
    expect(stepSaves).toEqual([]);
  });

  it("a confirmed location goes on only on its own step's Next", async () => {
    const { actor } = start({ views: [view({ currentStep: 'selectLocationCompany' })] });
    await reach(actor, 'selectLocationCompany');
    actor.send({ type: 'step.submit', step: 'completeCompanyInfo', values: {} });
    expect(placeOf(actor)).toBe('selectLocationCompany');
  });

  it('cancelling the prompt forgets the chosen location (the step proposes the registered one again)', async () => {
    const { actor } = start({ views: [view({ location: null })] });
    await reach(actor, 'selectLocationCompany');
    actor.send({ type: 'user.chooseLocation', location: 'HK' });
    expect(actor.getSnapshot().context.pendingLocation).toBe('HK');
    actor.send({ type: 'user.cancelLocation' });
    expect(actor.getSnapshot().context.pendingLocation).toBeNull();
  });

  it('busy while the confirmation is saved; the location then joins the draft, the rest kept', async () => {
    const held = new Held<SaveOutcome>();
    const typed = { companyNameEnglish: 'Acme Ltd' };
    const { actor } = start({
      views: [view({ location: null, draft: { completeCompanyInfo: typed } })],
      saves: [held],
    });
    await reach(actor, 'selectLocationCompany');
    actor.send({ type: 'user.chooseLocation', location: 'SG' });
    actor.send({ type: 'user.confirmLocation' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    held.release({ kind: 'saved' });
    await reach(actor, 'completeCompanyInfo');
    expect(actor.getSnapshot().context.location).toBe('SG');
    expect(actor.getSnapshot().context.draft.selectLocationCompany).toEqual({ location: 'SG' });
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual(typed);
  });

  it('a refused confirmation shows its problems on the location step', async () => {
    const problems = [{ path: 'location', message: 'location.locked' }];
    const { actor } = start({ views: [view({ location: null })], saves: [{ kind: 'invalid', problems }] });
    await reach(actor, 'selectLocationCompany');
    actor.send({ type: 'user.chooseLocation', location: 'SG' });
    actor.send({ type: 'user.confirmLocation' });
    await waitFor(actor, (s) => s.matches({ wizard: { selectLocationCompany: 'choosing' } }), WAIT);
    expect(actor.getSnapshot().context.problems).toEqual({ step: 'selectLocationCompany', problems });
  });

  it('a confirmation that did not reach the server stays on the step, nothing locked, saveFailed', async () => {
    const { actor } = start({ views: [view({ location: null })], saves: [new Error('network')] });
    await reach(actor, 'selectLocationCompany');
    actor.send({ type: 'user.chooseLocation', location: 'SG' });
    actor.send({ type: 'user.confirmLocation' });
    await waitFor(actor, (s) => s.context.message === 'saveFailed', WAIT);
    expect(actor.getSnapshot().matches({ wizard: { selectLocationCompany: 'choosing' } })).toBe(true);
    expect(actor.getSnapshot().context.location).toBeNull();
  });
});

describe('leaving a step saves it (spec §4: every completed step is saved when it is left)', () => {
  it('busy while saved, the save marked complete; a refusal stays on the step with its problems', async () => {
    const held = new Held<SaveOutcome>();
    const problems = [{ path: 'companyNameEnglish', message: 'companyName.englishFormat' }];
    const { actor, stepSaves } = start({ saves: [held, { kind: 'saved' }] });
    await reach(actor, 'completeCompanyInfo');
    actor.send({ type: 'step.submit', step: 'completeCompanyInfo', values: { companyNameEnglish: '?' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(stepSaves[0]).toMatchObject({ step: 'completeCompanyInfo', complete: true });
    held.release({ kind: 'invalid', problems });
    await settle(actor);
    expect(actor.getSnapshot().matches({ wizard: { completeCompanyInfo: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      problems: { step: 'completeCompanyInfo', problems },
      message: 'validationFailed',
    });
    await submitStep(actor, 'completeCompanyInfo', { companyNameEnglish: 'Acme Ltd' });
    expect(placeOf(actor)).toBe('uploadEquityStructureChart');
    expect(actor.getSnapshot().context.problems).toBeNull();
  });

  it('without the authorizer step, each save names the next step this company has', async () => {
    const { actor, stepSaves } = start({
      views: [view({ authorizerStepApplies: false, currentStep: 'completeCompanyInfo' })],
    });
    await reach(actor, 'completeCompanyInfo');
    await submitStep(actor, 'completeCompanyInfo');
    expect(stepSaves[0]!.currentStep).toBe('uploadEquityStructureChart');
  });
});

describe('the authorizer step (spec §2, §5; docs/product-rules.md "Authorizer step"; issue 16 §3)', () => {
  const atAuthorizer = (fakes: Fakes = {}) =>
    start({ views: [view({ currentStep: 'uploadAuthorizerInfo' })], ...fakes });
  const person = { givenNameEnglish: 'Mei', surnameEnglish: 'Chen' };

  it('ignores a Next from another step than the one shown', async () => {
    const { actor, stepSaves } = atAuthorizer();
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'step.submit', step: 'uploadOtherInfo', values: { choice: 'sameAsDirector' } });
    expect(placeOf(actor)).toBe('uploadAuthorizerInfo');
    expect(stepSaves).toEqual([]);
  });

  it('"none of these" refused before verification keeps what was typed in the draft', async () => {
    const { actor } = atAuthorizer();
    await reach(actor, 'uploadAuthorizerInfo');
    const values = { choice: 'none', person };
    actor.send({ type: 'step.submit', step: 'uploadAuthorizerInfo', values });
    expect(actor.getSnapshot().context.draft.uploadAuthorizerInfo).toEqual({
      ...values,
      verificationSessionId: null,
    });
  });

  it('the verification: the QR child gets the authorizer\'s name, the message goes, "verifying" while it runs', async () => {
    const held = new Held<QrVerificationOutput>();
    const { actor, verificationInputs } = atAuthorizer({ verifications: [held] });
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'user.edit', step: 'uploadAuthorizerInfo', values: { choice: 'none', person } });
    actor.send({ type: 'step.submit', step: 'uploadAuthorizerInfo', values: { choice: 'none', person } });
    expect(actor.getSnapshot().context.message).toBe('verificationRequired');
    actor.send({ type: 'user.startVerification' });
    expect(actor.getSnapshot().hasTag('verifying')).toBe(true);
    expect(actor.getSnapshot().context.message).toBeNull();
    // AuthorizerStep finds the QR dialog's actor under this id.
    expect(actor.getSnapshot().children['qrVerification']).toBeDefined();
    expect(verificationInputs).toEqual([{ subjectName: 'Mei Chen' }]);
    held.release({ result: 'verified', sessionId: SESSION_ID });
    await waitFor(actor, (s) => !s.hasTag('verifying'), WAIT);
    expect(actor.getSnapshot().context).toMatchObject({
      verificationId: SESSION_ID,
      verificationReferred: false,
    });
  });

  it('a verification referred to review lets the step go on, and says it was referred', async () => {
    const { actor, stepSaves } = atAuthorizer({
      verifications: [{ result: 'referred', sessionId: SESSION_ID }],
    });
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'user.startVerification' });
    await waitFor(actor, (s) => !s.hasTag('verifying'), WAIT);
    expect(actor.getSnapshot().context).toMatchObject({
      verificationId: SESSION_ID,
      verificationReferred: true,
    });
    await submitStep(actor, 'uploadAuthorizerInfo', { choice: 'none', person });
    expect(placeOf(actor)).toBe('uploadOtherInfo');
    expect(stepSaves[0]!.values['verificationSessionId']).toBe(SESSION_ID);
  });

  // docs/product-rules.md "QR verification": cancelling voids the scan and the desktop must show a new code
  // before submit; docs/decisions/small-decisions.md "QR regenerate": a new dialog's session supersedes the earlier
  // one on the server (isVerificationSessionVerified then refuses it at submit).
  it('a second verification closed without a result voids the first: the step is locked again', async () => {
    const { actor, stepSaves } = atAuthorizer({
      verifications: [{ result: 'referred', sessionId: SESSION_ID }, { result: 'closed' }],
    });
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'user.startVerification' });
    await waitFor(actor, (s) => s.context.verificationId === SESSION_ID, WAIT);
    actor.send({ type: 'user.startVerification' });
    await waitFor(actor, (s) => !s.hasTag('verifying'), WAIT);
    expect(actor.getSnapshot().context).toMatchObject({ verificationId: null, verificationReferred: false });
    await submitStep(actor, 'uploadAuthorizerInfo', { choice: 'none', person });
    expect(actor.getSnapshot().context.message).toBe('verificationRequired');
    expect(stepSaves).toEqual([]);
  });

  it('a verification that fails to run returns to the form, still locked', async () => {
    const { actor } = atAuthorizer({ verifications: [new Error('camera')] });
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'user.startVerification' });
    await waitFor(actor, (s) => !s.hasTag('verifying'), WAIT);
    expect(actor.getSnapshot().matches({ wizard: { uploadAuthorizerInfo: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.verificationId).toBeNull();
  });

  it('busy while saved, marked complete; a refusal shows its problems; the next save clears them', async () => {
    const held = new Held<SaveOutcome>();
    const problems = [{ path: 'choice', message: 'authorizer.choiceRequired' }];
    const { actor, stepSaves } = atAuthorizer({ saves: [held, { kind: 'saved' }] });
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'step.submit', step: 'uploadAuthorizerInfo', values: { choice: 'sameAsDirector' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(stepSaves[0]).toMatchObject({ step: 'uploadAuthorizerInfo', complete: true });
    held.release({ kind: 'invalid', problems });
    await settle(actor);
    expect(actor.getSnapshot().matches({ wizard: { uploadAuthorizerInfo: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      problems: { step: 'uploadAuthorizerInfo', problems },
      message: 'validationFailed',
    });
    await submitStep(actor, 'uploadAuthorizerInfo', { choice: 'sameAsDirector' });
    expect(placeOf(actor)).toBe('uploadOtherInfo');
    expect(actor.getSnapshot().context).toMatchObject({ problems: null, message: null });
  });

  it('a save that did not reach the server stays on the step with saveFailed', async () => {
    const { actor } = atAuthorizer({ saves: [new Error('network')] });
    await reach(actor, 'uploadAuthorizerInfo');
    await submitStep(actor, 'uploadAuthorizerInfo', { choice: 'sameAsDirector' });
    expect(actor.getSnapshot().matches({ wizard: { uploadAuthorizerInfo: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('saveFailed');
  });

  it('a save refused as stale shows the conflict (issue 17 §3)', async () => {
    const { actor } = atAuthorizer({ saves: [{ kind: 'conflict' }] });
    await reach(actor, 'uploadAuthorizerInfo');
    await submitStep(actor, 'uploadAuthorizerInfo', { choice: 'sameAsDirector' });
    expect(actor.getSnapshot().matches({ wizard: { uploadAuthorizerInfo: 'conflicted' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('conflict')).toBe(true);
  });

  it('an autosave refused as stale shows the conflict on this step too', async () => {
    const { actor, clock } = atAuthorizer({ drafts: [{ kind: 'conflict' }] });
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'user.edit', step: 'uploadAuthorizerInfo', values: { choice: 'sameAsDirector' } });
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(actor, (s) => s.hasTag('conflict'), WAIT);
    expect(actor.getSnapshot().matches({ wizard: { uploadAuthorizerInfo: 'conflicted' } })).toBe(true);
  });

  it('leaving the step settles its pending autosave: the values go once, with the step save', async () => {
    const { actor, clock, draftSaves, stepSaves } = atAuthorizer();
    await reach(actor, 'uploadAuthorizerInfo');
    const values = { choice: 'sameAsDirector' };
    actor.send({ type: 'user.edit', step: 'uploadAuthorizerInfo', values });
    await submitStep(actor, 'uploadAuthorizerInfo', values);
    clock.increment(Limits.draftAutosaveMs * 2);
    await flush();
    expect(draftSaves).toEqual([]);
    expect(stepSaves).toHaveLength(1);
  });
});

describe('the review and submit (spec §2, §5)', () => {
  it('submits the whole draft, busy meanwhile; a retry after a failure clears the failure first', async () => {
    const held = new Held<SubmitOutcome>();
    const draft = { completeCompanyInfo: { companyNameEnglish: 'Acme Ltd' } };
    const { actor, submits, places } = start({
      views: [view({ currentStep: 'review', draft })],
      submits: [new Error('network'), held],
    });
    await reach(actor, 'review');
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('review') && s.context.message === 'submitFailed', WAIT);
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(submits[1]).toEqual({ draft: actor.getSnapshot().context.draft });
    expect(submits[1]!.draft.completeCompanyInfo).toEqual(draft.completeCompanyInfo);
    held.release({ kind: 'submitted' });
    await waitFor(actor, (s) => s.matches('submitted'), WAIT);
    // The chart is done: nothing more happens in this wizard after submit.
    expect(actor.getSnapshot().status).toBe('done');
    expect(places.at(-1)).toBe('(submission recorded)');
  });

  it('a submit refused as stale carries the conflict tag the review reads', async () => {
    const { actor } = start({ views: [view({ currentStep: 'review' })], submits: [{ kind: 'conflict' }] });
    await reach(actor, 'review');
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('submitConflict'), WAIT);
    expect(actor.getSnapshot().hasTag('conflict')).toBe(true);
  });
});

describe('the draft autosave (spec §4: typing is autosaved; §8: a failed save is retried)', () => {
  function autosave(drafts: Array<Answer<SaveOutcome>> = []) {
    const clock = new SimulatedClock();
    const saves: SaveStepInput[] = [];
    const machine = draftAutosaveMachine.provide({
      actors: {
        'save draft': fromPromise<SaveOutcome, SaveStepInput>(({ input }) => {
          saves.push(input);
          return answer(drafts, { kind: 'saved' });
        }),
      },
    });
    // No input: the chart runs alone (diagrams, path tests) and tells itself about a conflict.
    const actor = createActor(machine, { clock, input: undefined }).start();
    return { actor, clock, saves };
  }
  const changed = (values: StepValues, step: CertificationStep = 'completeCompanyInfo') =>
    ({ type: 'draft.changed', step, values }) as const;

  it('shows "saving" while the draft is on its way', async () => {
    const held = new Held<SaveOutcome>();
    const { actor, clock } = autosave([held]);
    actor.send(changed({ note: 'a' }));
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    clock.increment(Limits.draftAutosaveMs);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    held.release({ kind: 'saved' });
    await waitFor(actor, (s) => s.matches('clean'), WAIT);
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
  });

  it('typing during a save abandons it: the newer values are saved after the debounce', async () => {
    const held = new Held<SaveOutcome>();
    const { actor, clock, saves } = autosave([held]);
    actor.send(changed({ note: 'a' }));
    clock.increment(Limits.draftAutosaveMs);
    actor.send(changed({ note: 'ab' }));
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    held.release({ kind: 'saved' });
    await flush();
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(actor, (s) => s.matches('clean'), WAIT);
    expect(saves.map((s) => s.values)).toEqual([{ note: 'a' }, { note: 'ab' }]);
  });

  it('typing after a failed save is saved after the debounce, without waiting for the retry', async () => {
    const { actor, clock, saves } = autosave([new Error('network')]);
    actor.send(changed({ note: 'a' }));
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(actor, (s) => s.hasTag('failed'), WAIT);
    actor.send(changed({ note: 'ab' }));
    expect(Limits.draftAutosaveMs).toBeLessThan(DRAFT_AUTOSAVE_RETRY_MS);
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(actor, (s) => s.matches('clean'), WAIT);
    expect(saves.map((s) => s.values)).toEqual([{ note: 'a' }, { note: 'ab' }]);
  });

  it("another step's save does not settle what is waiting for this one", async () => {
    const { actor, clock, saves } = autosave();
    actor.send(changed({ note: 'a' }, 'uploadEquityStructureChart'));
    actor.send({ type: 'draft.settled', step: 'completeCompanyInfo' });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(actor, (s) => s.matches('clean'), WAIT);
    expect(saves).toEqual([
      {
        step: 'uploadEquityStructureChart',
        values: { note: 'a' },
        complete: false,
        currentStep: 'uploadEquityStructureChart',
      },
    ]);
  });

  it('in the wizard: typing on a step, going back and leaving the earlier step still autosaves it', async () => {
    const { actor, clock, draftSaves } = start({
      views: [view({ currentStep: 'uploadEquityStructureChart' })],
    });
    await reach(actor, 'uploadEquityStructureChart');
    actor.send({ type: 'user.edit', step: 'uploadEquityStructureChart', values: { chart: 'f1' } });
    actor.send({ type: 'step.back' });
    await submitStep(actor, 'completeCompanyInfo', { companyNameEnglish: 'Acme Ltd' });
    clock.increment(Limits.draftAutosaveMs);
    await flush();
    expect(draftSaves.map((s) => [s.step, s.values])).toEqual([
      ['uploadEquityStructureChart', { chart: 'f1' }],
    ]);
  });

  it('going back does not save the step; its typing is still autosaved (the wizard keeps its autosave)', async () => {
    const { actor, clock, draftSaves, stepSaves } = start();
    await reach(actor, 'completeCompanyInfo');
    actor.send({ type: 'user.edit', step: 'completeCompanyInfo', values: { note: 'x' } });
    actor.send({ type: 'step.back' });
    expect(placeOf(actor)).toBe('selectLocationCompany');
    clock.increment(Limits.draftAutosaveMs);
    await flush();
    expect(stepSaves).toEqual([]);
    expect(draftSaves.map((s) => [s.step, s.values])).toEqual([['completeCompanyInfo', { note: 'x' }]]);
  });

  it("after a conflict nothing is sent again: neither typing nor the step's own save reopens it", async () => {
    const { actor, clock, saves } = autosave([{ kind: 'conflict' }]);
    actor.send(changed({ note: 'a' }));
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(actor, (s) => s.matches('conflicted'), WAIT);
    actor.send({ type: 'draft.settled', step: 'completeCompanyInfo' });
    actor.send(changed({ note: 'ab' }));
    actor.send({ type: 'user.retrySave' });
    clock.increment(Limits.draftAutosaveMs + DRAFT_AUTOSAVE_RETRY_MS);
    await flush();
    expect(actor.getSnapshot().matches('conflicted')).toBe(true);
    expect(saves).toHaveLength(1);
  });
});

describe('effects are provided, never assumed: the placeholder names what is missing', () => {
  const failureOf = async (logic: unknown) => {
    const actor = createActor(logic as never, { input: {} as never });
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    return failed;
  };

  it.each(['load application', 'save step', 'submit application'] as const)('%s', async (name) => {
    const error = await failureOf(certificationMachine.implementations.actors[name]);
    expect(error).toBeInstanceOf(NotProvidedError);
    expect((error as NotProvidedError).implementationName).toBe(name);
  });

  it('save draft', async () => {
    const error = await failureOf(draftAutosaveMachine.implementations.actors['save draft']);
    expect((error as NotProvidedError).implementationName).toBe('save draft');
  });

  it.each(['show place', 'record submission'] as const)('the action %s', (name) => {
    const action = certificationMachine.implementations.actions[name] as unknown as () => void;
    expect(() => action()).toThrow(expect.objectContaining({ implementationName: name }));
  });
});

// The wizard's children are found by id: the views read 'autosave' and 'branches' (and
// 'qrVerification' above); a conflict reaches the wizard from the autosave child.
describe('the wizard and its autosave child', () => {
  it('the autosave child tells the wizard of a conflict while a step is shown', async () => {
    const { actor, clock } = start({ drafts: [{ kind: 'conflict' }] });
    await reach(actor, 'completeCompanyInfo');
    const child = actor.getSnapshot().children['autosave'] as AnyActorRef;
    actor.send({ type: 'user.edit', step: 'completeCompanyInfo', values: { note: 'x' } });
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(child, (s) => s.matches('conflicted'), WAIT);
    expect(actor.getSnapshot().hasTag('conflict')).toBe(true);
  });
});
