// The card-issuing business application in the browser (spec §1–§5, §8, §9; docs/product-rules.md "10 MB",
// "Status codes", "Company locations"): eligibility → selectBusinessPurpose → uploadRelevantInfo
// (one file) → questionnaire → submitting → submitted; a temporary save from any step; read-only
// status when under review or approved; the reviewer's reason and re-application when rejected; a
// revision request reopens the steps at the first flagged field (docs/decisions/back-office.md "Card applications: flags, comments and a revision request").
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
import type { CardApplicationStatus } from '../src/contract/statuses';
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
  // Stryker disable next-line StringLiteral: equivalent, a name without a dot gets some text that is not one of the four extensions, refused alike
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
  // Stryker disable next-line ArrayDeclaration: equivalent, the fallback for no view only has to name no stage, and a filler path names none
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
  // Stryker disable next-line ArrayDeclaration: equivalent, the fallback for no view only has to match no field of the form, and a filler path matches none
  const hits = (view?.flaggedFields ?? []).filter((f) => f === field || f.startsWith(`${field}.`));
  if (hits.length === 0) return null;
  // Stryker disable next-line OptionalChaining: equivalent, with no view there are no hits, so this runs only with a view
  const comment = hits.map((f) => view?.fieldComments[f]).find((c) => c !== undefined && c !== '');
  return { comment: comment ?? null };
}

/** The statuses in which the applicant may be inside the steps, where a kept step can belong. */
const STATUSES_WITH_STEPS: readonly CardApplicationStatus[] = ['not_started', 'saved', 'revision_requested'];

function mayUseRestored(
  view: CardApplicationView | undefined,
  restored: CardApplicationProgress | null,
): boolean {
  return (
    // Stryker disable next-line ConditionalExpression: equivalent, a finished load always carries the application
    view !== undefined &&
    restored !== null &&
    // Stryker disable next-line ConditionalExpression: equivalent, the load's eligibility guards come first, so every view that reaches this is eligible
    view.eligibility === 'eligible' &&
    // Stryker disable next-line ConditionalExpression: equivalent, loads under review, approved or rejected are taken by earlier guards (each status of the list is tested)
    STATUSES_WITH_STEPS.includes(view.status)
  );
}

function dataOf(view: CardApplicationView, restored: CardApplicationProgress | null) {
  const useRestored = mayUseRestored(view, restored);
  return {
    application: view,
    // Stryker disable next-line OptionalChaining: equivalent, useRestored holds only when restored is not null
    businessPurpose: useRestored ? (restored?.businessPurpose ?? null) : view.businessPurpose,
    // Stryker disable next-line OptionalChaining: equivalent, useRestored holds only when restored is not null
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
  // Stryker disable next-line OptionalChaining: equivalent, a finished load always carries the application
  return view?.status === 'revision_requested' ? firstFlaggedStage(view) : null;
}

type Outcome = ApiOutcome<CardApplicationView>;
const okView = (outcome: Outcome) => (outcome as { kind: 'ok'; data: CardApplicationView }).data;
// Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, read only after 'outcome ok' failed, so the outcome is always a refusal
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
    // Stryker disable next-line OptionalChaining: equivalent, a finished load always carries the application
    'certification required': ({ event }) => loadedView(event)?.eligibility === 'certificationRequired',
    // Stryker disable next-line OptionalChaining: equivalent, a finished load always carries the application
    'entity not supported': ({ event }) => loadedView(event)?.eligibility === 'entityNotSupported',
    // Stryker disable next-line OptionalChaining: equivalent, a finished load always carries the application
    'under review': ({ event }) => loadedView(event)?.status === 'under_review',
    // Stryker disable next-line OptionalChaining: equivalent, a finished load always carries the application
    approved: ({ event }) => loadedView(event)?.status === 'approved',
    // Stryker disable next-line OptionalChaining: equivalent, a finished load always carries the application
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
      // Stryker disable next-line ConditionalExpression: equivalent, the guard sits only on user.chooseFiles (the check narrows the type)
      event.type === 'user.chooseFiles' && (context.file !== null || pickedFileProblem(event.files) !== null),
    'questionnaire loaded': ({ context }) => context.questionnaire !== null,
    'questionnaire complete': ({ context }) =>
      // Stryker disable next-line ConditionalExpression: equivalent, the guard sits only in answering, which is entered once the questionnaire is loaded
      context.questionnaire !== null &&
      unansweredQuestions(context.questionnaire, context.answers).length === 0,
    // Stryker disable next-line OptionalChaining: equivalent, the guard sits only on actors' done events, which carry an output
    'outcome ok': ({ event }) => (event as { output?: { kind?: string } }).output?.kind === 'ok',
    // Stryker disable next-line OptionalChaining: equivalent, the guard sits only on the upload's done event, which carries an output
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
        spec: 'portal-spec.md §4 or told the entity is not supported (docs/product-rules.md card-issuing locations)',
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
            spec: 'portal-spec.md §2 uploadRelevantInfo; §5 one file, jpg/jpeg/png/pdf, at most 10 MB (docs/product-rules.md)',
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
                spec: 'addition: docs/product-rules.md Uploads: the server decides the type by content; progress and cancel — docs/decisions/applicant-web.md "Where does an upload\'s life live?", "Cancelled upload"',
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
                        // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, after 'outcome ok' and 'upload cancelled' failed the outcome is always a refusal
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
                spec: 'portal-spec.md §2 Card application: a questionnaire on source of funds and payment purpose, served by the API in both languages (docs/decisions/small-decisions.md "Card questionnaire")',
              },
              tags: ['busy'],
              always: { guard: 'questionnaire loaded', target: 'answering' },
              invoke: {
                id: 'loadQuestionnaire',
                src: 'load questionnaire',
                onDone: {
                  // Stryker disable next-line StringLiteral: equivalent, without a target the questionnaire assigned here sends loadingQuestions' always transition to answering
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
      meta: {
        spec: 'addition: docs/product-rules.md rejected → saved on re-application, from the submitted data',
      },
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
