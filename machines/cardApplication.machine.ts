// The card-issuing business application in the browser (spec §1–§5, §8, §9; DECISIONS.md "10 MB",
// "Status codes", "Company locations"): eligibility → selectBusinessPurpose → uploadRelevantInfo
// (one file) → questionnaire → submitting → submitted; a temporary save from any step; read-only
// status when under review or approved; the reviewer's reason and re-application when rejected; a
// revision request reopens the steps at the first flagged field (docs/decisions.md "Card applications: flags, comments and a revision request").
// The server decides eligibility and enforces the lifecycle (cardApplicationLifecycle.machine.ts);
// this chart shows only what the server will accept and says why before asking it.
// Pure: session storage, uploads, API calls and navigation are named effects the web app provides.
import { assign, not, setup, stateIn } from 'xstate';
import type {
  CardApplicationFileView,
  CardApplicationView,
  CardQuestionnaire,
  CardQuestionnaireAnswer,
  CardQuestionnaireAnswers,
  SaveCardApplicationRequest,
} from '../src/contract/api/card';
import type { CodeName } from '../src/contract/codes';
import { Limits } from '../src/contract/limits';
import type { IndustryCategory } from '../src/contract/options';
import type { ApiOutcome } from './accountOutcome';
import { notProvidedAction, notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

/** The pages of /issuingCardApplication (spec §2): the index (status) and the two steps. */
export type CardApplicationPage =
  'issuingCardApplicationIndex' | 'selectBusinessPurpose' | 'uploadRelevantInfo';
export type CardApplicationStep = Exclude<CardApplicationPage, 'issuingCardApplicationIndex'>;

/**
 * What survives a page refresh inside the steps (spec §2: business purpose, file list, path). The
 * web app keeps it in session storage; the durable draft is the server's temporary save.
 */
export interface CardApplicationProgress {
  businessPurpose: IndustryCategory | null;
  fileList: CardApplicationFileView[];
  path: CardApplicationStep | null;
}

/** A file the user picked; `content` is whatever the provided upload actor sends (a File in the browser). */
export interface PickedFile {
  name: string;
  size: number;
  /** The browser's MIME type; absent or '' when it does not know one. */
  type?: string;
  content: unknown;
}

/**
 * How the provided 'upload file' actor ends: the stored file, the server's (or the browser's) refusal,
 * or cancelled by the user while it was sending (issue 17 §3). A transport failure rejects.
 */
export type CardUploadOutcome = ApiOutcome<CardApplicationFileView> | { kind: 'cancelled' };

/** A message the flow shows: a business code of src/contract/codes.ts, "saved", or "upload cancelled".
 *  Views translate. */
export type CardApplicationMessage = CodeName | 'saved' | 'uploadCancelled';

export interface CardApplicationInput {
  /** Progress kept from before a refresh (or restored into the app state on leaving the steps). */
  restored: CardApplicationProgress | null;
}

export interface CardApplicationContext {
  restored: CardApplicationProgress | null;
  /** The application as the server last answered it. */
  application: CardApplicationView | null;
  businessPurpose: IndustryCategory | null;
  file: CardApplicationFileView | null;
  answers: CardQuestionnaireAnswers;
  questionnaire: CardQuestionnaire | null;
  /** The step page shown while saving or submitting (the states of the steps set it). */
  step: CardApplicationStep;
  /** Where a save or a refused submit returns to: the questionnaire is a stage of the upload page. */
  stage: CardApplicationStep | 'questionnaire';
  message: CardApplicationMessage | null;
}

export type CardApplicationEvent =
  | { type: 'user.retry' }
  | { type: 'user.start' }
  | { type: 'user.choosePurpose'; purpose: IndustryCategory }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.chooseFiles'; files: PickedFile[] }
  | { type: 'user.removeFile' }
  | { type: 'user.answer'; questionId: string; answer: CardQuestionnaireAnswer }
  | { type: 'user.save' }
  | { type: 'user.submit' }
  | { type: 'user.reapply' }
  | { type: 'user.closeSuccess' };

// ---- rules the views and the guards share --------------------------------------------------------

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why the browser refuses a picked file before uploading it, or null (the server checks the content again). */
export function pickedFileProblem(files: readonly PickedFile[]): CodeName | null {
  if (files.length !== Limits.cardApplication.maxFiles)
    return files.length === 0 ? 'documentMissing' : 'oneFileOnly';
  const [file] = files as [PickedFile];
  if (!(Limits.upload.extensions as readonly string[]).includes(extensionOf(file.name)))
    return 'fileTypeNotAllowed';
  if (file.size <= 0) return 'fileEmpty';
  if (file.size > Limits.cardApplication.maxBytes) return 'fileTooLarge';
  return null;
}

function isAnswered(answer: CardQuestionnaireAnswer | undefined): boolean {
  if (answer === undefined) return false;
  return Array.isArray(answer) ? answer.length > 0 : answer.trim() !== '';
}

/** The required questions still without an answer (spec §5: the questionnaire is filled before submit). */
export function unansweredQuestions(
  questionnaire: CardQuestionnaire | null,
  answers: CardQuestionnaireAnswers,
): string[] {
  if (!questionnaire) return [];
  return questionnaire.questions.filter((q) => q.required && !isAnswered(answers[q.id])).map((q) => q.id);
}

/** What the steps would keep across a refresh right now. */
export function progressOf(context: CardApplicationContext): CardApplicationProgress {
  return {
    businessPurpose: context.businessPurpose,
    fileList: context.file ? [context.file] : [],
    path: context.step,
  };
}

/** The request body of a save or submit: everything the steps hold. */
export function applicationBody(context: CardApplicationContext): SaveCardApplicationRequest {
  return {
    businessPurpose: context.businessPurpose,
    fileId: context.file?.id ?? null,
    answers: context.answers,
  };
}

/** The stage of a card field path ("<stepId>.<path>" as the back office flags it). */
function stageOfField(field: string): CardApplicationStep | 'questionnaire' | null {
  if (field.startsWith('selectBusinessPurpose.')) return 'selectBusinessPurpose';
  if (field.startsWith('uploadRelevantInfo.')) return 'uploadRelevantInfo';
  if (field.startsWith('questionnaire.')) return 'questionnaire';
  return null;
}

/** Where a revision opens: the first stage, in the steps' order, that holds a flagged field. */
export function firstFlaggedStage(
  view: Pick<CardApplicationView, 'flaggedFields'> | null | undefined,
): CardApplicationStep | 'questionnaire' | null {
  const stages = new Set((view?.flaggedFields ?? []).map(stageOfField));
  return (
    (['selectBusinessPurpose', 'uploadRelevantInfo', 'questionnaire'] as const).find((st) =>
      stages.has(st),
    ) ?? null
  );
}

/**
 * The reviewer's mark on a field of the form (`field` as "<stepId>.<path>"): flagged when a flagged
 * path is the field or lies inside it (a multiple choice is flagged as a whole or by option), with
 * the reviewer's comment when there is one; null when the field is not flagged.
 */
export function reviewerMarkOf(
  view: Pick<CardApplicationView, 'flaggedFields' | 'fieldComments'> | null | undefined,
  field: string,
): { comment: string | null } | null {
  const hits = (view?.flaggedFields ?? []).filter((f) => f === field || f.startsWith(`${field}.`));
  if (hits.length === 0) return null;
  const comment = hits.map((f) => view?.fieldComments[f]).find((c) => c !== undefined && c !== '');
  return { comment: comment ?? null };
}

function mayUseRestored(
  view: CardApplicationView | undefined,
  restored: CardApplicationProgress | null,
): boolean {
  return (
    view !== undefined &&
    restored !== null &&
    view.eligibility === 'eligible' &&
    (view.status === 'not_started' || view.status === 'saved' || view.status === 'revision_requested')
  );
}

function dataOf(view: CardApplicationView, restored: CardApplicationProgress | null) {
  const useRestored = mayUseRestored(view, restored);
  return {
    application: view,
    businessPurpose: useRestored ? (restored?.businessPurpose ?? null) : view.businessPurpose,
    file: useRestored ? (restored?.fileList[0] ?? null) : view.file,
    answers: view.answers,
  };
}

/** The application a finished load carries (guards see the event untyped). */
function loadedView(event: unknown): CardApplicationView | undefined {
  return (event as { output?: CardApplicationView }).output;
}

/** The stage a loaded revision request opens at (null when the load is no revision request). */
function revisionStage(event: unknown) {
  const view = loadedView(event);
  return view?.status === 'revision_requested' ? firstFlaggedStage(view) : null;
}

type Outcome = ApiOutcome<CardApplicationView>;
const okView = (outcome: Outcome) => (outcome as { kind: 'ok'; data: CardApplicationView }).data;
const refusal = (outcome: Outcome): CodeName => (outcome.kind === 'refused' ? outcome.code : 'internal');

export const cardApplicationMachine = setup({
  types: {} as {
    context: CardApplicationContext;
    events: CardApplicationEvent;
    input: CardApplicationInput;
    tags: 'busy' | 'onStep' | 'readOnly';
    meta: StateMeta;
  },
  actors: {
    'load application': notProvidedPromise<CardApplicationView>('load application'),
    'upload file': notProvidedPromise<CardUploadOutcome, PickedFile>('upload file'),
    'load questionnaire': notProvidedPromise<CardQuestionnaire>('load questionnaire'),
    'save draft': notProvidedPromise<Outcome, SaveCardApplicationRequest>('save draft'),
    'submit application': notProvidedPromise<Outcome, SaveCardApplicationRequest>('submit application'),
  },
  actions: {
    /** Writes the progress to session storage, so a refresh inside the steps keeps it (spec §2). */
    'remember progress': notProvidedAction('remember progress') as (
      _: unknown,
      progress: CardApplicationProgress,
    ) => void,
    /** A submitted application needs no refresh-proof progress any more. */
    'forget progress': notProvidedAction('forget progress'),
    /** After the success dialog: back to the gateway, which shows "under review". */
    'go to gateway': notProvidedAction('go to gateway'),
  },
  guards: {
    'certification required': ({ event }) => loadedView(event)?.eligibility === 'certificationRequired',
    'entity not supported': ({ event }) => loadedView(event)?.eligibility === 'entityNotSupported',
    'under review': ({ event }) => loadedView(event)?.status === 'under_review',
    approved: ({ event }) => loadedView(event)?.status === 'approved',
    rejected: ({ event }) => loadedView(event)?.status === 'rejected',
    'revision flags the purpose': ({ event }) => revisionStage(event) === 'selectBusinessPurpose',
    'revision flags the upload': ({ event }) => revisionStage(event) === 'uploadRelevantInfo',
    'revision flags the questionnaire': ({ event }) => revisionStage(event) === 'questionnaire',
    'refreshed on the purpose step': ({ context, event }) =>
      context.restored?.path === 'selectBusinessPurpose' &&
      mayUseRestored(loadedView(event), context.restored),
    'refreshed on the upload step': ({ context, event }) =>
      context.restored?.path === 'uploadRelevantInfo' && mayUseRestored(loadedView(event), context.restored),
    'purpose chosen': ({ context }) => context.businessPurpose !== null,
    'file attached': ({ context }) => context.file !== null,
    'picked file refused': ({ context, event }) =>
      event.type === 'user.chooseFiles' && (context.file !== null || pickedFileProblem(event.files) !== null),
    'questionnaire loaded': ({ context }) => context.questionnaire !== null,
    'questionnaire complete': ({ context }) =>
      context.questionnaire !== null &&
      unansweredQuestions(context.questionnaire, context.answers).length === 0,
    'outcome ok': ({ event }) => (event as { output?: { kind?: string } }).output?.kind === 'ok',
    'upload cancelled': ({ event }) => (event as { output?: { kind?: string } }).output?.kind === 'cancelled',
    'no upload in flight': not(stateIn({ editing: { uploadRelevantInfo: 'uploading' } })),
    'was on the purpose step': ({ context }) => context.stage === 'selectBusinessPurpose',
    'was on the upload step': ({ context }) => context.stage === 'uploadRelevantInfo',
  },
}).createMachine({
  id: 'cardApplication',
  context: ({ input }) => ({
    restored: input?.restored ?? null,
    application: null,
    businessPurpose: null,
    file: null,
    answers: {},
    questionnaire: null,
    step: 'selectBusinessPurpose',
    stage: 'selectBusinessPurpose',
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: {
        spec: 'portal-spec.md §4 Card business application: needs completed enterprise certification (status 2)',
      },
      tags: ['busy'],
      invoke: {
        id: 'loadApplication',
        src: 'load application',
        onDone: [
          {
            guard: 'certification required',
            target: 'certificationRequired',
            actions: assign({ application: ({ event }) => event.output }),
          },
          {
            guard: 'entity not supported',
            target: 'entityNotSupported',
            actions: assign({ application: ({ event }) => event.output }),
          },
          {
            guard: 'under review',
            target: 'underReview',
            actions: assign(({ event }) => dataOf(event.output, null)),
          },
          {
            guard: 'approved',
            target: 'approved',
            actions: assign(({ event }) => dataOf(event.output, null)),
          },
          {
            guard: 'rejected',
            target: 'rejected',
            actions: assign(({ event }) => dataOf(event.output, null)),
          },
          {
            guard: 'refreshed on the purpose step',
            target: 'editing.selectBusinessPurpose',
            actions: assign(({ context, event }) => dataOf(event.output, context.restored)),
          },
          {
            guard: 'refreshed on the upload step',
            target: 'editing.uploadRelevantInfo',
            actions: assign(({ context, event }) => dataOf(event.output, context.restored)),
          },
          // A revision request opens at the first flagged field (issue 21 §1); the questionnaire is
          // a stage of the upload page.
          {
            guard: 'revision flags the purpose',
            target: 'editing.selectBusinessPurpose',
            actions: assign(({ event }) => dataOf(event.output, null)),
          },
          {
            guard: 'revision flags the upload',
            target: 'editing.uploadRelevantInfo',
            actions: assign(({ event }) => dataOf(event.output, null)),
          },
          {
            guard: 'revision flags the questionnaire',
            target: 'editing.questionnaire',
            actions: assign(({ event }) => ({
              ...dataOf(event.output, null),
              step: 'uploadRelevantInfo' as const,
            })),
          },
          {
            target: 'intro',
            actions: assign(({ context, event }) => dataOf(event.output, context.restored)),
          },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      meta: { spec: 'portal-spec.md §8 transport failure: network abnormal, please try again later' },
      on: { 'user.retry': 'loading' },
    },
    certificationRequired: {
      meta: { spec: 'portal-spec.md §4 otherwise the user is prompted to complete certification first' },
    },
    entityNotSupported: {
      meta: {
        spec: 'portal-spec.md §4 or told the entity is not supported (DECISIONS.md card-issuing locations)',
      },
    },
    intro: {
      meta: {
        spec: 'portal-spec.md §4 Card business application: not started, or saved (temporary save) to continue',
      },
      on: {
        'user.start': [
          { guard: 'purpose chosen', target: 'editing.uploadRelevantInfo' },
          { target: 'editing.selectBusinessPurpose' },
        ],
      },
    },
    editing: {
      meta: { spec: 'portal-spec.md §2 /issuingCardApplication steps; temporary save at any point' },
      tags: ['onStep'],
      initial: 'selectBusinessPurpose',
      on: {
        // An upload in flight would be lost by leaving the state; the save waits for it.
        'user.save': {
          guard: 'no upload in flight',
          target: 'saving',
          actions: assign({ message: null }),
        },
      },
      states: {
        selectBusinessPurpose: {
          meta: { spec: 'portal-spec.md §2 selectBusinessPurpose; §3 industry / purpose categories' },
          entry: [
            assign({ step: 'selectBusinessPurpose', stage: 'selectBusinessPurpose' }),
            { type: 'remember progress', params: ({ context }) => progressOf(context) },
          ],
          on: {
            'user.choosePurpose': {
              actions: [
                assign({ businessPurpose: ({ event }) => event.purpose, message: null }),
                { type: 'remember progress', params: ({ context }) => progressOf(context) },
              ],
            },
            'user.next': [
              { guard: 'purpose chosen', target: 'uploadRelevantInfo', actions: assign({ message: null }) },
              { actions: assign({ message: 'validationFailed' }) },
            ],
          },
        },
        uploadRelevantInfo: {
          meta: {
            spec: 'portal-spec.md §2 uploadRelevantInfo; §5 one file, jpg/jpeg/png/pdf, at most 10 MB (DECISIONS.md)',
          },
          entry: [
            assign({ step: 'uploadRelevantInfo', stage: 'uploadRelevantInfo' }),
            { type: 'remember progress', params: ({ context }) => progressOf(context) },
          ],
          initial: 'idle',
          states: {
            idle: {
              meta: {
                spec: 'portal-spec.md §5 card application files: one file only, checked in the browser first',
              },
              on: {
                'user.chooseFiles': [
                  {
                    guard: 'picked file refused',
                    actions: assign({
                      message: ({ context, event }) =>
                        context.file !== null ? 'oneFileOnly' : pickedFileProblem(event.files),
                    }),
                  },
                  { target: 'uploading', actions: assign({ message: null }) },
                ],
                'user.removeFile': {
                  actions: [
                    assign({ file: null, message: null }),
                    { type: 'remember progress', params: ({ context }) => progressOf(context) },
                  ],
                },
                'user.back': {
                  target: '#cardApplication.editing.selectBusinessPurpose',
                  actions: assign({ message: null }),
                },
                'user.next': [
                  {
                    guard: 'file attached',
                    target: '#cardApplication.editing.questionnaire',
                    actions: assign({ message: null }),
                  },
                  { actions: assign({ message: 'documentMissing' }) },
                ],
              },
            },
            uploading: {
              meta: {
                spec: 'addition: DECISIONS.md Uploads: the server decides the type by content; progress and cancel — docs/decisions.md "Where does an upload\'s life live?", "Cancelled upload"',
              },
              tags: ['busy'],
              invoke: {
                id: 'uploadFile',
                src: 'upload file',
                input: ({ event }) => (event as unknown as { files: [PickedFile] }).files[0],
                onDone: [
                  {
                    guard: 'outcome ok',
                    target: 'idle',
                    actions: [
                      assign({
                        file: ({ event }) =>
                          (event.output as { kind: 'ok'; data: CardApplicationFileView }).data,
                      }),
                      { type: 'remember progress', params: ({ context }) => progressOf(context) },
                    ],
                  },
                  {
                    guard: 'upload cancelled',
                    target: 'idle',
                    actions: assign({ message: 'uploadCancelled' }),
                  },
                  {
                    target: 'idle',
                    actions: assign({
                      message: ({ event }) =>
                        event.output.kind === 'refused' ? event.output.code : 'uploadFailed',
                    }),
                  },
                ],
                onError: { target: 'idle', actions: assign({ message: 'uploadFailed' }) },
              },
            },
          },
        },
        questionnaire: {
          meta: {
            spec: 'portal-spec.md §2 questionnaire on source of funds and payment purpose, filled before submit',
          },
          initial: 'loadingQuestions',
          entry: assign({ stage: 'questionnaire' }),
          on: { 'user.back': { target: 'uploadRelevantInfo', actions: assign({ message: null }) } },
          states: {
            loadingQuestions: {
              meta: {
                spec: 'portal-spec.md §2 Card application: a questionnaire on source of funds and payment purpose, served by the API in both languages (docs/decisions.md "Card questionnaire")',
              },
              tags: ['busy'],
              always: { guard: 'questionnaire loaded', target: 'answering' },
              invoke: {
                id: 'loadQuestionnaire',
                src: 'load questionnaire',
                onDone: {
                  target: 'answering',
                  actions: assign({ questionnaire: ({ event }) => event.output }),
                },
                onError: 'fetchFailed',
              },
            },
            fetchFailed: {
              meta: { spec: 'portal-spec.md §8 Questionnaire fetch failed: service abnormal, try later' },
              on: { 'user.retry': 'loadingQuestions' },
            },
            answering: {
              meta: {
                spec: 'portal-spec.md §5 the questionnaire must be filled before card application submit',
              },
              on: {
                'user.answer': {
                  actions: assign({
                    answers: ({ context, event }) => ({
                      ...context.answers,
                      [event.questionId]: event.answer,
                    }),
                    message: null,
                  }),
                },
                'user.submit': [
                  {
                    guard: 'questionnaire complete',
                    target: '#cardApplication.submitting',
                    actions: assign({ message: null }),
                  },
                  { actions: assign({ message: 'questionnaireRequired' }) },
                ],
              },
            },
          },
        },
      },
    },
    saving: {
      meta: { spec: 'portal-spec.md §4 saved (temporary save): the durable draft is on the server' },
      tags: ['busy', 'onStep'],
      invoke: {
        id: 'saveDraft',
        src: 'save draft',
        input: ({ context }) => applicationBody(context),
        onDone: [
          {
            guard: 'outcome ok',
            target: 'returningToStage',
            actions: assign({ application: ({ event }) => okView(event.output), message: 'saved' }),
          },
          { target: 'returningToStage', actions: assign({ message: ({ event }) => refusal(event.output) }) },
        ],
        onError: { target: 'returningToStage', actions: assign({ message: 'internal' }) },
      },
    },
    submitting: {
      meta: {
        spec: 'portal-spec.md §2 card application submit (CardPaths.submit; the lifecycle refuses a second submit)',
      },
      tags: ['busy', 'onStep'],
      invoke: {
        id: 'submitApplication',
        src: 'submit application',
        input: ({ context }) => applicationBody(context),
        onDone: [
          {
            guard: 'outcome ok',
            target: 'submitted',
            actions: [assign({ application: ({ event }) => okView(event.output) }), 'forget progress'],
          },
          { target: 'returningToStage', actions: assign({ message: ({ event }) => refusal(event.output) }) },
        ],
        onError: { target: 'returningToStage', actions: assign({ message: 'internal' }) },
      },
    },
    returningToStage: {
      meta: {
        spec: 'portal-spec.md §2 after a temporary save (or a refused submit) the user stays where they were',
      },
      always: [
        {
          guard: 'was on the purpose step',
          target: 'editing.selectBusinessPurpose',
        },
        {
          guard: 'was on the upload step',
          target: 'editing.uploadRelevantInfo',
        },
        { target: 'editing.questionnaire' },
      ],
    },
    submitted: {
      meta: { spec: 'portal-spec.md §2 a success dialog after submit' },
      tags: ['onStep'],
      on: { 'user.closeSuccess': { target: 'underReview', actions: 'go to gateway' } },
    },
    underReview: {
      meta: { spec: 'portal-spec.md §4 Card business application: under review (read-only)' },
      tags: ['readOnly'],
    },
    approved: {
      meta: {
        spec: 'portal-spec.md §4 Card business application: approved (read-only; the gateway opens the card system)',
      },
      tags: ['readOnly'],
    },
    rejected: {
      meta: { spec: 'portal-spec.md §4 Card business application: rejected, with the reason shown' },
      on: { 'user.reapply': { target: 'reapplying', actions: assign({ message: null }) } },
    },
    reapplying: {
      meta: { spec: 'addition: DECISIONS.md rejected → saved on re-application, from the submitted data' },
      tags: ['busy'],
      invoke: {
        id: 'reapply',
        src: 'save draft',
        input: ({ context }) => applicationBody(context),
        onDone: [
          {
            guard: 'outcome ok',
            target: 'editing.selectBusinessPurpose',
            actions: assign(({ event }) => dataOf(okView(event.output), null)),
          },
          { target: 'rejected', actions: assign({ message: ({ event }) => refusal(event.output) }) },
        ],
        onError: { target: 'rejected', actions: assign({ message: 'internal' }) },
      },
    },
  },
});

/** Which page of /issuingCardApplication a snapshot shows. */
export function pageOf(snapshot: {
  hasTag(tag: 'onStep'): boolean;
  context: CardApplicationContext;
}): CardApplicationPage {
  return snapshot.hasTag('onStep') ? snapshot.context.step : 'issuingCardApplicationIndex';
}
