// The phone side of QR identity verification (spec §2 /identityVerification and its children, §4,
// §9; issue 6 §3): the scan opens the session, the person consents to biometric processing, captures
// a face (camera, or a file input when there is none) and sees the result. It mirrors
// machines/verificationSessionLifecycle: the 10 minutes count from the scan, a failed check may be
// retried inside them, and a cancel before the result voids the scan.
//
// Issue 16 §3/§4: the camera view guides the person (face outline, move closer, more light) while
// the camera actor watches the preview; when the face is ready — or on "Start capture", the path
// for keyboards and screen readers — it runs the head-turn challenge and sends a few frames. The
// file input stays as the fallback (always referred to review). Outcomes: verified, referred,
// failed with attempts left (retry), failed with none left (a new code on the computer).
//
// Issue 28 §3: the server chooses the head movements of every attempt (the session view's
// `challenge`, three moves, a new one after each decided capture); the page shows them while
// guiding, and during the capture the camera actor says when each move is due (camera.guidance with
// 'challengeFirst', 'challengeSecond', then 'challengeThird'), so the words on the page change as the
// frames are taken.
import { assign, sendTo, setup } from 'xstate';
import type { FaceChallenge } from '../src/contract/api/verification';
import type { CodeName } from '../src/contract/codes';
import { Limits } from '../src/contract/limits';
import { outputOf, type ApiOutcome } from './accountOutcome';
import { notProvidedAction, notProvidedCallback, notProvidedPromise } from './notProvided';
import type { StateMeta } from './stateMeta';

/** The pages of spec §2 under /identityVerification; the capture view lives on `home`. */
export type PhonePage = 'home' | 'termsAndPrivacy' | 'agreementDetail' | 'verificationResultPage';

/** Face images the phone uploads: jpg/png, at most 10 MB (checked here, again by the server). */
export const CAPTURE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

/**
 * What the camera's guidance says now (the view words each one). During the capture: 'challengeStart'
 * while the first, straight frame is taken, then the challenge's first, second and third move.
 */
export type CaptureHint =
  | 'noFace'
  | 'moveCloser'
  | 'moreLight'
  | 'lookStraight'
  | 'holdStill'
  | 'challengeStart'
  | 'challengeFirst'
  | 'challengeSecond'
  | 'challengeThird';

export type CaptureSource = 'camera' | 'file';

export interface CapturedImage {
  blob: Blob;
  /** MIME type as the browser reports it (the server decides by content). */
  type: string;
  size: number;
}

export type PhoneSessionState =
  | 'created'
  | 'scanned'
  | 'verifying'
  | 'verified'
  | 'failed'
  | 'referred'
  | 'failedFinal'
  | 'cancelled'
  | 'expired';

/** What the phone knows of the session (from the provided actors, in the chart's terms). */
export interface PhoneSessionView {
  state: PhoneSessionState;
  companyName: string;
  subjectName: string;
  /** When consent was recorded (ISO time from the server), or null. */
  consentAt: string | null;
  /** What is left of the 10 minutes after the scan, by the server's clock. */
  validForMs: number;
  /** Why the last check failed or was referred (a FaceOutcomeReason), or null. */
  outcomeReason: string | null;
  /** Face checks left with this scan. */
  attemptsLeft: number;
  /** The movement the next capture must show, chosen by the server; null when none is asked. */
  challenge: FaceChallenge | null;
}

/** The scan's answer: the view plus the key that authenticates every later step (the token works once). */
export interface PhoneSessionOpened extends PhoneSessionView {
  phoneKey: string;
}

export interface IdentityVerificationInput {
  /** The scanned link has a `session` query parameter (the token itself stays in the URL: no token
   *  in a context, issue 19 §5; the provided 'open session' reads it). */
  hasToken: boolean;
}

export interface IdentityVerificationContext {
  hasToken: boolean;
  phoneKey: string | null;
  companyName: string;
  subjectName: string;
  consentAt: string | null;
  validForMs: number;
  /** The session's state when the link was opened: where the pages resume. */
  openedState: PhoneSessionState | null;
  /** The capture on its way to the server: the camera's frames or the one chosen photo. */
  source: CaptureSource | null;
  frames: CapturedImage[];
  /** The camera's current guidance, or null before it has looked. */
  hint: CaptureHint | null;
  outcomeReason: string | null;
  attemptsLeft: number;
  /** The movement the server asks of the next capture (shown while guiding and capturing). */
  challenge: FaceChallenge | null;
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
  | { type: 'camera.guidance'; hint: CaptureHint }
  /** The guidance found the face well placed and lit: the challenge may start by itself. */
  | { type: 'camera.faceReady' }
  | { type: 'camera.captured'; frames: CapturedImage[] };

type Event = IdentityVerificationEvent;
type Outcome = ApiOutcome<PhoneSessionView>;

/** The events that carry images: a chosen photo, or the camera's head-turn frames. */
type ImagesEvent = Extract<Event, { type: 'user.chooseFile' | 'camera.captured' }>;

// The image guards and 'keep frames' sit only on these two events (acceptFrames).
const framesOf = (event: Event): CapturedImage[] => {
  const images = event as ImagesEvent;
  return images.type === 'user.chooseFile' ? [images.image] : images.frames;
};

/** The session state in an actor's ok answer, or null (the guards sit only on actors' answers). */
function stateAnswered(event: unknown): PhoneSessionState | null {
  const output = outputOf(event) as Outcome;
  return output.kind === 'ok' ? output.data.state : null;
}

const refusedCode = (output: ApiOutcome<unknown>): CodeName | null =>
  // Stryker disable next-line ConditionalExpression: equivalent, an ok answer has no code: the guards compare it with refusal codes, and the page shows no message for undefined as for null (the EqualityOperator mutant still checks the kind)
  output.kind === 'refused' ? output.code : null;

const showPage = (page: PhonePage) => ({ type: 'show page' as const, params: { page } });

/** A chosen photo or the camera's frames: refused for type or size (staying at `refusedTarget`),
 *  else uploaded with their source. */
const acceptFrames = (source: CaptureSource, refusedTarget?: string) => [
  { guard: 'is not a jpg or png' as const, target: refusedTarget, actions: 'note wrong type' as const },
  { guard: 'is too large' as const, target: refusedTarget, actions: 'note too large' as const },
  {
    target: '#identityVerification.flow.uploading',
    actions: { type: 'keep frames' as const, params: { source } },
  },
];

/** Where an answer with a session view leads (a failed check is an answer, not a refusal). */
const byOutcome = [
  { guard: 'answered verified' as const, target: '#identityVerification.verified' },
  { guard: 'answered referred' as const, target: '#identityVerification.referred' },
  { guard: 'answered failed for good' as const, target: '#identityVerification.failedFinal' },
  { guard: 'answered failed' as const, target: '#identityVerification.flow.failed' },
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
    /** Spends the scan token (or resumes with a kept phone key) and reads the session; the provider
     *  reads the token from the page's URL. */
    'open session': notProvidedPromise<ApiOutcome<PhoneSessionOpened>, void>('open session'),
    'record consent': notProvidedPromise<Outcome, { phoneKey: string }>('record consent'),
    'upload capture': notProvidedPromise<
      Outcome,
      { phoneKey: string; source: CaptureSource; frames: CapturedImage[] }
    >('upload capture'),
    'cancel verification': notProvidedPromise<Outcome, { phoneKey: string }>('cancel verification'),
    /** The camera while the capture view is open: camera.ready / camera.unavailable, guidance
     *  (camera.guidance, camera.faceReady) while the preview runs, and on camera.startChallenge
     *  the head-turn frames as camera.captured. Stops the camera when the view closes. */
    camera: notProvidedCallback<Event, void>('camera'),
  },
  actions: {
    'note wrong type': assign({ message: 'fileTypeNotAllowed' }),
    'note too large': assign({ message: 'fileTooLarge' }),
    'keep frames': assign(({ event }, params: { source: CaptureSource }) => ({
      frames: framesOf(event),
      source: params.source,
      message: null,
    })),
    'note outcome': assign(({ event }) => {
      const output = (event as unknown as { output: Outcome }).output;
      // Stryker disable next-line ConditionalExpression: equivalent, it runs only after an 'answered …' guard saw an ok answer (the EqualityOperator mutant still checks the kind)
      return output.kind === 'ok'
        ? {
            outcomeReason: output.data.outcomeReason,
            attemptsLeft: output.data.attemptsLeft,
            // A decided capture brings the retry's new movement.
            challenge: output.data.challenge,
          }
        : {};
    }),
    // A message already shown (a busy engine, a refused photo) stays: it says more than this one.
    'note camera unavailable': assign({ message: ({ context }) => context.message ?? 'cameraUnavailable' }),
    // Only on camera.guidance (the capture's handler).
    'note hint': assign({
      hint: ({ event }) => (event as Extract<Event, { type: 'camera.guidance' }>).hint,
    }),
    'show page': notProvidedAction('show page') as (_: unknown, params: { page: PhonePage }) => void,
  },
  guards: {
    'has token': ({ context }) => context.hasToken,
    'has consented': ({ context }) => context.consentAt !== null,
    'is not a jpg or png': ({ event }) => framesOf(event).some((f) => !CAPTURE_TYPES.includes(f.type)),
    // A chosen photo up to 10 MB; a camera frame up to Limits.face.frameMaxBytes.
    'is too large': ({ event }) =>
      framesOf(event).some(
        (f) =>
          f.size > (event.type === 'camera.captured' ? Limits.face.frameMaxBytes : Limits.upload.maxBytes),
      ),
    'answered verified': ({ event }) => stateAnswered(event) === 'verified',
    'answered referred': ({ event }) => stateAnswered(event) === 'referred',
    'answered failed for good': ({ event }) => stateAnswered(event) === 'failedFinal',
    'answered failed': ({ event }) => stateAnswered(event) === 'failed',
    'answered ok': ({ event }) => outputOf(event).kind === 'ok',
    'refused: session expired': ({ event }) => refusedCode(outputOf(event)) === 'verificationExpired',
    'refused: session cancelled': ({ event }) => refusedCode(outputOf(event)) === 'verificationCancelled',
    // Where a reopened link finds the session (the state the server reported when it opened).
    'opened verified': ({ context }) => context.openedState === 'verified',
    'opened referred': ({ context }) => context.openedState === 'referred',
    'opened failed for good': ({ context }) => context.openedState === 'failedFinal',
    'opened cancelled': ({ context }) => context.openedState === 'cancelled',
    'opened expired': ({ context }) => context.openedState === 'expired',
    'opened failed': ({ context }) => context.openedState === 'failed',
  },
  delays: {
    // §4 / §9: valid 10 minutes after the scan; the server says how much of them is left.
    qrValidAfterScan: ({ context }) => context.validForMs,
  },
}).createMachine({
  id: 'identityVerification',
  context: ({ input }) => ({
    hasToken: input.hasToken,
    phoneKey: null,
    companyName: '',
    subjectName: '',
    consentAt: null,
    validForMs: Limits.qr.validAfterScanMs,
    openedState: null,
    source: null,
    frames: [],
    hint: null,
    outcomeReason: null,
    attemptsLeft: Limits.face.attemptsPerScan,
    challenge: null,
    message: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      meta: {
        spec: 'portal-spec.md §2 /identityVerification (mobile-only, reachable without login): the link carries a session token',
      },
      always: [
        { guard: 'has token', target: 'opening' },
        { target: 'unusable', actions: assign({ message: 'linkInvalid' }) },
      ],
    },
    opening: {
      meta: {
        spec: 'portal-spec.md §4 Identity QR verification: valid 10 minutes after the scan; the scan opens the session (a token works once)',
      },
      tags: ['busy'],
      invoke: {
        id: 'openSession',
        src: 'open session',
        onDone: [
          {
            guard: 'answered ok',
            target: 'routing',
            actions: assign(({ event }) =>
              // Stryker disable next-line ConditionalExpression: equivalent, 'answered ok' let only an ok answer through (the EqualityOperator mutant still checks the kind)
              event.output.kind === 'ok'
                ? {
                    phoneKey: event.output.data.phoneKey,
                    companyName: event.output.data.companyName,
                    subjectName: event.output.data.subjectName,
                    consentAt: event.output.data.consentAt,
                    validForMs: event.output.data.validForMs,
                    openedState: event.output.data.state,
                    outcomeReason: event.output.data.outcomeReason,
                    attemptsLeft: event.output.data.attemptsLeft,
                    challenge: event.output.data.challenge,
                  }
                : {},
            ),
          },
          { guard: 'refused: session expired', target: 'expired' },
          {
            guard: 'refused: session cancelled',
            target: 'cancelled',
          },
          { target: 'unusable', actions: assign({ message: ({ event }) => refusedCode(event.output) }) },
        ],
        onError: { target: 'openFailed', actions: assign({ message: 'internal' }) },
      },
    },
    routing: {
      meta: {
        spec: 'addition: a reopened link resumes where the session is — docs/decisions/small-decisions.md "Phone key"',
      },
      always: [
        { guard: 'opened verified', target: 'verified' },
        { guard: 'opened referred', target: 'referred' },
        { guard: 'opened failed for good', target: 'failedFinal' },
        { guard: 'opened cancelled', target: 'cancelled' },
        { guard: 'opened expired', target: 'expired' },
        { guard: 'opened failed', target: 'flow.failed' },
        { guard: 'has consented', target: 'flow.capture' },
        { target: 'flow.home' },
      ],
    },
    openFailed: {
      meta: { spec: 'portal-spec.md §8 transport failure: the session could not be read; try again' },
      entry: showPage('home'),
      on: { 'user.retry': { target: 'opening', actions: assign({ message: null }) } },
    },
    flow: {
      meta: { spec: 'portal-spec.md §4 / §9 valid 10 minutes after the scan' },
      after: { qrValidAfterScan: 'expired' },
      initial: 'home',
      states: {
        home: {
          meta: {
            spec: 'portal-spec.md §2 /identityVerification/home: who is verifying, for which company; start',
          },
          entry: showPage('home'),
          on: {
            'user.start': [{ guard: 'has consented', target: 'capture' }, { target: 'termsAndPrivacy' }],
            'user.cancel': 'cancelling',
          },
        },
        termsAndPrivacy: {
          meta: {
            spec: 'portal-spec.md §2 /identityVerification/termsAndPrivacy: consent to biometric processing',
          },
          entry: showPage('termsAndPrivacy'),
          on: {
            'user.readAgreement': 'agreementDetail',
            'user.agree': 'recordingConsent',
            'user.back': 'home',
            'user.cancel': 'cancelling',
          },
        },
        agreementDetail: {
          meta: { spec: 'portal-spec.md §2 /identityVerification/agreementDetail: the full agreement' },
          entry: showPage('agreementDetail'),
          on: {
            'user.agree': 'recordingConsent',
            'user.back': 'termsAndPrivacy',
            'user.cancel': 'cancelling',
          },
        },
        recordingConsent: {
          meta: {
            spec: 'portal-spec.md §2 /identityVerification termsAndPrivacy, agreementDetail: consent recorded on the server with a timestamp (docs/decisions/small-decisions.md "Face verification provider")',
          },
          tags: ['busy'],
          invoke: {
            id: 'recordConsent',
            src: 'record consent',
            // Stryker disable next-line StringLiteral: equivalent, the flow is entered only after the scan's answer gave the phone key
            input: ({ context }) => ({ phoneKey: context.phoneKey ?? '' }),
            onDone: [
              {
                guard: 'answered ok',
                target: 'capture',
                actions: assign({
                  // Stryker disable next-line ConditionalExpression: equivalent, 'answered ok' let only an ok answer through (the EqualityOperator mutant still checks the kind)
                  consentAt: ({ event }) => (event.output.kind === 'ok' ? event.output.data.consentAt : null),
                  message: null,
                }),
              },
              {
                guard: 'refused: session expired',
                target: '#identityVerification.expired',
              },
              {
                guard: 'refused: session cancelled',
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
          meta: {
            spec: 'portal-spec.md §2 Authorizer info: face recognition on the phone; live capture with guidance, the file input stays as the fallback (referred; docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention")',
          },
          entry: [showPage('home'), assign({ hint: null })],
          invoke: { id: 'camera', src: 'camera' },
          initial: 'startingCamera',
          on: {
            'user.chooseFile': acceptFrames('file'),
            'user.cancel': 'cancelling',
            'camera.guidance': { actions: 'note hint' },
          },
          states: {
            startingCamera: {
              meta: {
                spec: 'portal-spec.md §2 Authorizer info: face recognition on the phone; the camera through getUserMedia',
              },
              on: {
                'camera.ready': 'guiding',
                'camera.unavailable': { target: 'fileOnly', actions: 'note camera unavailable' },
              },
            },
            guiding: {
              meta: {
                spec: 'addition: face outline, move closer, more light — before anything is pressed — docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention"',
              },
              on: {
                // Automatically once the face is ready; by the button for keyboards and screen readers.
                'camera.faceReady': 'capturingFrames',
                'user.takePhoto': 'capturingFrames',
              },
            },
            capturingFrames: {
              meta: {
                spec: 'addition: the server-chosen head movement, prompted in two steps, a few JPEG frames during it (liveness) — docs/decisions/face-challenge.md',
              },
              tags: ['busy'],
              // The camera says when each movement is due (camera.guidance, the capture's handler).
              entry: [
                assign({ hint: 'challengeStart' }),
                sendTo('camera', { type: 'camera.startChallenge' }),
              ],
              on: {
                'camera.captured': acceptFrames('camera', 'guiding'),
                'camera.unavailable': { target: 'fileOnly', actions: 'note camera unavailable' },
              },
            },
            fileOnly: {
              meta: {
                spec: 'portal-spec.md §2 Authorizer info: face recognition on the phone; no camera: the file input (take a photo or choose one; docs/decisions/face.md "Face engine", File fallback)',
              },
            },
          },
        },
        uploading: {
          meta: {
            spec: 'portal-spec.md §4 Identity QR verification: verified or unverified; the frames are stored and checked (referred: docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention")',
          },
          tags: ['busy'],
          invoke: {
            id: 'uploadCapture',
            src: 'upload capture',
            input: ({ context }) => ({
              // Stryker disable next-line StringLiteral: equivalent, the flow is entered only after the scan's answer gave the phone key
              phoneKey: context.phoneKey ?? '',
              // Stryker disable next-line StringLiteral: equivalent, 'keep frames' set the source on the way in
              source: context.source ?? 'file',
              frames: context.frames,
            }),
            onDone: [
              ...byOutcome.map((branch) => ({ ...branch, actions: 'note outcome' as const })),
              {
                guard: 'refused: session expired',
                target: '#identityVerification.expired',
              },
              {
                guard: 'refused: session cancelled',
                target: '#identityVerification.cancelled',
              },
              // faceEngineBusy and every other refusal: back to the capture, with the message.
              {
                target: 'capture',
                actions: assign({ message: ({ event }) => refusedCode(event.output), frames: [] }),
              },
            ],
            onError: { target: 'capture', actions: assign({ message: 'internal', frames: [] }) },
          },
        },
        failed: {
          meta: {
            spec: 'portal-spec.md §2 /identityVerification verificationResultPage; §4 unverified: why, with a retry (attempts left this scan)',
          },
          entry: showPage('verificationResultPage'),
          on: {
            'user.retry': { target: 'capture', actions: assign({ message: null, frames: [] }) },
            'user.cancel': 'cancelling',
          },
        },
        cancelling: {
          meta: { spec: 'portal-spec.md §4 cancelling on the phone voids the scan' },
          tags: ['busy'],
          invoke: {
            id: 'cancelVerification',
            src: 'cancel verification',
            // Stryker disable next-line StringLiteral: equivalent, the flow is entered only after the scan's answer gave the phone key
            input: ({ context }) => ({ phoneKey: context.phoneKey ?? '' }),
            onDone: [
              { guard: 'answered ok', target: '#identityVerification.cancelled' },
              {
                guard: 'refused: session expired',
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
      meta: { spec: 'portal-spec.md §2 /identityVerification verificationResultPage; §4 verified' },
      entry: showPage('verificationResultPage'),
      type: 'final',
    },
    referred: {
      meta: {
        spec: 'addition: verificationResultPage says referred to review; the computer may go on — docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention"',
      },
      entry: showPage('verificationResultPage'),
      type: 'final',
    },
    failedFinal: {
      meta: {
        spec: 'addition: verificationResultPage says failed with no attempt left: a new code on the computer — docs/decisions/face.md "Face verification outcomes, phone guidance, evidence retention"',
      },
      entry: showPage('verificationResultPage'),
      type: 'final',
    },
    expired: {
      meta: { spec: 'portal-spec.md §4 / §9 verificationResultPage: expired (10 minutes after the scan)' },
      entry: showPage('verificationResultPage'),
      type: 'final',
    },
    cancelled: {
      meta: { spec: 'portal-spec.md §4 verificationResultPage: cancelled; the desktop needs a new scan' },
      entry: showPage('verificationResultPage'),
      type: 'final',
    },
    unusable: {
      meta: {
        spec: 'portal-spec.md §8 Link invalid; visit the latest address: a used, unknown or missing link (a token works once)',
      },
      // Not a verification result: the link itself is wrong, said where the link lands.
      entry: showPage('home'),
      type: 'final',
    },
  },
});
