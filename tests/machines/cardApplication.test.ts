// The card application chart (spec §2–§5, §8; docs/product-rules.md 10 MB and statuses): each path with fake
// API actors — save and resume, submit, rejected and re-applied, not certified, unsupported entity —,
// the questionnaire gate, the browser's file checks, and the progress kept for a page refresh.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import {
  cardApplicationMachine,
  pageOf,
  pickedFileProblem,
  type CardApplicationProgress,
  type CardUploadOutcome,
  type PickedFile,
} from '../../machines/cardApplication.machine';
import { notStartedCardApplication } from '../../machines/cardApplicationViews';
import type {
  CardApplicationFileView,
  CardApplicationView,
  CardQuestionnaire,
  SaveCardApplicationRequest,
} from '../../src/contract/api/card';
import { Limits, MB } from '../../src/contract/limits';

const file: CardApplicationFileView = {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'licence.pdf',
  type: 'application/pdf',
  size: 4096,
};

const notStarted = notStartedCardApplication;

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
      id: 'paymentPurpose',
      kind: 'multipleChoice',
      required: true,
      title: { 'zh-cn': '付款用途', 'en-us': 'Payment purpose' },
      hint: null,
      options: [{ id: 'ads', label: { 'zh-cn': '广告投放', 'en-us': 'Advertising' } }],
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
  ],
};

interface Fakes {
  load?: CardApplicationView[];
  upload?: CardUploadOutcome[];
  questionnaire?: Array<CardQuestionnaire | 'fail'>;
  save?: Array<ApiOutcome<CardApplicationView>>;
  submit?: Array<ApiOutcome<CardApplicationView>>;
}

function start(fakes: Fakes, restored: CardApplicationProgress | null = null) {
  const log: string[] = [];
  const remembered: CardApplicationProgress[] = [];
  const saves: SaveCardApplicationRequest[] = [];
  const submits: SaveCardApplicationRequest[] = [];
  const uploads: PickedFile[] = [];
  const next = <T>(list: T[] | undefined, what: string): T => {
    const value = list?.shift();
    if (value === undefined) throw new Error(`no scripted answer for ${what}`);
    return value;
  };
  const machine = cardApplicationMachine.provide({
    actors: {
      'load application': fromPromise(async () => next(fakes.load, 'load')),
      'upload file': fromPromise<CardUploadOutcome, PickedFile>(async ({ input }) => {
        uploads.push(input);
        return next(fakes.upload, 'upload');
      }),
      'load questionnaire': fromPromise(async () => {
        const answer = next(fakes.questionnaire, 'questionnaire');
        if (answer === 'fail') throw new Error('503');
        return answer;
      }),
      'save draft': fromPromise<ApiOutcome<CardApplicationView>, SaveCardApplicationRequest>(
        async ({ input }) => {
          saves.push(input);
          return next(fakes.save, 'save');
        },
      ),
      'submit application': fromPromise<ApiOutcome<CardApplicationView>, SaveCardApplicationRequest>(
        async ({ input }) => {
          submits.push(input);
          return next(fakes.submit, 'submit');
        },
      ),
    },
    actions: {
      'remember progress': (_, progress) => remembered.push(progress),
      'forget progress': () => log.push('forget progress'),
      'go to gateway': () => log.push('go to gateway'),
    },
  });
  const actor = createActor(machine, { input: { restored } }).start();
  return { actor, log, remembered, saves, submits, uploads };
}

const pick = (name: string, size: number): PickedFile => ({ name, size, content: `bytes of ${name}` });
const ok = <T>(data: T) => ({ kind: 'ok' as const, data });

type Started = ReturnType<typeof start>;

async function toQuestionnaire({ actor }: Started) {
  await waitFor(actor, (s) => s.matches('intro'));
  actor.send({ type: 'user.start' });
  actor.send({ type: 'user.choosePurpose', purpose: 'crossBorderEcommerce' });
  actor.send({ type: 'user.next' });
  actor.send({ type: 'user.chooseFiles', files: [pick('licence.pdf', 4096)] });
  await waitFor(
    actor,
    (s) => s.matches({ editing: { uploadRelevantInfo: 'idle' } }) && s.context.file !== null,
  );
  actor.send({ type: 'user.next' });
  await waitFor(actor, (s) => s.matches({ editing: { questionnaire: 'answering' } }));
}

describe('card application: eligibility', () => {
  it('not certified: prompts to complete certification first, and offers no step', async () => {
    const { actor } = start({
      load: [{ ...notStarted, eligibility: 'certificationRequired', mayEdit: false }],
    });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('certificationRequired');
    expect(actor.getSnapshot().can({ type: 'user.start' })).toBe(false);
    expect(pageOf(actor.getSnapshot())).toBe('issuingCardApplicationIndex');
  });

  it('an entity outside the card-issuing list is told it is not supported', async () => {
    const { actor } = start({ load: [{ ...notStarted, eligibility: 'entityNotSupported', mayEdit: false }] });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('entityNotSupported');
    expect(actor.getSnapshot().can({ type: 'user.start' })).toBe(false);
  });

  it('a failed load offers a retry', async () => {
    const { actor } = start({ load: [] });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().can({ type: 'user.retry' })).toBe(true);
  });
});

describe('card application: the steps', () => {
  it('submit: purpose → one file → questionnaire → submitted, then the success dialog leads to the gateway', async () => {
    const run = start({
      load: [notStarted],
      upload: [ok(file)],
      questionnaire: [questionnaire],
      submit: [ok({ ...notStarted, lifecycleState: 'underReview', status: 'under_review', mayEdit: false })],
    });
    const { actor, log, submits, uploads } = run;
    await toQuestionnaire(run);
    expect(uploads.map((u) => u.name)).toEqual(['licence.pdf']);
    actor.send({ type: 'user.answer', questionId: 'sourceOfFunds', answer: 'revenue' });
    actor.send({ type: 'user.answer', questionId: 'paymentPurpose', answer: ['ads'] });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(submits).toEqual([
      {
        businessPurpose: 'crossBorderEcommerce',
        fileId: file.id,
        answers: { sourceOfFunds: 'revenue', paymentPurpose: ['ads'] },
      },
    ]);
    expect(log).toEqual(['forget progress']);
    actor.send({ type: 'user.closeSuccess' });
    expect(actor.getSnapshot().value).toBe('underReview');
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
    expect(log).toEqual(['forget progress', 'go to gateway']);
  });

  it('the questionnaire gate: submit is refused until every required question is answered', async () => {
    const run = start({ load: [notStarted], upload: [ok(file)], questionnaire: [questionnaire], submit: [] });
    const { actor, submits } = run;
    await toQuestionnaire(run);
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.message).toBe('questionnaireRequired');
    actor.send({ type: 'user.answer', questionId: 'sourceOfFunds', answer: 'revenue' });
    actor.send({ type: 'user.answer', questionId: 'paymentPurpose', answer: [] });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches({ editing: { questionnaire: 'answering' } })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('questionnaireRequired');
    expect(submits).toEqual([]);
  });

  it('a questionnaire that cannot be loaded says so and is retried', async () => {
    const run = start({ load: [notStarted], upload: [ok(file)], questionnaire: ['fail', questionnaire] });
    const { actor } = run;
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.choosePurpose', purpose: 'eWallet' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.chooseFiles', files: [pick('a.png', 10)] });
    await waitFor(actor, (s) => s.context.file !== null);
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.matches({ editing: { questionnaire: 'fetchFailed' } }));
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches({ editing: { questionnaire: 'answering' } }));
  });

  it('next is refused without a purpose, and without a file', async () => {
    const { actor } = start({ load: [notStarted] });
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('validationFailed');
    actor.send({ type: 'user.choosePurpose', purpose: 'otaPayment' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('documentMissing');
  });

  it('the browser refuses a second file, a wrong type, an empty file and one over 10 MB, before uploading', async () => {
    const { actor, uploads } = start({ load: [notStarted], upload: [ok(file)] });
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.choosePurpose', purpose: 'otaPayment' });
    actor.send({ type: 'user.next' });
    const tries: Array<[PickedFile[], string]> = [
      [[pick('a.pdf', 1), pick('b.pdf', 1)], 'oneFileOnly'],
      [[pick('a.docx', 1)], 'fileTypeNotAllowed'],
      [[pick('a.pdf', 0)], 'fileEmpty'],
      [[pick('a.pdf', Limits.cardApplication.maxBytes + 1)], 'fileTooLarge'],
    ];
    for (const [files, message] of tries) {
      actor.send({ type: 'user.chooseFiles', files });
      expect(actor.getSnapshot().context.message).toBe(message);
    }
    expect(uploads).toEqual([]);
    actor.send({ type: 'user.chooseFiles', files: [pick('SCAN.JPEG', 10 * MB)] });
    await waitFor(actor, (s) => s.context.file !== null);
    actor.send({ type: 'user.chooseFiles', files: [pick('other.png', 1)] });
    expect(actor.getSnapshot().context.message).toBe('oneFileOnly');
    expect(uploads.map((u) => u.name)).toEqual(['SCAN.JPEG']);
  });

  it('a file the server refuses by its content shows the server reason', async () => {
    const { actor } = start({
      load: [notStarted],
      upload: [{ kind: 'refused', code: 'fileTypeNotAllowed' }],
    });
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.choosePurpose', purpose: 'otaPayment' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.chooseFiles', files: [pick('renamed.pdf', 100)] });
    await waitFor(actor, (s) => s.context.message !== null);
    expect(actor.getSnapshot().context).toMatchObject({ message: 'fileTypeNotAllowed', file: null });
  });

  it('a cancelled send attaches nothing, says so, and the next pick uploads (issue 17 §3)', async () => {
    const { actor, uploads } = start({
      load: [notStarted],
      upload: [{ kind: 'cancelled' }, ok(file)],
    });
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.choosePurpose', purpose: 'otaPayment' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.chooseFiles', files: [pick('slow.pdf', 100)] });
    await waitFor(actor, (s) => s.context.message !== null);
    expect(actor.getSnapshot().context).toMatchObject({ message: 'uploadCancelled', file: null });
    expect(actor.getSnapshot().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    actor.send({ type: 'user.chooseFiles', files: [pick('again.pdf', 100)] });
    await waitFor(actor, (s) => s.context.file !== null);
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(uploads.map((u) => u.name)).toEqual(['slow.pdf', 'again.pdf']);
  });

  it('pickedFileProblem accepts exactly the four types up to the limit', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.pdf', 'A.PDF'])
      expect(pickedFileProblem([pick(name, Limits.cardApplication.maxBytes)])).toBeNull();
    expect(pickedFileProblem([])).toBe('documentMissing');
    expect(pickedFileProblem([pick('a.gif', 1)])).toBe('fileTypeNotAllowed');
    expect(pickedFileProblem([pick('pdf', 1)])).toBe('fileTypeNotAllowed');
  });
});

describe('card application: temporary save and resume', () => {
  it('saves from the questionnaire and stays there; a later visit resumes from the saved draft', async () => {
    const saved: CardApplicationView = {
      ...notStarted,
      lifecycleState: 'saved',
      status: 'saved',
      businessPurpose: 'crossBorderEcommerce',
      file,
      answers: { sourceOfFunds: 'revenue' },
      version: 1,
    };
    const run = start({
      load: [notStarted],
      upload: [ok(file)],
      questionnaire: [questionnaire],
      save: [ok(saved)],
    });
    const { actor, saves } = run;
    await toQuestionnaire(run);
    actor.send({ type: 'user.answer', questionId: 'sourceOfFunds', answer: 'revenue' });
    actor.send({ type: 'user.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(pageOf(actor.getSnapshot())).toBe('uploadRelevantInfo');
    await waitFor(actor, (s) => s.matches({ editing: { questionnaire: 'answering' } }));
    expect(actor.getSnapshot().context.message).toBe('saved');
    expect(saves).toEqual([
      { businessPurpose: 'crossBorderEcommerce', fileId: file.id, answers: { sourceOfFunds: 'revenue' } },
    ]);
    actor.stop();

    // Another day, another device: the server's draft is the durable one.
    const later = start({ load: [saved], questionnaire: [questionnaire] });
    await waitFor(later.actor, (s) => s.matches('intro'));
    expect(later.actor.getSnapshot().context).toMatchObject({
      businessPurpose: 'crossBorderEcommerce',
      file,
      answers: { sourceOfFunds: 'revenue' },
    });
    later.actor.send({ type: 'user.start' });
    expect(later.actor.getSnapshot().matches({ editing: 'uploadRelevantInfo' })).toBe(true);
  });

  it('saves from the purpose step with nothing else filled, and a refused save says why', async () => {
    const { actor, saves } = start({
      load: [notStarted],
      save: [
        ok({ ...notStarted, status: 'saved', lifecycleState: 'saved' }),
        { kind: 'refused', code: 'transitionNotAllowed' },
      ],
    });
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.save' });
    await waitFor(actor, (s) => s.context.message === 'saved');
    expect(actor.getSnapshot().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    actor.send({ type: 'user.save' });
    await waitFor(actor, (s) => s.context.message === 'transitionNotAllowed');
    expect(saves[0]).toEqual({ businessPurpose: null, fileId: null, answers: {} });
  });

  it('cannot save while the file is uploading', async () => {
    let finish: (v: CardUploadOutcome) => void = () => {};
    const machine = cardApplicationMachine.provide({
      actors: {
        'load application': fromPromise(async () => notStarted),
        'upload file': fromPromise<CardUploadOutcome, PickedFile>(
          () => new Promise((resolve) => (finish = resolve)),
        ),
      },
      actions: { 'remember progress': () => {}, 'forget progress': () => {}, 'go to gateway': () => {} },
    });
    const actor = createActor(machine, { input: { restored: null } }).start();
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.choosePurpose', purpose: 'eWallet' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.chooseFiles', files: [pick('a.pdf', 5)] });
    expect(actor.getSnapshot().can({ type: 'user.save' })).toBe(false);
    finish(ok(file));
    await waitFor(actor, (s) => s.context.file !== null);
    expect(actor.getSnapshot().can({ type: 'user.save' })).toBe(true);
  });
});

describe('card application: review outcomes', () => {
  const rejected: CardApplicationView = {
    ...notStarted,
    lifecycleState: 'rejected',
    status: 'rejected',
    businessPurpose: 'advertising',
    file,
    answers: { sourceOfFunds: 'revenue', paymentPurpose: ['ads'] },
    reason: 'The licence is unreadable',
    submittedAt: '2026-01-01T00:00:00.000Z',
    version: 3,
  };

  it('rejected: shows the reason, and re-applies from the submitted data', async () => {
    const reapplied = { ...rejected, lifecycleState: 'saved' as const, status: 'saved' as const, version: 4 };
    const { actor, saves } = start({ load: [rejected], save: [ok(reapplied)] });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(actor.getSnapshot().context.application?.reason).toBe('The licence is unreadable');
    actor.send({ type: 'user.reapply' });
    await waitFor(actor, (s) => s.matches({ editing: 'selectBusinessPurpose' }));
    expect(saves).toEqual([{ businessPurpose: 'advertising', fileId: file.id, answers: rejected.answers }]);
    expect(actor.getSnapshot().context).toMatchObject({ businessPurpose: 'advertising', file });
  });

  it('rejected: a refused re-application stays on the reason with the message', async () => {
    const { actor } = start({ load: [rejected], save: [{ kind: 'refused', code: 'transitionNotAllowed' }] });
    await waitFor(actor, (s) => s.matches('rejected'));
    actor.send({ type: 'user.reapply' });
    await waitFor(actor, (s) => s.matches('rejected') && s.context.message !== null);
    expect(actor.getSnapshot().context.message).toBe('transitionNotAllowed');
  });

  it.each([
    ['under_review', 'underReview'],
    ['approved', 'approved'],
  ] as const)('%s is read-only: no step, no save', async (status, state) => {
    const { actor } = start(
      { load: [{ ...rejected, status, lifecycleState: state, mayEdit: false }] },
      {
        businessPurpose: 'eWallet',
        fileList: [],
        path: 'selectBusinessPurpose',
      },
    );
    await waitFor(actor, (s) => s.matches(state));
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('readOnly')).toBe(true);
    for (const type of ['user.start', 'user.save', 'user.submit', 'user.reapply'] as const)
      expect(snapshot.can({ type })).toBe(false);
    // Refresh-kept progress never overrides a submitted application.
    expect(snapshot.context.businessPurpose).toBe('advertising');
  });
});

describe('card application: progress kept for a refresh (spec §2)', () => {
  it('remembers the purpose, the file list and the path as they change', async () => {
    const { actor, remembered } = start({ load: [notStarted], upload: [ok(file)] });
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.choosePurpose', purpose: 'eWallet' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.chooseFiles', files: [pick('a.pdf', 5)] });
    await waitFor(actor, (s) => s.context.file !== null);
    actor.send({ type: 'user.removeFile' });
    expect(remembered).toEqual([
      { businessPurpose: null, fileList: [], path: 'selectBusinessPurpose' },
      { businessPurpose: 'eWallet', fileList: [], path: 'selectBusinessPurpose' },
      { businessPurpose: 'eWallet', fileList: [], path: 'uploadRelevantInfo' },
      { businessPurpose: 'eWallet', fileList: [file], path: 'uploadRelevantInfo' },
      { businessPurpose: 'eWallet', fileList: [], path: 'uploadRelevantInfo' },
    ]);
  });

  it('after a refresh on the upload step, comes back there with the kept purpose and file, over the server draft', async () => {
    const { actor } = start(
      { load: [{ ...notStarted, status: 'saved', lifecycleState: 'saved', businessPurpose: 'advertising' }] },
      { businessPurpose: 'eWallet', fileList: [file], path: 'uploadRelevantInfo' },
    );
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().matches({ editing: { uploadRelevantInfo: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ businessPurpose: 'eWallet', file });
    expect(pageOf(actor.getSnapshot())).toBe('uploadRelevantInfo');
  });

  it('after a refresh on the purpose step, comes back there', async () => {
    const { actor } = start(
      { load: [notStarted] },
      { businessPurpose: 'eWallet', fileList: [], path: 'selectBusinessPurpose' },
    );
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().matches({ editing: 'selectBusinessPurpose' })).toBe(true);
    expect(actor.getSnapshot().context.businessPurpose).toBe('eWallet');
  });
});

describe('card application: effects must be provided', () => {
  it.each(['load application'] as const)('without "%s" the chart reaches its failure state', async () => {
    const actor = createActor(cardApplicationMachine, { input: { restored: null } }).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
  });

  it('without "remember progress" entering a step throws, naming it', async () => {
    const machine = cardApplicationMachine.provide({
      actors: { 'load application': fromPromise(async () => notStarted) },
    });
    const errors: unknown[] = [];
    const actor = createActor(machine, { input: { restored: null } });
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await waitFor(actor, (s) => s.matches('intro'));
    actor.send({ type: 'user.start' });
    expect(String(errors[0])).toContain("'remember progress' is not provided");
  });
});
