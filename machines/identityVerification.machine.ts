// The phone side of QR identity verification (spec §2 /identityVerification and its children, §4,
// §9; issue 6 §3): the scan opens the session, the person consents to biometric processing, captures
// a face (camera, or a file input when there is none) and sees the result. It mirrors
// machines/verificationSessionLifecycle: the 10 minutes count from the scan, a failed check may be
// retried inside them, and a cancel before the result voids the scan.
import { assign, sendTo, setup } from 'xstate';
import type { CodeName } from '../src/contract/codes';
import { Limits } from '../src/contract/limits';
import type { ApiOutcome } from './accountOutcome';
import { notProvidedAction, notProvidedCallback, notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

/** The pages of spec §2 under /identityVerification; the capture view lives on `home`. */
export type PhonePage = 'home' | 'termsAndPrivacy' | 'agreementDetail' | 'verificationResultPage';

/** Face images the phone uploads: jpg/png, at most 10 MB (checked here, again by the server). */
export const CAPTURE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

export interface CapturedImage {
  blob: Blob;
  /** MIME type as the browser reports it (the server decides by content). */
  type: string;
  size: number;
}

export type PhoneSessionState =
  'created' | 'scanned' | 'verifying' | 'verified' | 'failed' | 'cancelled' | 'expired';

/** What the phone knows of the session (from the provided actors, in the chart's terms). */
export interface PhoneSessionView {
  state: PhoneSessionState;
  companyName: string;
  subjectName: string;
  /** When consent was recorded (ISO time from the server), or null. */
  consentAt: string | null;
  /** What is left of the 10 minutes after the scan, by the server's clock. */
  validForMs: number;
}

/** The scan's answer: the view plus the key that authenticates every later step (the token works once). */
export interface PhoneSessionOpened extends PhoneSessionView {
  phoneKey: string;
}

export interface IdentityVerificationInput {
  /** The `session` query parameter of the scanned link; null when the link has none. */
  token: string | null;
}

export interface IdentityVerificationContext {
  token: string | null;
  phoneKey: string | null;
  companyName: string;
  subjectName: string;
  consentAt: string | null;
  validForMs: number;
  /** The session's state when the link was opened: where the pages resume. */
  openedState: PhoneSessionState | null;
  image: CapturedImage | null;
  /** A code name (text in codes.ts) or 'cameraUnavailable' (text in the view). */
  message: CodeName | 'cameraUnavailable' | null;
}

export type IdentityVerificationEvent =
  | { type: 'user.start' }
  | { type: 'user.readAgreement' }
  | { type: 'user.agree' }
  | { type: 'user.back' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'user.takePhoto' }
  | { type: 'user.chooseFile'; image: CapturedImage }
  | { type: 'camera.ready' }
  | { type: 'camera.unavailable' }
  | { type: 'camera.captured'; image: CapturedImage };

type Event = IdentityVerificationEvent;
type Outcome = ApiOutcome<PhoneSessionView>;

const imageOf = (event: Event): CapturedImage | null =>
  event.type === 'user.chooseFile' || event.type === 'camera.captured' ? event.image : null;

const refusedCode = (output: ApiOutcome<unknown>): CodeName | null =>
  output.kind === 'refused' ? output.code : null;

const showPage = (page: PhonePage) => ({ type: 'show page' as const, params: { page } });

/** A chosen or captured image: refused for its type or size (staying at `refusedTarget`), else uploaded. */
const acceptImage = (refusedTarget?: string) => [
  { guard: 'is not a jpg or png' as const, target: refusedTarget, actions: 'note wrong type' as const },
  { guard: 'is larger than 10 MB' as const, target: refusedTarget, actions: 'note too large' as const },
  { target: '#identityVerification.flow.uploading', actions: 'keep image' as const },
];

export const identityVerificationMachine = setup({
  types: {} as {
    context: IdentityVerificationContext;
    events: IdentityVerificationEvent;
    input: IdentityVerificationInput;
    tags: 'busy';
    meta: StateMeta;
  },
  actors: {
    /** Spends the scan token (or resumes with a kept phone key) and reads the session. */
    'open session': notProvidedPromise<ApiOutcome<PhoneSessionOpened>, { token: string }>('open session'),
    'record consent': notProvidedPromise<Outcome, { phoneKey: string }>('record consent'),
    'upload capture': notProvidedPromise<Outcome, { phoneKey: string; image: CapturedImage }>(
      'upload capture',
    ),
    'cancel verification': notProvidedPromise<Outcome, { phoneKey: string }>('cancel verification'),
    /** The camera while the capture view is open: camera.ready / camera.unavailable, and on
     *  camera.takePhoto a frame as camera.captured. Stops the camera when the view closes. */
    camera: notProvidedCallback<Event, void>('camera'),
  },
  actions: {
    'note wrong type': assign({ message: 'fileTypeNotAllowed' }),
    'note too large': assign({ message: 'fileTooLarge' }),
    'keep image': assign({ image: ({ event }) => imageOf(event), message: null }),
    'show page': notProvidedAction('show page') as (_: unknown, params: { page: PhonePage }) => void,
  },
  guards: {
    'has token': ({ context }) => context.token !== null,
    'has consented': ({ context }) => context.consentAt !== null,
    'is not a jpg or png': ({ event }) => {
      const image = imageOf(event);
      return image !== null && !CAPTURE_TYPES.includes(image.type);
    },
    'is larger than 10 MB': ({ event }) => (imageOf(event)?.size ?? 0) > Limits.upload.maxBytes,
  },
  delays: {
    // §4 / §9: valid 10 minutes after the scan; the server says how much of them is left.
    qrValidAfterScan: ({ context }) => context.validForMs,
  },
}).createMachine({
  id: 'identityVerification',
  context: ({ input }) => ({
    token: input.token,
    phoneKey: null,
    companyName: '',
    subjectName: '',
    consentAt: null,
    validForMs: Limits.qr.validAfterScanMs,
    openedState: null,
    image: null,
    message: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      meta: { spec: 'Issue 6 §2: the link carries a session token' },
      always: [
        { guard: 'has token', target: 'opening' },
        { target: 'unusable', actions: assign({ message: 'linkInvalid' }) },
      ],
    },
    opening: {
      meta: { spec: 'Issue 6 §3: the scan opens the session (a token works once)' },
      tags: ['busy'],
      invoke: {
        id: 'openSession',
        src: 'open session',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'ok',
            target: 'routing',
            actions: assign(({ event }) =>
              event.output.kind === 'ok'
                ? {
                    phoneKey: event.output.data.phoneKey,
                    companyName: event.output.data.companyName,
                    subjectName: event.output.data.subjectName,
                    consentAt: event.output.data.consentAt,
                    validForMs: event.output.data.validForMs,
                    openedState: event.output.data.state,
                  }
                : {},
            ),
          },
          { guard: ({ event }) => refusedCode(event.output) === 'verificationExpired', target: 'expired' },
          {
            guard: ({ event }) => refusedCode(event.output) === 'verificationCancelled',
            target: 'cancelled',
          },
          { target: 'unusable', actions: assign({ message: ({ event }) => refusedCode(event.output) }) },
        ],
        onError: { target: 'openFailed', actions: assign({ message: 'internal' }) },
      },
    },
    routing: {
      meta: { spec: 'Issue 6 §3: a reopened link resumes where the session is' },
      always: [
        { guard: ({ context }) => context.openedState === 'verified', target: 'verified' },
        { guard: ({ context }) => context.openedState === 'cancelled', target: 'cancelled' },
        { guard: ({ context }) => context.openedState === 'expired', target: 'expired' },
        { guard: ({ context }) => context.openedState === 'failed', target: 'flow.failed' },
        { guard: 'has consented', target: 'flow.capture' },
        { target: 'flow.home' },
      ],
    },
    openFailed: {
      meta: { spec: 'Issue 6 §3: the session could not be read (network); try again' },
      entry: showPage('home'),
      on: { 'user.retry': { target: 'opening', actions: assign({ message: null }) } },
    },
    flow: {
      meta: { spec: '§4 / §9 valid 10 minutes after the scan' },
      after: { qrValidAfterScan: 'expired' },
      initial: 'home',
      states: {
        home: {
          meta: { spec: '§2 /identityVerification/home: who is verifying, for which company; start' },
          entry: showPage('home'),
          on: {
            'user.start': [{ guard: 'has consented', target: 'capture' }, { target: 'termsAndPrivacy' }],
            'user.cancel': 'cancelling',
          },
        },
        termsAndPrivacy: {
          meta: { spec: '§2 /identityVerification/termsAndPrivacy: consent to biometric processing' },
          entry: showPage('termsAndPrivacy'),
          on: {
            'user.readAgreement': 'agreementDetail',
            'user.agree': 'recordingConsent',
            'user.back': 'home',
            'user.cancel': 'cancelling',
          },
        },
        agreementDetail: {
          meta: { spec: '§2 /identityVerification/agreementDetail: the full agreement' },
          entry: showPage('agreementDetail'),
          on: {
            'user.agree': 'recordingConsent',
            'user.back': 'termsAndPrivacy',
            'user.cancel': 'cancelling',
          },
        },
        recordingConsent: {
          meta: { spec: 'Issue 6 §3: consent recorded on the server with a timestamp' },
          tags: ['busy'],
          invoke: {
            id: 'recordConsent',
            src: 'record consent',
            input: ({ context }) => ({ phoneKey: context.phoneKey ?? '' }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'ok',
                target: 'capture',
                actions: assign({
                  consentAt: ({ event }) => (event.output.kind === 'ok' ? event.output.data.consentAt : null),
                  message: null,
                }),
              },
              {
                guard: ({ event }) => refusedCode(event.output) === 'verificationExpired',
                target: '#identityVerification.expired',
              },
              {
                guard: ({ event }) => refusedCode(event.output) === 'verificationCancelled',
                target: '#identityVerification.cancelled',
              },
              {
                target: 'termsAndPrivacy',
                actions: assign({ message: ({ event }) => refusedCode(event.output) }),
              },
            ],
            onError: { target: 'termsAndPrivacy', actions: assign({ message: 'internal' }) },
          },
        },
        capture: {
          meta: { spec: 'Issue 6 §3: face capture, camera with a file-input fallback; jpg/png ≤ 10 MB' },
          entry: showPage('home'),
          invoke: { id: 'camera', src: 'camera' },
          initial: 'startingCamera',
          on: {
            'user.chooseFile': acceptImage(),
            'user.cancel': 'cancelling',
          },
          states: {
            startingCamera: {
              meta: { spec: 'Issue 6 §3: the camera through getUserMedia' },
              on: {
                'camera.ready': 'cameraReady',
                'camera.unavailable': {
                  target: 'fileOnly',
                  actions: assign({ message: 'cameraUnavailable' }),
                },
              },
            },
            cameraReady: {
              meta: { spec: 'Issue 6 §3: the camera shows the face; take a photo or choose a file' },
              on: {
                'user.takePhoto': {
                  target: 'takingPhoto',
                  actions: sendTo('camera', { type: 'camera.takePhoto' }),
                },
              },
            },
            takingPhoto: {
              meta: { spec: 'Issue 6 §3: a captured frame becomes a JPEG' },
              tags: ['busy'],
              on: {
                'camera.captured': acceptImage('cameraReady'),
                'camera.unavailable': {
                  target: 'fileOnly',
                  actions: assign({ message: 'cameraUnavailable' }),
                },
              },
            },
            fileOnly: {
              meta: { spec: 'Issue 6 §3: no camera: the file input (take a photo or choose one)' },
            },
          },
        },
        uploading: {
          meta: { spec: 'Issue 6 §3/§4: the capture is stored like any upload and checked' },
          tags: ['busy'],
          invoke: {
            id: 'uploadCapture',
            src: 'upload capture',
            input: ({ context }) => ({ phoneKey: context.phoneKey ?? '', image: context.image! }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'ok', target: '#identityVerification.verified' },
              { guard: ({ event }) => refusedCode(event.output) === 'faceNotDetected', target: 'failed' },
              {
                guard: ({ event }) => refusedCode(event.output) === 'verificationExpired',
                target: '#identityVerification.expired',
              },
              {
                guard: ({ event }) => refusedCode(event.output) === 'verificationCancelled',
                target: '#identityVerification.cancelled',
              },
              { target: 'capture', actions: assign({ message: ({ event }) => refusedCode(event.output) }) },
            ],
            onError: { target: 'capture', actions: assign({ message: 'internal' }) },
          },
        },
        failed: {
          meta: { spec: 'Issue 6 §3 verificationResultPage: failed, with a retry inside the 10 minutes' },
          entry: showPage('verificationResultPage'),
          on: {
            'user.retry': { target: 'capture', actions: assign({ message: null, image: null }) },
            'user.cancel': 'cancelling',
          },
        },
        cancelling: {
          meta: { spec: '§4 cancelling on the phone voids the scan' },
          tags: ['busy'],
          invoke: {
            id: 'cancelVerification',
            src: 'cancel verification',
            input: ({ context }) => ({ phoneKey: context.phoneKey ?? '' }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'ok', target: '#identityVerification.cancelled' },
              {
                guard: ({ event }) => refusedCode(event.output) === 'verificationExpired',
                target: '#identityVerification.expired',
              },
              { target: 'home', actions: assign({ message: ({ event }) => refusedCode(event.output) }) },
            ],
            onError: { target: 'home', actions: assign({ message: 'internal' }) },
          },
        },
      },
    },
    verified: {
      meta: { spec: 'Issue 6 §3 verificationResultPage: verified' },
      entry: showPage('verificationResultPage'),
      type: 'final',
    },
    expired: {
      meta: { spec: '§4 / §9 verificationResultPage: expired (10 minutes after the scan)' },
      entry: showPage('verificationResultPage'),
      type: 'final',
    },
    cancelled: {
      meta: { spec: '§4 verificationResultPage: cancelled; the desktop needs a new scan' },
      entry: showPage('verificationResultPage'),
      type: 'final',
    },
    unusable: {
      meta: { spec: 'Issue 6 §2 a token works once: a used, unknown or missing link' },
      // Not a verification result: the link itself is wrong, said where the link lands.
      entry: showPage('home'),
      type: 'final',
    },
  },
});
