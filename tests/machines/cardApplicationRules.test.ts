// The card application chart's rules one by one (issue 19 §2, mutation testing): what each load
// opens (eligibility, status, a refresh inside the steps, a revision request at its first flagged
// stage), the steps both ways, what each action leaves in the context (the message a view shows,
// the file, the answers, the application), the page the views read through pageOf (the 'onStep'
// tag), the transitions the views offer with can(), and the helpers the views share
// (unansweredQuestions, firstFlaggedStage, reviewerMarkOf, progressOf, applicationBody).
// cardApplication.test.ts drives the main paths. The chart has no delays: every effect is a fake
// answered in a microtask (or held until the test releases it), so nothing waits on a clock.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  pathToStateValue,
  waitFor,
  type SnapshotFrom,
} from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import {
  applicationBody,
  cardApplicationMachine,
  firstFlaggedStage,
  pageOf,
  pickedFileProblem,
  progressOf,
  reviewerMarkOf,
  unansweredQuestions,
  type CardApplicationContext,
  type CardApplicationEvent,
  type CardApplicationProgress,
  type CardUploadOutcome,
  type PickedFile,
} from '../../machines/cardApplication.machine';
import { cardApplicationLifecycleMachine } from '../../machines/cardApplicationLifecycle.machine';
import { notStartedCardApplication } from '../../machines/cardApplicationViews';
import { lifecycleStatusOf, nextLifecycleState } from '../../machines/lifecycle';
import { machineRegistry } from '../../machines/registry';
import type {
  CardApplicationFileView,
  CardApplicationView,
  CardQuestionnaire,
  SaveCardApplicationRequest,
} from '../../src/contract/api/card';
import { allStateNodes } from '../../src/tools/machineGraph/machineStructure';
import { Held, settleAnswer, type Answer } from './support/scriptedAnswers';

const file: CardApplicationFileView = {
  id: '00000000-0000-4000-8000-00000000000b',
  name: 'licence.pdf',
  type: 'application/pdf',
  size: 2048,
};

const questionnaire: CardQuestionnaire = {
  version: 'q1',
  questions: [
    {
      id: 'sourceOfFunds',
      kind: 'singleChoice',
      required: true,
      title: { 'zh-cn': '资金来源', 'en-us': 'Source of funds' },
      hint: null,
      options: [{ id: 'revenue', label: { 'zh-cn': '营业收入', 'en-us': 'Business revenue' } }],
      maxLength: null,
    },
    {
      id: 'note',
      kind: 'text',
      required: false,
      title: { 'zh-cn': '备注', 'en-us': 'Note' },
      hint: null,
      options: [],
      maxLength: 200,
    },
    {
      id: 'paymentPurpose',
      kind: 'multipleChoice',
      required: true,
      title: { 'zh-cn': '付款用途', 'en-us': 'Payment purpose' },
      hint: null,
      options: [{ id: 'ads', label: { 'zh-cn': '广告投放', 'en-us': 'Advertising' } }],
      maxLength: null,
    },
    {
      id: 'detail',
      kind: 'text',
      required: true,
      title: { 'zh-cn': '说明', 'en-us': 'Details' },
      hint: null,
      options: [],
      maxLength: 200,
    },
  ],
};

const complete = { sourceOfFunds: 'revenue', paymentPurpose: ['ads'], detail: 'Ads abroad' };

const view = (patch: Partial<CardApplicationView> = {}): CardApplicationView => ({
  ...notStartedCardApplication,
  ...patch,
});
const saved = (patch: Partial<CardApplicationView> = {}) =>
  view({ lifecycleState: 'saved', status: 'saved', version: 1, ...patch });
const revision = (flaggedFields: string[], patch: Partial<CardApplicationView> = {}) =>
  view({
    lifecycleState: 'revisionRequested',
    status: 'revision_requested',
    businessPurpose: 'advertising',
    file,
    answers: complete,
    reason: 'Please check the marked fields',
    flaggedFields,
    version: 5,
    ...patch,
  });

function answer<T>(queue: Array<Answer<T>> | undefined, what: string): Promise<T> {
  const next = queue?.shift();
  if (next === undefined) return Promise.reject(new Error(`no scripted answer for ${what}`));
  return settleAnswer(next);
}

interface Fakes {
  load?: Array<Answer<CardApplicationView>>;
  upload?: Array<Answer<CardUploadOutcome>>;
  questionnaire?: Array<Answer<CardQuestionnaire>>;
  save?: Array<Answer<ApiOutcome<CardApplicationView>>>;
  submit?: Array<Answer<ApiOutcome<CardApplicationView>>>;
}

function start(fakes: Fakes, restored: CardApplicationProgress | null = null) {
  const effects: string[] = [];
  const remembered: CardApplicationProgress[] = [];
  const saves: SaveCardApplicationRequest[] = [];
  const submits: SaveCardApplicationRequest[] = [];
  let questionnaireLoads = 0;
  const machine = cardApplicationMachine.provide({
    actors: {
      'load application': fromPromise(() => answer(fakes.load, 'load')),
      'upload file': fromPromise<CardUploadOutcome, PickedFile>(() => answer(fakes.upload, 'upload')),
      'load questionnaire': fromPromise(() => {
        questionnaireLoads += 1;
        return answer(fakes.questionnaire, 'questionnaire');
      }),
      'save draft': fromPromise<ApiOutcome<CardApplicationView>, SaveCardApplicationRequest>(({ input }) => {
        saves.push(input);
        return answer(fakes.save, 'save');
      }),
      'submit application': fromPromise<ApiOutcome<CardApplicationView>, SaveCardApplicationRequest>(
        ({ input }) => {
          submits.push(input);
          return answer(fakes.submit, 'submit');
        },
      ),
    },
    actions: {
      'remember progress': (_, progress) => remembered.push(progress),
      'forget progress': () => effects.push('forget progress'),
      'go to gateway': () => effects.push('go to gateway'),
    },
  });
  const actor = createActor(machine, { input: { restored } }).start();
  return {
    actor,
    effects,
    remembered,
    saves,
    submits,
    questionnaireLoads: () => questionnaireLoads,
    /** Waits (a few microtasks, 1 s at most) until the chart is in `state`. */
    until: (test: (s: SnapshotFrom<typeof machine>) => boolean) => waitFor(actor, test, { timeout: 1000 }),
    now: () => actor.getSnapshot(),
  };
}

type Run = ReturnType<typeof start>;

const pick = (name: string, size: number): PickedFile => ({ name, size, content: name });
const ok = <T>(data: T) => ({ kind: 'ok' as const, data });
const refused = (code: 'transitionNotAllowed' | 'validationFailed' | 'questionnaireRequired') => ({
  kind: 'refused' as const,
  code,
});

const settled = (s: { hasTag(tag: 'busy'): boolean }) => !s.hasTag('busy');

async function toUpload(run: Run) {
  await run.until((s) => s.matches('intro'));
  run.actor.send({ type: 'user.start' });
  run.actor.send({ type: 'user.choosePurpose', purpose: 'eWallet' });
  run.actor.send({ type: 'user.next' });
  expect(run.now().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
}

async function toQuestionnaire(run: Run) {
  await toUpload(run);
  run.actor.send({ type: 'user.chooseFiles', files: [pick('licence.pdf', 2048)] });
  await run.until((s) => s.context.file !== null);
  run.actor.send({ type: 'user.next' });
  await run.until((s) => s.matches({ editing: { questionnaire: 'answering' } }));
}

function answerAll(run: Run) {
  for (const [questionId, value] of Object.entries(complete))
    run.actor.send({ type: 'user.answer', questionId, answer: value });
}

describe('helpers the views share', () => {
  it('a picked file is judged by the extension after its last dot, whatever the rest of its name', () => {
    expect(pickedFileProblem([pick('.pdf', 1)])).toBeNull();
    expect(pickedFileProblem([pick('scan.2024.png', 1)])).toBeNull();
    expect(pickedFileProblem([pick('scan.pdf.exe', 1)])).toBe('fileTypeNotAllowed');
    expect(pickedFileProblem([pick('a.pdf', 1)])).toBeNull();
  });

  it('unansweredQuestions lists the required questions without an answer, in the questionnaire order', () => {
    expect(unansweredQuestions(null, {})).toEqual([]);
    expect(unansweredQuestions(questionnaire, {})).toEqual(['sourceOfFunds', 'paymentPurpose', 'detail']);
    // Blank text and an empty choice list are no answer (spec §5: filled before submit).
    expect(unansweredQuestions(questionnaire, { ...complete, detail: '   ' })).toEqual(['detail']);
    expect(unansweredQuestions(questionnaire, { ...complete, paymentPurpose: [] })).toEqual([
      'paymentPurpose',
    ]);
    expect(unansweredQuestions(questionnaire, { ...complete, detail: ' x ' })).toEqual([]);
    // The optional note may stay empty.
    expect(unansweredQuestions(questionnaire, complete)).toEqual([]);
  });

  it('progressOf keeps the purpose, the file as a list of one (or none) and the step', () => {
    const context = getInitialSnapshot(cardApplicationMachine, { restored: null }).context;
    expect(progressOf(context)).toEqual({
      businessPurpose: null,
      fileList: [],
      path: 'selectBusinessPurpose',
    });
    const filled: CardApplicationContext = {
      ...context,
      businessPurpose: 'advertising',
      file,
      step: 'uploadRelevantInfo',
      stage: 'questionnaire',
    };
    expect(progressOf(filled)).toEqual({
      businessPurpose: 'advertising',
      fileList: [file],
      path: 'uploadRelevantInfo',
    });
    expect(applicationBody(filled)).toEqual({ businessPurpose: 'advertising', fileId: file.id, answers: {} });
    expect(applicationBody(context)).toEqual({ businessPurpose: null, fileId: null, answers: {} });
  });

  it('firstFlaggedStage: the first stage in the steps’ order that holds a flagged field (decisions "Card applications: flags…")', () => {
    expect(firstFlaggedStage(null)).toBeNull();
    expect(firstFlaggedStage(undefined)).toBeNull();
    expect(firstFlaggedStage({ flaggedFields: [] })).toBeNull();
    expect(firstFlaggedStage({ flaggedFields: ['selectBusinessPurpose.businessPurpose'] })).toBe(
      'selectBusinessPurpose',
    );
    expect(firstFlaggedStage({ flaggedFields: ['uploadRelevantInfo.fileId'] })).toBe('uploadRelevantInfo');
    expect(firstFlaggedStage({ flaggedFields: ['questionnaire.sourceOfFunds'] })).toBe('questionnaire');
    expect(
      firstFlaggedStage({ flaggedFields: ['questionnaire.sourceOfFunds', 'uploadRelevantInfo.fileId'] }),
    ).toBe('uploadRelevantInfo');
    expect(
      firstFlaggedStage({
        flaggedFields: [
          'questionnaire.detail',
          'uploadRelevantInfo.fileId',
          'selectBusinessPurpose.businessPurpose',
        ],
      }),
    ).toBe('selectBusinessPurpose');
    // A path of no card stage (the prefix must lead the path) opens nothing.
    expect(
      firstFlaggedStage({ flaggedFields: ['companyInfo.questionnaire.x', 'x.uploadRelevantInfo.fileId'] }),
    ).toBeNull();
  });

  it('reviewerMarkOf: a field is marked when it or a part of it is flagged, with the first comment given', () => {
    const flagged = {
      flaggedFields: [
        'questionnaire.paymentPurpose.none',

        'questionnaire.paymentPurpose.ads',
        'questionnaire.paymentPurpose.other',
        'questionnaire.detail',
      ],
      fieldComments: {
        'questionnaire.paymentPurpose.ads': '',
        'questionnaire.paymentPurpose.other': 'Which one?',
      },
    };
    expect(reviewerMarkOf(flagged, 'questionnaire.paymentPurpose')).toEqual({ comment: 'Which one?' });
    expect(reviewerMarkOf(flagged, 'questionnaire.paymentPurpose.ads')).toEqual({ comment: null });
    expect(reviewerMarkOf(flagged, 'questionnaire.detail')).toEqual({ comment: null });
    // Neither a field that only starts with the same letters nor an unflagged one.
    expect(reviewerMarkOf(flagged, 'questionnaire.det')).toBeNull();
    expect(reviewerMarkOf(flagged, 'questionnaire.sourceOfFunds')).toBeNull();
    expect(reviewerMarkOf(null, 'questionnaire.detail')).toBeNull();
    expect(reviewerMarkOf(undefined, 'questionnaire.detail')).toBeNull();
    expect(
      reviewerMarkOf(
        {
          flaggedFields: ['uploadRelevantInfo.fileId'],
          fieldComments: { 'uploadRelevantInfo.fileId': 'Blurred' },
        },
        'uploadRelevantInfo.fileId',
      ),
    ).toEqual({ comment: 'Blurred' });
  });

  it('the not-started view is what the server shows before anything is stored (the lifecycle’s first state)', () => {
    const first = getInitialSnapshot(cardApplicationLifecycleMachine).value;
    expect(notStartedCardApplication.lifecycleState).toBe(first);
    expect(notStartedCardApplication.status).toBe(lifecycleStatusOf(cardApplicationLifecycleMachine, first));
    // mayEdit: eligible and the lifecycle takes a save from here (src/contract/api/card.ts).
    expect(notStartedCardApplication.mayEdit).toBe(
      notStartedCardApplication.eligibility === 'eligible' &&
        nextLifecycleState(cardApplicationLifecycleMachine, first, { type: 'applicant.saveDraft' }) !== null,
    );
    expect(notStartedCardApplication).toMatchObject({
      businessPurpose: null,
      file: null,
      answers: {},
      reason: null,
      flaggedFields: [],
      fieldComments: {},
      savedAt: null,
      submittedAt: null,
      decidedAt: null,
      cardSystemUrl: null,
      version: 0,
    });
  });
});

describe('effects the web app provides', () => {
  it('the registry’s scripted answers reach each invoked effect (the generated paths and the browser model drive the chart with them)', () => {
    const entry = machineRegistry.find((candidate) => candidate.id === 'cardApplication');
    const events = entry?.graphEvents ?? [];
    const context = getInitialSnapshot(cardApplicationMachine, { restored: null }).context;
    const invoking = allStateNodes(cardApplicationMachine).filter((node) => node.invoke.length > 0);
    expect(invoking.map((node) => node.invoke.map((invoke) => invoke.id).join())).toEqual([
      'loadApplication',
      'uploadFile',
      'loadQuestionnaire',
      'saveDraft',
      'submitApplication',
      'reapply',
    ]);
    for (const node of invoking) {
      const from = cardApplicationMachine.resolveState({ value: pathToStateValue(node.path), context });
      const answers = events.filter((event) => event.type.endsWith(`.actor.${node.invoke[0]!.id}`));
      expect(
        answers.map((event) => event.type.split('.')[1]),
        node.id,
      ).toContain('done');
      expect(
        answers.map((event) => event.type.split('.')[1]),
        node.id,
      ).toContain('error');
      for (const event of answers)
        // Actors' answers are not in the user event union; the chart takes them as XState sends them.
        expect(getNextSnapshot(cardApplicationMachine, from, event as never).value, event.type).not.toEqual(
          from.value,
        );
    }
  });

  it('starts without an input as with nothing kept', () => {
    const snapshot = getInitialSnapshot(cardApplicationMachine, undefined as never);
    expect(snapshot.context.restored).toBeNull();
  });
});

describe('what a load opens', () => {
  it('starts loading with an empty context and the kept progress', async () => {
    const kept: CardApplicationProgress = { businessPurpose: 'eWallet', fileList: [], path: null };
    const held = new Held<CardApplicationView>();
    const run = start({ load: [held] }, kept);
    expect(run.now().value).toBe('loading');
    expect(run.now().context).toEqual({
      restored: kept,
      application: null,
      businessPurpose: null,
      file: null,
      answers: {},
      questionnaire: null,
      step: 'selectBusinessPurpose',
      stage: 'selectBusinessPurpose',
      message: null,
    });
    expect(pageOf(run.now())).toBe('issuingCardApplicationIndex');
    held.release(view());
    await run.until((s) => s.matches('intro'));
  });

  it('keeps the loaded application when it prompts for certification or says the entity is not supported', async () => {
    for (const [eligibility, state] of [
      ['certificationRequired', 'certificationRequired'],
      ['entityNotSupported', 'entityNotSupported'],
    ] as const) {
      const loaded = view({ eligibility, mayEdit: false });
      const run = start({ load: [loaded] });
      await run.until(settled);
      expect(run.now().value).toBe(state);
      expect(run.now().context.application).toEqual(loaded);
      expect(pageOf(run.now())).toBe('issuingCardApplicationIndex');
    }
  });

  it('eligibility comes before the status: a company that lost its certification sees the prompt', async () => {
    const run = start({
      load: [view({ status: 'rejected', lifecycleState: 'rejected', eligibility: 'certificationRequired' })],
    });
    await run.until(settled);
    expect(run.now().value).toBe('certificationRequired');
  });

  it('a failed load, retried, loads again', async () => {
    const run = start({ load: [new Error('offline'), saved({ businessPurpose: 'advertising' })] });
    await run.until((s) => s.matches('loadFailed'));
    expect(run.now().hasTag('busy')).toBe(false);
    run.actor.send({ type: 'user.retry' });
    await run.until((s) => s.matches('intro'));
    expect(run.now().context.businessPurpose).toBe('advertising');
  });

  it('a saved draft opens at the intro with its purpose, file and answers; start continues at the upload step', async () => {
    const draft = saved({ businessPurpose: 'advertising', file, answers: { sourceOfFunds: 'revenue' } });
    const run = start({ load: [draft] });
    await run.until((s) => s.matches('intro'));
    expect(run.now().context).toMatchObject({
      application: draft,
      businessPurpose: 'advertising',
      file,
      answers: { sourceOfFunds: 'revenue' },
      message: null,
    });
    expect(pageOf(run.now())).toBe('issuingCardApplicationIndex');
    run.actor.send({ type: 'user.start' });
    expect(run.now().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    expect(run.now().context).toMatchObject({ step: 'uploadRelevantInfo', stage: 'uploadRelevantInfo' });
    expect(pageOf(run.now())).toBe('uploadRelevantInfo');
  });

  it('progress kept without a step, or kept when the application is not editable, does not open a step', async () => {
    const kept: CardApplicationProgress = { businessPurpose: 'eWallet', fileList: [file], path: null };
    const run = start({ load: [saved({ businessPurpose: 'advertising' })] }, kept);
    await run.until(settled);
    // The kept progress is the newer one (spec §2): its purpose and file over the server's draft.
    expect(run.now().value).toBe('intro');
    expect(run.now().context).toMatchObject({ businessPurpose: 'eWallet', file });

    const onUpload: CardApplicationProgress = {
      businessPurpose: 'eWallet',
      fileList: [file],
      path: 'uploadRelevantInfo',
    };
    const notCertified = start({ load: [saved({ eligibility: 'certificationRequired' })] }, onUpload);
    await notCertified.until(settled);
    expect(notCertified.now().value).toBe('certificationRequired');
  });

  it('after a refresh on the upload step with no file kept, the file is none (not the server’s)', async () => {
    const run = start(
      { load: [saved({ businessPurpose: 'advertising', file })] },
      { businessPurpose: 'eWallet', fileList: [], path: 'uploadRelevantInfo' },
    );
    await run.until(settled);
    expect(run.now().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    expect(run.now().context.file).toBeNull();
    expect(run.now().context.businessPurpose).toBe('eWallet');
  });

  it('after a refresh on the purpose step it comes back there over a saved draft too', async () => {
    const run = start(
      { load: [saved({ businessPurpose: 'advertising', file })] },
      { businessPurpose: null, fileList: [file], path: 'selectBusinessPurpose' },
    );
    await run.until(settled);
    expect(run.now().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    expect(run.now().context).toMatchObject({ businessPurpose: null, file });
  });

  it('progress kept on one step never opens the other', async () => {
    const run = start(
      { load: [view()] },
      { businessPurpose: null, fileList: [], path: 'selectBusinessPurpose' },
    );
    await run.until(settled);
    expect(run.now().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    const upload = start(
      { load: [view()] },
      { businessPurpose: 'eWallet', fileList: [], path: 'uploadRelevantInfo' },
    );
    await upload.until(settled);
    expect(upload.now().matches({ editing: 'uploadRelevantInfo' })).toBe(true);
  });

  it('a rejected application shows its reason at the index, with the submitted data, ignoring kept progress', async () => {
    const rejected = view({
      lifecycleState: 'rejected',
      status: 'rejected',
      businessPurpose: 'advertising',
      file,
      answers: complete,
      reason: 'Unreadable licence',
    });
    const run = start(
      { load: [rejected] },
      { businessPurpose: 'eWallet', fileList: [], path: 'uploadRelevantInfo' },
    );
    await run.until(settled);
    expect(run.now().value).toBe('rejected');
    expect(run.now().context).toMatchObject({
      application: rejected,
      businessPurpose: 'advertising',
      file,
      answers: complete,
    });
    expect(pageOf(run.now())).toBe('issuingCardApplicationIndex');
    for (const type of ['user.start', 'user.save', 'user.submit'] as const)
      expect(run.now().can({ type })).toBe(false);
    expect(run.now().can({ type: 'user.reapply' })).toBe(true);
  });

  it.each([
    ['under_review', 'underReview'],
    ['approved', 'approved'],
  ] as const)(
    '%s keeps the server’s file and answers for the read-only status page',
    async (status, state) => {
      const loaded = view({
        status,
        lifecycleState: state,
        mayEdit: false,
        businessPurpose: 'advertising',
        file,
        answers: complete,
      });
      const run = start(
        { load: [loaded] },
        { businessPurpose: 'eWallet', fileList: [], path: 'uploadRelevantInfo' },
      );
      await run.until(settled);
      expect(run.now().value).toBe(state);
      expect(run.now().context).toMatchObject({ application: loaded, file, answers: complete });
      expect(pageOf(run.now())).toBe('issuingCardApplicationIndex');
    },
  );
});

describe('a revision request opens at its first flagged stage (decisions "Card applications: flags…")', () => {
  it('at the purpose step, with the server’s data', async () => {
    const loaded = revision(['selectBusinessPurpose.businessPurpose', 'questionnaire.detail']);
    const run = start({ load: [loaded] });
    await run.until(settled);
    expect(run.now().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    expect(run.now().context).toMatchObject({
      application: loaded,
      businessPurpose: 'advertising',
      file,
      answers: complete,
    });
    expect(pageOf(run.now())).toBe('selectBusinessPurpose');
  });

  it('at the upload step when the file is the first flagged field', async () => {
    const run = start({ load: [revision(['questionnaire.detail', 'uploadRelevantInfo.fileId'])] });
    await run.until(settled);
    expect(run.now().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    expect(run.now().context).toMatchObject({
      businessPurpose: 'advertising',
      file,
      stage: 'uploadRelevantInfo',
    });
    expect(pageOf(run.now())).toBe('uploadRelevantInfo');
  });

  it('at the questionnaire, on the upload page, which loads the questions', async () => {
    const run = start({ load: [revision(['questionnaire.detail'])], questionnaire: [questionnaire] });
    await run.until((s) => s.matches({ editing: { questionnaire: 'answering' } }));
    expect(run.now().context).toMatchObject({
      businessPurpose: 'advertising',
      file,
      answers: complete,
      questionnaire,
      step: 'uploadRelevantInfo',
      stage: 'questionnaire',
    });
    expect(pageOf(run.now())).toBe('uploadRelevantInfo');
    // Back leads to the rest of the upload page.
    run.actor.send({ type: 'user.back' });
    expect(run.now().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
  });

  it('a revision without a field of the steps flagged opens at the intro; a refresh inside the steps keeps the step', async () => {
    const run = start({ load: [revision([])] });
    await run.until(settled);
    expect(run.now().value).toBe('intro');
    expect(run.now().context.businessPurpose).toBe('advertising');

    const refreshed = start(
      { load: [revision([], { file: null })] },
      { businessPurpose: 'eWallet', fileList: [file], path: 'uploadRelevantInfo' },
    );
    await refreshed.until(settled);
    expect(refreshed.now().matches({ editing: 'uploadRelevantInfo' })).toBe(true);
    expect(refreshed.now().context).toMatchObject({ businessPurpose: 'eWallet', file });
  });

  it('flags are read only on a revision request (src/contract/api/card.ts: "revisionRequested only")', async () => {
    const run = start({
      load: [saved({ businessPurpose: 'advertising', flaggedFields: ['uploadRelevantInfo.fileId'] })],
    });
    await run.until(settled);
    expect(run.now().value).toBe('intro');
  });
});

describe('the steps', () => {
  it('choosing a purpose and going on clears the last message; back from the upload step clears it too', async () => {
    const run = start({ load: [view()] });
    await run.until((s) => s.matches('intro'));
    run.actor.send({ type: 'user.start' });
    expect(run.now().context).toMatchObject({
      step: 'selectBusinessPurpose',
      stage: 'selectBusinessPurpose',
    });
    expect(pageOf(run.now())).toBe('selectBusinessPurpose');
    expect(run.now().can({ type: 'user.back' })).toBe(false);
    run.actor.send({ type: 'user.next' });
    expect(run.now().context.message).toBe('validationFailed');
    run.actor.send({ type: 'user.choosePurpose', purpose: 'advertising' });
    expect(run.now().context).toMatchObject({ businessPurpose: 'advertising', message: null });
    run.actor.send({ type: 'user.next' });
    run.actor.send({ type: 'user.next' });
    expect(run.now().context.message).toBe('documentMissing');
    run.actor.send({ type: 'user.back' });
    expect(run.now().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    expect(run.now().context).toMatchObject({ message: null, step: 'selectBusinessPurpose' });
    run.actor.send({ type: 'user.next' });
    run.actor.send({ type: 'user.next' });
    expect(run.now().context.message).toBe('documentMissing');
    run.actor.send({ type: 'user.back' });
    // The purpose step's Next clears the message it leaves behind.
    run.actor.send({ type: 'user.next' });
    expect(run.now().matches({ editing: 'uploadRelevantInfo' })).toBe(true);
    expect(run.now().context.message).toBeNull();
  });

  it('a picked file is refused while one is attached, whatever the pick; removing it clears file and message', async () => {
    const run = start({ load: [view()], upload: [ok(file)] });
    await toUpload(run);
    run.actor.send({ type: 'user.chooseFiles', files: [pick('a.docx', 10)] });
    expect(run.now().context.message).toBe('fileTypeNotAllowed');
    run.actor.send({ type: 'user.chooseFiles', files: [pick('a.pdf', 10)] });
    expect(run.now().matches({ editing: { uploadRelevantInfo: 'uploading' } })).toBe(true);
    expect(run.now().context.message).toBeNull();
    expect(pageOf(run.now())).toBe('uploadRelevantInfo');
    // While it sends: nothing else to pick, remove or leave.
    const whileSending: CardApplicationEvent[] = [
      { type: 'user.chooseFiles', files: [pick('b.pdf', 1)] },
      { type: 'user.removeFile' },
      { type: 'user.next' },
      { type: 'user.back' },
    ];
    for (const event of whileSending) expect(run.now().can(event)).toBe(false);
    await run.until((s) => s.context.file !== null);
    run.actor.send({ type: 'user.chooseFiles', files: [pick('b.pdf', 1)] });
    expect(run.now().context.message).toBe('oneFileOnly');
    expect(run.now().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    run.actor.send({ type: 'user.removeFile' });
    expect(run.now().context).toMatchObject({ file: null, message: null });
    run.actor.send({ type: 'user.next' });
    expect(run.now().context.message).toBe('documentMissing');
  });

  it('a file the server refuses leaves the upload step ready for another pick', async () => {
    const run = start({
      load: [view()],
      upload: [{ kind: 'refused', code: 'fileTypeNotAllowed' }, ok(file)],
    });
    await toUpload(run);
    run.actor.send({ type: 'user.chooseFiles', files: [pick('renamed.pdf', 10)] });
    await run.until((s) => s.context.message !== null);
    expect(run.now().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    run.actor.send({ type: 'user.chooseFiles', files: [pick('real.pdf', 10)] });
    await run.until((s) => s.context.file !== null);
    expect(run.now().context).toMatchObject({ file, message: null });
  });

  it('Next clears what the step showed before: a saved note on the purpose step, a refused pick on the upload step', async () => {
    const run = start({
      load: [view()],
      upload: [ok(file)],
      questionnaire: [questionnaire],
      save: [ok(saved({ businessPurpose: 'eWallet' }))],
    });
    await run.until((s) => s.matches('intro'));
    run.actor.send({ type: 'user.start' });
    run.actor.send({ type: 'user.choosePurpose', purpose: 'eWallet' });
    run.actor.send({ type: 'user.save' });
    await run.until((s) => s.context.message === 'saved');
    expect(run.now().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    run.actor.send({ type: 'user.next' });
    expect(run.now().matches({ editing: 'uploadRelevantInfo' })).toBe(true);
    expect(run.now().context.message).toBeNull();
    run.actor.send({ type: 'user.chooseFiles', files: [pick('a.pdf', 10)] });
    await run.until((s) => s.context.file !== null);
    run.actor.send({ type: 'user.chooseFiles', files: [pick('b.pdf', 10)] });
    expect(run.now().context.message).toBe('oneFileOnly');
    run.actor.send({ type: 'user.next' });
    expect(run.now().matches({ editing: 'questionnaire' })).toBe(true);
    expect(run.now().context.message).toBeNull();
  });

  it('an upload that fails in transport attaches nothing and says so', async () => {
    const run = start({ load: [view()], upload: [new Error('offline')] });
    await toUpload(run);
    run.actor.send({ type: 'user.chooseFiles', files: [pick('a.pdf', 10)] });
    await run.until((s) => s.matches({ editing: { uploadRelevantInfo: 'idle' } }));
    expect(run.now().context).toMatchObject({ file: null, message: 'uploadFailed' });
  });

  it('Next from the upload step clears the message; the questionnaire is fetched once and kept when going back', async () => {
    const run = start({ load: [view()], upload: [ok(file)], questionnaire: [questionnaire] });
    await toUpload(run);
    run.actor.send({ type: 'user.next' });
    expect(run.now().context.message).toBe('documentMissing');
    run.actor.send({ type: 'user.chooseFiles', files: [pick('a.pdf', 10)] });
    await run.until((s) => s.context.file !== null);
    run.actor.send({ type: 'user.next' });
    expect(run.now().matches({ editing: { questionnaire: 'loadingQuestions' } })).toBe(true);
    expect(pageOf(run.now())).toBe('uploadRelevantInfo');
    expect(run.now().context).toMatchObject({
      message: null,
      stage: 'questionnaire',
      step: 'uploadRelevantInfo',
    });
    await run.until((s) => s.matches({ editing: { questionnaire: 'answering' } }));
    expect(run.now().context.questionnaire).toEqual(questionnaire);
    run.actor.send({ type: 'user.answer', questionId: 'sourceOfFunds', answer: 'revenue' });
    run.actor.send({ type: 'user.submit' });
    expect(run.now().context.message).toBe('questionnaireRequired');
    run.actor.send({ type: 'user.back' });
    expect(run.now().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    expect(run.now().context).toMatchObject({ message: null, stage: 'uploadRelevantInfo' });
    run.actor.send({ type: 'user.next' });
    // Already loaded: straight to the answers, which are kept.
    expect(run.now().matches({ editing: { questionnaire: 'answering' } })).toBe(true);
    expect(run.now().context.answers).toEqual({ sourceOfFunds: 'revenue' });
    expect(run.questionnaireLoads()).toBe(1);
  });

  it('an answer replaces that question’s answer only, and clears the message', async () => {
    const run = start({ load: [view()], upload: [ok(file)], questionnaire: [questionnaire] });
    await toQuestionnaire(run);
    run.actor.send({ type: 'user.submit' });
    expect(run.now().context.message).toBe('questionnaireRequired');
    run.actor.send({ type: 'user.answer', questionId: 'sourceOfFunds', answer: 'revenue' });
    expect(run.now().context.message).toBeNull();
    run.actor.send({ type: 'user.answer', questionId: 'detail', answer: 'first' });
    run.actor.send({ type: 'user.answer', questionId: 'detail', answer: 'second' });
    expect(run.now().context.answers).toEqual({ sourceOfFunds: 'revenue', detail: 'second' });
    // Blank text is no answer (spec §5).
    run.actor.send({ type: 'user.answer', questionId: 'paymentPurpose', answer: ['ads'] });
    run.actor.send({ type: 'user.answer', questionId: 'detail', answer: '  ' });
    run.actor.send({ type: 'user.submit' });
    expect(run.now().context.message).toBe('questionnaireRequired');
    expect(run.submits).toEqual([]);
  });

  it('the questions can be answered only once they are shown, and a failed fetch leaves the steps open', async () => {
    const held = new Held<CardQuestionnaire>();
    const run = start({ load: [view()], upload: [ok(file)], questionnaire: [held] });
    await toUpload(run);
    run.actor.send({ type: 'user.chooseFiles', files: [pick('a.pdf', 10)] });
    await run.until((s) => s.context.file !== null);
    run.actor.send({ type: 'user.next' });
    const answer = { type: 'user.answer', questionId: 'detail', answer: 'x' } as const;
    expect(run.now().can(answer)).toBe(false);
    expect(run.now().can({ type: 'user.submit' })).toBe(false);
    expect(run.now().can({ type: 'user.save' })).toBe(true);
    held.release(questionnaire);
    await run.until((s) => s.matches({ editing: { questionnaire: 'answering' } }));
    expect(run.now().can(answer)).toBe(true);
    expect(run.now().can({ type: 'user.retry' })).toBe(false);
  });
});

describe('temporary save', () => {
  it('from the upload step: busy on the same page, then back on the upload step with the saved application', async () => {
    const stored = saved({ businessPurpose: 'eWallet' });
    const held = new Held<ApiOutcome<CardApplicationView>>();
    const run = start({ load: [view()], save: [held] });
    await toUpload(run);
    run.actor.send({ type: 'user.next' });
    expect(run.now().context.message).toBe('documentMissing');
    run.actor.send({ type: 'user.save' });
    expect(run.now().value).toBe('saving');
    expect(run.now().context.message).toBeNull();
    expect(pageOf(run.now())).toBe('uploadRelevantInfo');
    expect(run.saves).toEqual([{ businessPurpose: 'eWallet', fileId: null, answers: {} }]);
    held.release(ok(stored));
    await run.until((s) => s.matches({ editing: { uploadRelevantInfo: 'idle' } }));
    expect(run.now().context).toMatchObject({ application: stored, message: 'saved' });
  });

  it('a save that fails in transport says so and returns to the step it left', async () => {
    const run = start({ load: [view()], save: [new Error('offline'), new Error('offline')] });
    await run.until((s) => s.matches('intro'));
    run.actor.send({ type: 'user.start' });
    run.actor.send({ type: 'user.save' });
    await run.until((s) => s.context.message !== null);
    expect(run.now().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    expect(run.now().context).toMatchObject({ message: 'internal', application: view() });
    run.actor.send({ type: 'user.choosePurpose', purpose: 'eWallet' });
    run.actor.send({ type: 'user.next' });
    run.actor.send({ type: 'user.save' });
    await run.until((s) => s.context.message !== null);
    expect(run.now().matches({ editing: 'uploadRelevantInfo' })).toBe(true);
    expect(run.now().context.message).toBe('internal');
  });

  it('a refused save on the questionnaire says why and returns to the answers', async () => {
    const run = start({
      load: [view()],
      upload: [ok(file)],
      questionnaire: [questionnaire],
      save: [refused('transitionNotAllowed')],
    });
    await toQuestionnaire(run);
    run.actor.send({ type: 'user.save' });
    await run.until((s) => s.context.message !== null);
    expect(run.now().matches({ editing: { questionnaire: 'answering' } })).toBe(true);
    expect(run.now().context).toMatchObject({ message: 'transitionNotAllowed', application: view() });
  });
});

describe('submit', () => {
  it('is busy on the upload page, and a success keeps the new application, shows the dialog and forgets the progress', async () => {
    const underReview = view({
      lifecycleState: 'underReview',
      status: 'under_review',
      mayEdit: false,
      version: 2,
    });
    const held = new Held<ApiOutcome<CardApplicationView>>();
    const run = start({ load: [view()], upload: [ok(file)], questionnaire: [questionnaire], submit: [held] });
    await toQuestionnaire(run);
    answerAll(run);
    run.actor.send({ type: 'user.submit' });
    expect(run.now().value).toBe('submitting');
    expect(run.now().context.message).toBeNull();
    expect(pageOf(run.now())).toBe('uploadRelevantInfo');
    expect(run.now().can({ type: 'user.save' })).toBe(false);
    expect(run.submits).toEqual([{ businessPurpose: 'eWallet', fileId: file.id, answers: complete }]);
    held.release(ok(underReview));
    await run.until((s) => s.matches('submitted'));
    expect(run.now().context.application).toEqual(underReview);
    expect(run.effects).toEqual(['forget progress']);
    // The success dialog opens over the step it was sent from.
    expect(pageOf(run.now())).toBe('uploadRelevantInfo');
    run.actor.send({ type: 'user.closeSuccess' });
    expect(pageOf(run.now())).toBe('issuingCardApplicationIndex');
    expect(run.effects).toEqual(['forget progress', 'go to gateway']);
  });

  it('a refused submit returns to the answers with the server’s reason and keeps the progress', async () => {
    const run = start({
      load: [view()],
      upload: [ok(file)],
      questionnaire: [questionnaire],
      submit: [refused('validationFailed'), new Error('offline')],
    });
    await toQuestionnaire(run);
    answerAll(run);
    run.actor.send({ type: 'user.submit' });
    await run.until((s) => s.context.message !== null);
    expect(run.now().matches({ editing: { questionnaire: 'answering' } })).toBe(true);
    expect(run.now().context).toMatchObject({
      message: 'validationFailed',
      answers: complete,
      application: view(),
    });
    expect(run.effects).toEqual([]);
    run.actor.send({ type: 'user.submit' });
    expect(run.now().context.message).toBeNull();
    await run.until((s) => s.context.message !== null);
    expect(run.now().matches({ editing: { questionnaire: 'answering' } })).toBe(true);
    expect(run.now().context.message).toBe('internal');
  });
});

describe('re-application after a rejection (docs/product-rules.md rejected → saved)', () => {
  const rejected = view({
    lifecycleState: 'rejected',
    status: 'rejected',
    businessPurpose: 'advertising',
    file,
    answers: complete,
    reason: 'Unreadable licence',
    version: 3,
  });

  it('opens the purpose step with the draft the server keeps, clearing the last message', async () => {
    const draft = saved({
      businessPurpose: 'otaPayment',
      file,
      answers: { sourceOfFunds: 'revenue' },
      version: 4,
    });
    const held = new Held<ApiOutcome<CardApplicationView>>();
    const run = start({ load: [rejected], save: [refused('transitionNotAllowed'), held] });
    await run.until((s) => s.matches('rejected'));
    run.actor.send({ type: 'user.reapply' });
    await run.until((s) => s.matches('rejected') && s.context.message !== null);
    run.actor.send({ type: 'user.reapply' });
    expect(run.now().value).toBe('reapplying');
    expect(run.now().context.message).toBeNull();
    expect(pageOf(run.now())).toBe('issuingCardApplicationIndex');
    held.release(ok(draft));
    await run.until((s) => s.matches({ editing: 'selectBusinessPurpose' }));
    expect(run.now().context).toMatchObject({
      application: draft,
      businessPurpose: 'otaPayment',
      file,
      answers: { sourceOfFunds: 'revenue' },
      message: null,
    });
  });

  it('a re-application that fails in transport stays on the reason and says so', async () => {
    const run = start({ load: [rejected], save: [new Error('offline')] });
    await run.until((s) => s.matches('rejected'));
    run.actor.send({ type: 'user.reapply' });
    await run.until((s) => s.matches('rejected') && s.context.message !== null);
    expect(run.now().context).toMatchObject({ message: 'internal', application: rejected });
  });
});
