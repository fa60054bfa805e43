// The certification wizard chart (issue 5): every step order, the location lock, leaving a step
// only when saved, autosave with a simulated clock, resuming from the server view and from a
// persisted snapshot, submit problems. Fakes for every effect; no module mocking.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { AnyActorRef } from 'xstate';
import {
  certificationMachine,
  draftAutosaveMachine,
  DRAFT_AUTOSAVE_RETRY_MS,
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
import { machineVersion } from '../../machines/machineVersion';
import { registryEntry } from '../../machines/registry';
import { Limits } from '../../src/contract/limits';

const SESSION_ID = '00000000-0000-4000-8000-0000000000b7';

function view(patch: Partial<WizardView> = {}): WizardView {
  return {
    authorizerStepApplies: true,
    location: null,
    registeredLocation: 'CN',
    currentStep: 'selectLocationCompany',
    draft: {},
    review: null,
    ...patch,
  };
}

interface Fakes {
  view?: WizardView | Error;
  /** Answers of 'save step' in order; an Error rejects (transport failure). Default: saved. */
  saves?: Array<SaveOutcome | Error>;
  drafts?: Array<SaveOutcome | Error>;
  submits?: Array<SubmitOutcome | Error>;
  verification?: QrVerificationOutput;
}

function answer<T>(queue: Array<T | Error> | undefined, fallback: T): Promise<T> {
  const next = queue?.shift() ?? fallback;
  return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
}

function start(fakes: Fakes = {}, options: { snapshot?: unknown } = {}) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const stepSaves: SaveStepInput[] = [];
  const draftSaves: SaveStepInput[] = [];
  const submits: unknown[] = [];
  const machine = certificationMachine.provide({
    actors: {
      'load application': fromPromise<WizardView, void>(async () => {
        const v = fakes.view ?? view();
        if (v instanceof Error) throw v;
        return v;
      }),
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
      'qr verification': fromPromise<QrVerificationOutput, unknown>(async () => {
        log.push('verification started');
        return fakes.verification ?? { result: 'verified', sessionId: SESSION_ID };
      }) as unknown as typeof qrVerificationMachine,
    },
    actions: {
      'show place': (_, { place }) => log.push(`show ${place}`),
      'record submission': () => log.push('submitted'),
    },
  });
  const actor = createActor(machine, {
    clock,
    ...(options.snapshot ? { snapshot: options.snapshot as never } : {}),
  }).start();
  return { actor, clock, log, stepSaves, draftSaves, submits };
}

type Actor = ReturnType<typeof start>['actor'];

const placeOf = (actor: Actor): string => {
  const value = actor.getSnapshot().value;
  if (typeof value === 'string') return value;
  const wizard = (value as { wizard?: Record<string, unknown> }).wizard;
  return wizard ? Object.keys(wizard)[0]! : JSON.stringify(value);
};

async function reach(actor: Actor, place: WizardPlace) {
  await waitFor(actor, (s) => !s.hasTag('busy') && placeOf(actor) === place);
}

async function next(actor: Actor, step: CertificationStep, values: StepValues = {}) {
  actor.send({ type: 'step.submit', step, values });
  await waitFor(actor, (s) => !s.hasTag('busy'));
}

async function confirmLocation(actor: Actor) {
  await reach(actor, 'selectLocationCompany');
  actor.send({ type: 'user.chooseLocation', location: 'CN' });
  expect(actor.getSnapshot().matches({ wizard: { selectLocationCompany: 'confirming' } })).toBe(true);
  actor.send({ type: 'user.confirmLocation' });
  await reach(actor, 'completeCompanyInfo');
}

/** Walks from company info to the beneficiaries' next place; returns the places visited. */
async function throughBeneficiaries(actor: Actor, hasBeneficiaries: boolean) {
  await next(actor, 'completeCompanyInfo', { companyNameEnglish: 'Acme Ltd' });
  await next(actor, 'uploadEquityStructureChart', { equityStructureChartFileId: 'f1' });
  await next(actor, 'uploadLegalPersonInfo', { surnameEnglish: 'Chen' });
  await next(actor, 'uploadBeneficiaryInfo', { hasBeneficiaries });
}

describe('certification wizard: step order', () => {
  for (const hasBeneficiaries of [true, false]) {
    for (const choice of ['sameAsDirector', 'sameAsBeneficiary'] as const) {
      it(`manager, beneficiaries ${hasBeneficiaries ? 'yes' : 'no'}, authorizer "${choice}": every step, then review`, async () => {
        const { actor, log, stepSaves } = start();
        await confirmLocation(actor);
        await throughBeneficiaries(actor, hasBeneficiaries);
        expect(placeOf(actor)).toBe('uploadAuthorizerInfo');
        await next(actor, 'uploadAuthorizerInfo', { choice });
        expect(placeOf(actor)).toBe('uploadOtherInfo');
        await next(actor, 'uploadOtherInfo', { otherFileIds: [] });
        expect(placeOf(actor)).toBe('review');
        expect(log.filter((l) => l.startsWith('show')).map((l) => l.slice(5))).toEqual([
          'selectLocationCompany',
          'completeCompanyInfo',
          'uploadEquityStructureChart',
          'uploadLegalPersonInfo',
          'uploadBeneficiaryInfo',
          'uploadAuthorizerInfo',
          'uploadOtherInfo',
          'review',
        ]);
        expect(stepSaves.map((s) => [s.step, s.currentStep])).toEqual([
          ['selectLocationCompany', 'completeCompanyInfo'],
          ['completeCompanyInfo', 'uploadEquityStructureChart'],
          ['uploadEquityStructureChart', 'uploadLegalPersonInfo'],
          ['uploadLegalPersonInfo', 'uploadBeneficiaryInfo'],
          ['uploadBeneficiaryInfo', 'uploadAuthorizerInfo'],
          ['uploadAuthorizerInfo', 'uploadOtherInfo'],
          ['uploadOtherInfo', 'uploadOtherInfo'],
        ]);
        expect(stepSaves[4]!.values).toEqual({ hasBeneficiaries });
        expect(stepSaves[5]!.values).toEqual({ choice });
      });
    }
  }

  it('legal person as account holder: no authorizer step, forwards and backwards', async () => {
    const { actor, stepSaves } = start({ view: view({ authorizerStepApplies: false }) });
    await confirmLocation(actor);
    await throughBeneficiaries(actor, false);
    expect(placeOf(actor)).toBe('uploadOtherInfo');
    expect(stepSaves.at(-1)).toMatchObject({ step: 'uploadBeneficiaryInfo', currentStep: 'uploadOtherInfo' });
    actor.send({ type: 'step.back' });
    expect(placeOf(actor)).toBe('uploadBeneficiaryInfo');
  });

  it('"none of these": the step cannot be left before the QR verification reports verified', async () => {
    const { actor, log, stepSaves } = start({
      view: view({ location: 'CN', currentStep: 'uploadAuthorizerInfo' }),
    });
    await reach(actor, 'uploadAuthorizerInfo');
    const values = { choice: 'none', person: { givenNameEnglish: 'Mei', surnameEnglish: 'Chen' } };
    actor.send({ type: 'step.submit', step: 'uploadAuthorizerInfo', values });
    expect(placeOf(actor)).toBe('uploadAuthorizerInfo');
    expect(actor.getSnapshot().context.message).toBe('verificationRequired');
    expect(stepSaves).toEqual([]);

    actor.send({ type: 'user.startVerification' });
    expect(actor.getSnapshot().hasTag('verifying')).toBe(true);
    await waitFor(actor, (s) => s.context.verificationId === SESSION_ID);
    expect(log).toContain('verification started');
    await next(actor, 'uploadAuthorizerInfo', values);
    expect(placeOf(actor)).toBe('uploadOtherInfo');
    expect(stepSaves[0]!.values).toEqual({ ...values, verificationSessionId: SESSION_ID });
  });

  it('a verification closed without a result leaves the step locked', async () => {
    const { actor } = start({
      view: view({ location: 'CN', currentStep: 'uploadAuthorizerInfo' }),
      verification: { result: 'closed' },
    });
    await reach(actor, 'uploadAuthorizerInfo');
    actor.send({ type: 'user.startVerification' });
    await waitFor(actor, (s) => !s.hasTag('verifying'));
    actor.send({ type: 'step.submit', step: 'uploadAuthorizerInfo', values: { choice: 'none' } });
    expect(actor.getSnapshot().context.message).toBe('verificationRequired');
    expect(placeOf(actor)).toBe('uploadAuthorizerInfo');
  });

  it('ignores a submit from another step than the one shown', async () => {
    const { actor, stepSaves } = start({
      view: view({ location: 'CN', currentStep: 'completeCompanyInfo' }),
    });
    await reach(actor, 'completeCompanyInfo');
    actor.send({ type: 'step.submit', step: 'uploadOtherInfo', values: {} });
    expect(placeOf(actor)).toBe('completeCompanyInfo');
    expect(stepSaves).toEqual([]);
  });
});

describe('certification wizard: the location lock', () => {
  it('the prompt can be cancelled; once confirmed the location can never be chosen again', async () => {
    const { actor, stepSaves } = start();
    await reach(actor, 'selectLocationCompany');
    actor.send({ type: 'user.chooseLocation', location: 'HK' });
    actor.send({ type: 'user.cancelLocation' });
    expect(actor.getSnapshot().matches({ wizard: { selectLocationCompany: 'choosing' } })).toBe(true);
    expect(stepSaves).toEqual([]);
    await confirmLocation(actor);
    expect(stepSaves).toEqual([
      {
        step: 'selectLocationCompany',
        values: { location: 'CN' },
        complete: true,
        currentStep: 'completeCompanyInfo',
      },
    ]);
    actor.send({ type: 'step.back' });
    expect(placeOf(actor)).toBe('selectLocationCompany');
    expect(actor.getSnapshot().can({ type: 'user.chooseLocation', location: 'HK' })).toBe(false);
    actor.send({ type: 'user.chooseLocation', location: 'HK' });
    expect(actor.getSnapshot().context.location).toBe('CN');
    await next(actor, 'selectLocationCompany');
    expect(placeOf(actor)).toBe('completeCompanyInfo');
  });

  it('a location confirmed on the server is locked when the wizard resumes', async () => {
    const { actor } = start({ view: view({ location: 'HK', currentStep: 'completeCompanyInfo' }) });
    await reach(actor, 'completeCompanyInfo');
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().can({ type: 'user.chooseLocation', location: 'CN' })).toBe(false);
  });

  it('a refused confirmation (409 location locked) stays on the step with nothing locked', async () => {
    const { actor } = start({ saves: [{ kind: 'invalid', problems: [] }] });
    await reach(actor, 'selectLocationCompany');
    actor.send({ type: 'user.chooseLocation', location: 'SG' });
    actor.send({ type: 'user.confirmLocation' });
    await waitFor(actor, (s) => s.matches({ wizard: { selectLocationCompany: 'choosing' } }));
    expect(actor.getSnapshot().context).toMatchObject({
      location: null,
      pendingLocation: null,
      message: 'validationFailed',
    });
  });
});

describe('certification wizard: saving', () => {
  it('a failed save on leaving keeps the values, shows the failure, and a second Next retries', async () => {
    const { actor, stepSaves } = start({
      view: view({ location: 'CN', currentStep: 'completeCompanyInfo' }),
      saves: [new Error('network')],
    });
    await reach(actor, 'completeCompanyInfo');
    await next(actor, 'completeCompanyInfo', { companyNameEnglish: 'Acme Ltd' });
    expect(placeOf(actor)).toBe('completeCompanyInfo');
    expect(actor.getSnapshot().context.message).toBe('saveFailed');
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual({ companyNameEnglish: 'Acme Ltd' });
    await next(actor, 'completeCompanyInfo', { companyNameEnglish: 'Acme Ltd' });
    expect(placeOf(actor)).toBe('uploadEquityStructureChart');
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(stepSaves).toHaveLength(2);
  });

  it('typing is autosaved after the debounce, once, with the last values', async () => {
    const { actor, clock, draftSaves } = start({
      view: view({ location: 'CN', currentStep: 'completeCompanyInfo' }),
    });
    await reach(actor, 'completeCompanyInfo');
    actor.send({ type: 'user.edit', step: 'completeCompanyInfo', values: { companyNameEnglish: 'A' } });
    clock.increment(Limits.draftAutosaveMs - 1);
    actor.send({ type: 'user.edit', step: 'completeCompanyInfo', values: { companyNameEnglish: 'Ac' } });
    clock.increment(Limits.draftAutosaveMs - 1);
    expect(draftSaves).toEqual([]);
    clock.increment(1);
    await Promise.resolve();
    expect(draftSaves).toEqual([
      {
        step: 'completeCompanyInfo',
        values: { companyNameEnglish: 'Ac' },
        complete: false,
        currentStep: 'completeCompanyInfo',
      },
    ]);
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual({ companyNameEnglish: 'Ac' });
  });

  it('a failed autosave is shown and retried after the retry delay; nothing typed is lost', async () => {
    const { actor, clock, draftSaves } = start({
      view: view({ location: 'CN', currentStep: 'completeCompanyInfo' }),
      drafts: [new Error('network')],
    });
    await reach(actor, 'completeCompanyInfo');
    const autosave = actor.getSnapshot().children['autosave'] as AnyActorRef;
    actor.send({
      type: 'user.edit',
      step: 'completeCompanyInfo',
      values: { website: 'https://acme.example' },
    });
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(autosave, (s) => s.hasTag('failed'));
    expect(draftSaves).toHaveLength(1);
    clock.increment(DRAFT_AUTOSAVE_RETRY_MS);
    await waitFor(autosave, (s) => s.matches('clean'));
    expect(draftSaves).toHaveLength(2);
    expect(draftSaves[1]!.values).toEqual({ website: 'https://acme.example' });
  });

  it('the user can retry a failed autosave at once', async () => {
    const { actor, clock, draftSaves } = start({
      view: view({ location: 'CN', currentStep: 'completeCompanyInfo' }),
      drafts: [new Error('network')],
    });
    await reach(actor, 'completeCompanyInfo');
    const autosave = actor.getSnapshot().children['autosave'] as AnyActorRef;
    actor.send({ type: 'user.edit', step: 'completeCompanyInfo', values: { note: 'x' } });
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(autosave, (s) => s.hasTag('failed'));
    actor.send({ type: 'user.retrySave' });
    await waitFor(autosave, (s) => s.matches('clean'));
    expect(draftSaves).toHaveLength(2);
  });

  it('a step save refused for the draft’s size (issue 29 §4) stays on the step with its own message', async () => {
    const refusal = Object.assign(new Error('draftTooLarge'), { refusal: 'draftTooLarge' as const });
    const { actor, stepSaves } = start({
      view: view({ location: 'CN', currentStep: 'completeCompanyInfo' }),
      saves: [refusal, new Error('network')],
    });
    await reach(actor, 'completeCompanyInfo');
    await next(actor, 'completeCompanyInfo', { companyNameEnglish: 'Acme Ltd' });
    expect(placeOf(actor)).toBe('completeCompanyInfo');
    expect(actor.getSnapshot().context.message).toBe('draftTooLarge');
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual({ companyNameEnglish: 'Acme Ltd' });
    // Any other failure is the generic one.
    await next(actor, 'completeCompanyInfo', { companyNameEnglish: 'Acme Ltd' });
    expect(actor.getSnapshot().context.message).toBe('saveFailed');
    expect(stepSaves).toHaveLength(2);
  });

  it('an autosave refused for the draft’s size says why while failed; the next failure says its own', async () => {
    const refusal = Object.assign(new Error('draftTooLarge'), { refusal: 'draftTooLarge' as const });
    const { actor, clock, draftSaves } = start({
      view: view({ location: 'CN', currentStep: 'completeCompanyInfo' }),
      drafts: [refusal, new Error('network')],
    });
    await reach(actor, 'completeCompanyInfo');
    const autosave = actor.getSnapshot().children['autosave'] as AnyActorRef;
    expect(autosave.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'user.edit', step: 'completeCompanyInfo', values: { note: 'x' } });
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(autosave, (s) => s.hasTag('failed'));
    expect(autosave.getSnapshot().context.failure).toBe('draftTooLarge');
    actor.send({ type: 'user.retrySave' });
    await waitFor(autosave, (s) => s.hasTag('failed') && s.context.failure === 'saveFailed');
    expect(draftSaves).toHaveLength(2);
  });

  it('leaving the step settles the pending autosave: its values go with the step save, not twice', async () => {
    const { actor, clock, draftSaves, stepSaves } = start({
      view: view({ location: 'CN', currentStep: 'completeCompanyInfo' }),
    });
    await reach(actor, 'completeCompanyInfo');
    actor.send({ type: 'user.edit', step: 'completeCompanyInfo', values: { companyNameEnglish: 'Acme' } });
    await next(actor, 'completeCompanyInfo', { companyNameEnglish: 'Acme' });
    clock.increment(Limits.draftAutosaveMs * 2);
    expect(draftSaves).toEqual([]);
    expect(stepSaves).toHaveLength(1);
  });
});

describe('certification wizard: resuming', () => {
  it('opens at the step the server names, with its draft and the reviewer feedback', async () => {
    const review = {
      reason: 'Licence unreadable',
      flaggedFields: ['completeCompanyInfo.businessLicenseFileId'],
    };
    const { actor } = start({
      view: view({
        location: 'CN',
        currentStep: 'uploadLegalPersonInfo',
        draft: { uploadLegalPersonInfo: { surnameEnglish: 'Chen' } },
        review,
      }),
    });
    await reach(actor, 'uploadLegalPersonInfo');
    expect(actor.getSnapshot().context.draft.uploadLegalPersonInfo).toEqual({ surnameEnglish: 'Chen' });
    expect(actor.getSnapshot().context.review).toEqual(review);
  });

  it('never opens past an unconfirmed location, nor at an authorizer step that does not apply', async () => {
    const first = start({ view: view({ location: null, currentStep: 'uploadOtherInfo' }) });
    await reach(first.actor, 'selectLocationCompany');
    const second = start({
      view: view({ location: 'CN', authorizerStepApplies: false, currentStep: 'uploadAuthorizerInfo' }),
    });
    await reach(second.actor, 'uploadOtherInfo');
  });

  it('a failed load is shown and retried', async () => {
    const fakes: Fakes = { view: new Error('network') };
    const { actor } = start(fakes);
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.message).toBe('loadFailed');
    fakes.view = view({ location: 'CN', currentStep: 'completeCompanyInfo' });
    actor.send({ type: 'user.retry' });
    await reach(actor, 'completeCompanyInfo');
  });

  it('restores from a persisted snapshot { machine, version, snapshot } where it was', async () => {
    const first = start({ view: view({ location: 'CN', currentStep: 'uploadBeneficiaryInfo' }) });
    await reach(first.actor, 'uploadBeneficiaryInfo');
    first.actor.send({
      type: 'user.edit',
      step: 'uploadBeneficiaryInfo',
      values: { hasBeneficiaries: true },
    });
    const entry = registryEntry('certification')!;
    const persisted = JSON.parse(
      JSON.stringify({
        machine: entry.id,
        version: machineVersion(entry.machine),
        snapshot: first.actor.getPersistedSnapshot(),
      }),
    ) as { machine: string; version: string; snapshot: unknown };
    first.actor.stop();
    expect(persisted).toMatchObject({ machine: 'certification', version: machineVersion(entry.machine) });

    const second = start({}, { snapshot: persisted.snapshot });
    expect(placeOf(second.actor)).toBe('uploadBeneficiaryInfo');
    expect(second.actor.getSnapshot().context.draft.uploadBeneficiaryInfo).toEqual({
      hasBeneficiaries: true,
    });
    await next(second.actor, 'uploadBeneficiaryInfo', { hasBeneficiaries: true });
    expect(placeOf(second.actor)).toBe('uploadAuthorizerInfo');
  });
});

describe('certification wizard: submit', () => {
  it('success shows the dialog state and records the submission', async () => {
    const { actor, log, submits } = start({ view: view({ location: 'CN', currentStep: 'uploadOtherInfo' }) });
    await reach(actor, 'uploadOtherInfo');
    await next(actor, 'uploadOtherInfo');
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(log.at(-1)).toBe('submitted');
    expect(submits).toHaveLength(1);
  });

  it('a refusal with { step, problems } takes the user to that step and shows the problems', async () => {
    const problems = [{ path: 'companyNameEnglish', message: 'companyName.englishFormat' }];
    const { actor } = start({
      view: view({ location: 'CN', currentStep: 'review' }),
      submits: [{ kind: 'invalid', step: 'completeCompanyInfo', problems }],
    });
    await reach(actor, 'review');
    actor.send({ type: 'user.submit' });
    await reach(actor, 'completeCompanyInfo');
    expect(actor.getSnapshot().context).toMatchObject({
      message: 'validationFailed',
      problems: { step: 'completeCompanyInfo', problems },
    });
  });

  it('a transport failure stays on the review with the message', async () => {
    const { actor } = start({
      view: view({ location: 'CN', currentStep: 'review' }),
      submits: [new Error('network')],
    });
    await reach(actor, 'review');
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('review') && s.context.message === 'submitFailed');
  });
});

describe('certification wizard: effects are provided, never assumed', () => {
  it.each(['load application', 'save step', 'submit application', 'qr verification'] as const)(
    "refuses to run without '%s'",
    async (name) => {
      const implementation = certificationMachine.implementations.actors[name];
      const logic = implementation as unknown as { config?: unknown };
      if (name === 'qr verification') {
        // A real chart: its own effects are the placeholders that refuse to run.
        expect(
          Object.keys((implementation as typeof qrVerificationMachine).implementations.actors).length,
        ).toBeGreaterThan(0);
        return;
      }
      const actor = createActor(implementation as never, { input: {} as never });
      const failed = new Promise((resolve) => actor.subscribe({ error: resolve }));
      actor.start();
      await expect(failed).resolves.toBeInstanceOf(NotProvidedError);
      expect(logic).toBeDefined();
    },
  );

  it("refuses to autosave without 'save draft'", async () => {
    const save = draftAutosaveMachine.implementations.actors['save draft'];
    const actor = createActor(save as never, { input: {} as never });
    const failed = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    await expect(failed).resolves.toBeInstanceOf(NotProvidedError);
  });

  it.each(['show place', 'record submission'] as const)(
    "refuses to run the action '%s' unprovided",
    (name) => {
      const action = certificationMachine.implementations.actions[name] as unknown as () => void;
      expect(() => action()).toThrow(NotProvidedError);
    },
  );
});

// Issue 17 §3, the same account in two tabs: a save the server refuses as stale (another tab or
// device saved since) is never resent; the step shows the conflict, keeps what this tab typed and
// leaves only by loading the latest version.
describe('certification wizard: changed in another tab', () => {
  const atCompanyInfo = () => view({ location: 'CN', currentStep: 'completeCompanyInfo' });

  it('a refused autosave stops autosaving, keeps the typing, and loads the latest only when asked', async () => {
    const fakes: Fakes = { view: atCompanyInfo(), drafts: [{ kind: 'conflict' }] };
    const { actor, clock, draftSaves, stepSaves } = start(fakes);
    await reach(actor, 'completeCompanyInfo');
    actor.send({
      type: 'user.edit',
      step: 'completeCompanyInfo',
      values: { website: 'https://stale.example' },
    });
    clock.increment(Limits.draftAutosaveMs);
    await waitFor(actor, (s) => s.hasTag('conflict'));
    expect(actor.getSnapshot().matches({ wizard: { completeCompanyInfo: 'conflicted' } })).toBe(true);
    expect(draftSaves).toHaveLength(1);

    // More typing is kept, never sent; the step cannot be left or saved.
    actor.send({
      type: 'user.edit',
      step: 'completeCompanyInfo',
      values: { website: 'https://mine.example' },
    });
    clock.increment(Limits.draftAutosaveMs * 3 + DRAFT_AUTOSAVE_RETRY_MS);
    await Promise.resolve();
    expect(draftSaves).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'step.submit', step: 'completeCompanyInfo', values: {} })).toBe(
      false,
    );
    expect(actor.getSnapshot().can({ type: 'step.back' })).toBe(false);
    expect(stepSaves).toEqual([]);
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual({
      website: 'https://mine.example',
    });

    // Loading the latest shows what the other tab saved, where it stopped.
    fakes.view = view({
      location: 'CN',
      currentStep: 'uploadEquityStructureChart',
      draft: { completeCompanyInfo: { website: 'https://other-tab.example' } },
    });
    actor.send({ type: 'user.loadLatest' });
    await reach(actor, 'uploadEquityStructureChart');
    expect(actor.getSnapshot().hasTag('conflict')).toBe(false);
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual({
      website: 'https://other-tab.example',
    });
  });

  it('a step save refused as stale stays on the step with the conflict, not moving on', async () => {
    const { actor, stepSaves } = start({ view: atCompanyInfo(), saves: [{ kind: 'conflict' }] });
    await reach(actor, 'completeCompanyInfo');
    await next(actor, 'completeCompanyInfo', { companyNameEnglish: 'Stale Ltd' });
    expect(actor.getSnapshot().matches({ wizard: { completeCompanyInfo: 'conflicted' } })).toBe(true);
    expect(stepSaves).toHaveLength(1);
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual({
      companyNameEnglish: 'Stale Ltd',
    });
  });

  it('a submit refused as stale submits nothing and offers the latest version', async () => {
    const { actor, log } = start({
      view: view({ location: 'CN', currentStep: 'review' }),
      submits: [{ kind: 'conflict' }],
    });
    await reach(actor, 'review');
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('submitConflict'));
    expect(log).not.toContain('submitted');
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.loadLatest' });
    await reach(actor, 'review');
    expect(actor.getSnapshot().matches('review')).toBe(true);
  });
});
