// One document upload field (spec §5 "Uploads: jpg, png, jpeg or pdf; at most 10 MB", §8 "Upload
// failed"; docs/product-rules.md "Uploads"; issue 17 §3): a picked file is checked in the browser, sent with
// its progress, and can be cancelled, retried after a transport failure (by the user, or on its own
// when the browser is back online) and replaced by picking another. The server checks the content
// again and may refuse it with its own message.
//
// Pure: the send is the 'upload file' callback actor the web app provides (it reports progress and
// the outcome back, and stops sending when the actor is stopped: a cancel, a new pick, the field
// gone). The stored file id is announced with the emitted `upload.stored`; the form keeps it.
import { assign, emit, setup } from 'xstate';
import { Limits } from '../src/contract/limits';
import { notProvidedCallback } from './notProvided';
import type { StateMeta } from './stateMeta';

/** What the browser refuses before sending (the server checks the content again). */
export type FileProblem = 'wrongType' | 'tooLarge' | 'empty';

/** A picked file: its facts, and whatever the provided upload actor sends (a File in the browser). */
export interface PickedUpload {
  name: string;
  /** The browser's MIME type; '' when it does not know one. */
  type: string;
  size: number;
  content: unknown;
}

/** The stored file as the files API describes it. */
export interface StoredUpload {
  id: string;
  kind: string;
  contentType: string;
  size: number;
  originalName: string;
}

/** How a send ended, as the provided actor reports it. */
export type UploadResult =
  | { kind: 'uploaded'; file: StoredUpload }
  /** The server refused the file (content, size…): its localised message. */
  | { kind: 'refused'; message: string }
  /** No answer; `offline` when the browser knew it had no network. */
  | { kind: 'transportFailed'; offline: boolean };

export interface UploadInput {
  /** The files API `kind` (businessLicense, idFront, …). */
  kind: string;
}

export interface SendInput {
  file: PickedUpload;
  kind: string;
}

export interface UploadContext {
  kind: string;
  /** The file being sent, or kept for a retry. */
  file: PickedUpload | null;
  /** 0…1 of the bytes sent. */
  fraction: number;
  problem: FileProblem | null;
  /** The server's message for a refused file. */
  message: string | null;
  /** The last transport failure happened while the browser was offline. */
  offline: boolean;
}

export type UploadEvent =
  /** `kind`: the field's kind at the time of the pick (a person form swaps identity card for passport
   *  fields in place, so one field can change kind). */
  | { type: 'user.pick'; file: PickedUpload; kind?: string }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'user.dismiss' }
  | { type: 'network.online' }
  | { type: 'upload.progress'; fraction: number }
  | { type: 'upload.finished'; result: UploadResult };

export type UploadEmitted = { type: 'upload.stored'; file: StoredUpload };

const EXTENSIONS: readonly string[] = Limits.upload.extensions;
const MIME_TYPES: readonly string[] = Limits.upload.mimeTypes;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  // Stryker disable next-line StringLiteral: equivalent, any text that is not an allowed extension is refused alike
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What is wrong with the file, or null when it may be sent. */
export function uploadFileProblem(file: { name: string; type: string; size: number }): FileProblem | null {
  // Both must fit: a renamed file with a foreign type (or an unknown extension) is refused here.
  const typeOk = file.type === '' || MIME_TYPES.includes(file.type);
  if (!EXTENSIONS.includes(extensionOf(file.name)) || !typeOk) return 'wrongType';
  if (file.size > Limits.upload.maxBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

// Stryker disable next-line ConditionalExpression: equivalent, read only on user.pick
const pickedFile = (event: UploadEvent) => (event.type === 'user.pick' ? event.file : null);
const resultOf = (event: UploadEvent): UploadResult | null =>
  // Stryker disable next-line ConditionalExpression: equivalent, read only on upload.finished
  event.type === 'upload.finished' ? event.result : null;

export const uploadMachine = setup({
  types: {} as {
    context: UploadContext;
    events: UploadEvent;
    input: UploadInput;
    emitted: UploadEmitted;
    tags: 'busy';
    meta: StateMeta;
  },
  actors: {
    'upload file': notProvidedCallback<UploadEvent, SendInput>('upload file'),
  },
  guards: {
    'file refused in the browser': ({ context }) =>
      // Stryker disable next-line ConditionalExpression: equivalent, checking is entered only by a pick, which keeps a file
      context.file !== null && uploadFileProblem(context.file) !== null,
    // Stryker disable next-line OptionalChaining: equivalent, the guard sits only on upload.finished
    uploaded: ({ event }) => resultOf(event)?.kind === 'uploaded',
    // Stryker disable next-line OptionalChaining: equivalent, the guard sits only on upload.finished
    'refused by the server': ({ event }) => resultOf(event)?.kind === 'refused',
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    kind: input.kind,
    file: null,
    fraction: 0,
    problem: null,
    message: null,
    offline: false,
  }),
  initial: 'idle',
  on: {
    // A new file replaces whatever the field was doing; an upload in flight stops with its state.
    'user.pick': {
      target: '.checking',
      actions: assign({
        file: ({ event }) => pickedFile(event),
        // Stryker disable next-line ConditionalExpression: equivalent, the event is always user.pick
        kind: ({ context, event }) => (event.type === 'user.pick' && event.kind) || context.kind,
        fraction: 0,
        problem: null,
        message: null,
        offline: false,
      }),
    },
  },
  states: {
    idle: {
      meta: {
        spec: 'portal-spec.md §5 uploads: drop a file or choose one (jpg, jpeg, png, pdf; at most 10 MB)',
      },
    },
    checking: {
      meta: { spec: 'portal-spec.md §5 uploads: type and size checked in the browser before sending' },
      always: [
        {
          guard: 'file refused in the browser',
          target: 'rejected',
          actions: assign({
            // Stryker disable next-line ConditionalExpression: equivalent, the guard found a file
            problem: ({ context }) => (context.file ? uploadFileProblem(context.file) : null),
          }),
        },
        { target: 'uploading' },
      ],
    },
    uploading: {
      meta: {
        spec: 'addition: the progress of a slow upload shows, and it can be cancelled — docs/decisions/applicant-web.md "Where does an upload\'s life live?", "Cancelled upload"',
      },
      tags: ['busy'],
      invoke: {
        // Stryker disable next-line StringLiteral: equivalent, the call's id only names its child; nothing reads it (no view, no sendTo), and its done and error events follow whatever id it has
        id: 'uploadFile',
        src: 'upload file',
        input: ({ context }) => ({ file: context.file as PickedUpload, kind: context.kind }),
      },
      on: {
        'upload.progress': { actions: assign({ fraction: ({ event }) => event.fraction }) },
        'upload.finished': [
          {
            guard: 'uploaded',
            target: 'idle',
            actions: [
              emit(({ event }) => {
                const result = event.result as Extract<UploadResult, { kind: 'uploaded' }>;
                return { type: 'upload.stored' as const, file: result.file };
              }),
              assign({ file: null, fraction: 1 }),
            ],
          },
          {
            guard: 'refused by the server',
            target: 'refused',
            actions: assign({
              message: ({ event }) => {
                const result = resultOf(event);
                // Stryker disable next-line OptionalChaining,ConditionalExpression: equivalent, the guard let only a refusal through
                return result?.kind === 'refused' ? result.message : null;
              },
              file: null,
            }),
          },
          {
            target: 'failed',
            actions: assign({
              offline: ({ event }) => {
                const result = resultOf(event);
                // Stryker disable next-line OptionalChaining,ConditionalExpression: equivalent, what the first two branches leave is a transport failure
                return result?.kind === 'transportFailed' && result.offline;
              },
            }),
          },
        ],
        'user.cancel': { target: 'cancelled', actions: assign({ file: null, fraction: 0 }) },
      },
    },
    rejected: {
      meta: { spec: 'portal-spec.md §5 uploads: a wrong type, an empty file or one over 10 MB is not sent' },
      on: { 'user.dismiss': 'idle' },
    },
    refused: {
      meta: {
        spec: 'addition: docs/product-rules.md Uploads: the server decides the type by content; its message shows',
      },
      on: { 'user.dismiss': 'idle' },
    },
    failed: {
      meta: {
        spec: 'portal-spec.md §8 Upload failed: the file is kept; retried by the user or when back online',
      },
      on: {
        'user.retry': { target: 'uploading', actions: assign({ fraction: 0 }) },
        'network.online': { target: 'uploading', actions: assign({ fraction: 0, offline: false }) },
        'user.dismiss': { target: 'idle', actions: assign({ file: null }) },
      },
    },
    cancelled: {
      meta: {
        spec: 'addition: a cancelled upload stores nothing; pick again to upload — docs/decisions/applicant-web.md "Where does an upload\'s life live?", "Cancelled upload"',
      },
      on: { 'user.dismiss': 'idle' },
    },
  },
});
