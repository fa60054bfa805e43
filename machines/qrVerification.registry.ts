// Registry entries of the QR identity verification flows (issue 6): the desktop dialog and the phone
// pages. Kept beside the machines so the shared registry holds only one line for them.
// Graph events give each invoked actor the answers that take every branch of its chart.
import type { AnyEventObject } from 'xstate';
import { Limits } from '../src/contract/limits';
import { identityVerificationMachine } from './identityVerification.machine';
import { qrSessionLiveMachine } from './qrSessionLive.machine';
import { qrVerificationMachine, type ShownCode } from './qrVerification.machine';
import type { MachineRegistryEntry } from './registryEntry';

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error: new Error('network'),
});

const SESSION = '00000000-0000-4000-8000-00000000a001';
const OTHER_SESSION = '00000000-0000-4000-8000-00000000a002';

const code: ShownCode = {
  sessionId: SESSION,
  link: 'https://portal.example/identityVerification?session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  version: 1,
  shownAt: 0,
  regenerateInMs: 120_000,
};

const update = (type: string, sessionId = SESSION): AnyEventObject => ({
  type,
  sessionId,
  version: 2,
  seenAt: 0,
  validForMs:
    type === 'session.scanned' || type === 'session.verifying' || type === 'session.failed' ? 600_000 : null,
  outcomeReason: null,
});

const phoneView = (state: string, consentAt: string | null = null) => ({
  state,
  companyName: 'Harbour Trading Ltd',
  subjectName: 'Mei Chen',
  phoneKey: 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
  validForMs: 600_000,
  consentAt,
  outcomeReason: state === 'failed' || state === 'failedFinal' ? 'noMatch' : null,
  attemptsLeft: state === 'failedFinal' ? 0 : 2,
});

const image = (type: string, size: number) => ({ image: { blob: null, type, size } });
const frames = (type: string, size: number) => ({
  frames: [1, 2, 3].map(() => ({ blob: null, type, size })),
});

export const qrVerificationEntries: readonly MachineRegistryEntry[] = [
  {
    id: 'qrVerification',
    kind: 'flow',
    title: 'QR identity verification (desktop dialog)',
    machine: qrVerificationMachine,
    delays: {
      qrRegenerateAfter: {
        limit: 'Limits.qr.regenerateAfterMs',
        ms: Limits.qr.regenerateAfterMs,
        computed: 'what the server says is left of the 120 s since it made the code',
      },
      qrValidAfterScan: {
        limit: 'Limits.qr.validAfterScanMs',
        ms: Limits.qr.validAfterScanMs,
        computed: 'what the server says is left of the 10 minutes since the scan',
      },
    },
    graphInputs: [{ subjectName: 'Mei Chen' }],
    graphEvents: [
      done('createSession', { kind: 'ok', data: code }),
      done('createSession', { kind: 'refused', code: 'validationFailed' }),
      failed('createSession'),
      update('session.scanned'),
      update('session.scanned', OTHER_SESSION),
      update('session.verifying'),
      update('session.failed'),
      update('session.verified'),
      update('session.referred'),
      update('session.failedFinal'),
      update('session.cancelled'),
      update('session.expired'),
      done('regenerateSession', { kind: 'ok', data: { ...code, version: 1 } }),
      done('regenerateSession', { kind: 'tooSoon', retryInMs: 5000 }),
      done('regenerateSession', { kind: 'refused', code: 'transitionNotAllowed' }),
      failed('regenerateSession'),
      done('closeSession', { kind: 'ok', data: null }),
      done('closeSession', { kind: 'refused', code: 'transitionNotAllowed' }),
      failed('closeSession'),
    ],
  },
  {
    id: 'qrSessionLive',
    kind: 'flow',
    title: 'QR verification: following the session live (stream, reconnect, polling)',
    machine: qrSessionLiveMachine,
    delays: {
      streamReconnectBackoff: {
        limit: 'Limits.qrLive.firstBackoffMs … Limits.qrLive.maxBackoffMs',
        ms: Limits.qrLive.firstBackoffMs,
        computed: 'doubles after each failure in a row, at most Limits.qrLive.maxBackoffMs',
      },
      pollInterval: { limit: 'Limits.qrLive.pollIntervalMs', ms: Limits.qrLive.pollIntervalMs },
    },
    graphInputs: [{ sessionId: SESSION, afterVersion: 1 }],
    graphEvents: [
      update('session.scanned'),
      { type: 'live.connected' },
      { type: 'live.lost' },
      done('fetchSession', update('session.verifying')),
      done('fetchSession', null),
      failed('fetchSession'),
    ],
  },
  {
    id: 'identityVerification',
    kind: 'flow',
    title: 'Identity verification on the phone',
    machine: identityVerificationMachine,
    delays: {
      qrValidAfterScan: {
        limit: 'Limits.qr.validAfterScanMs',
        ms: Limits.qr.validAfterScanMs,
        computed:
          'what the server says is left of the 10 minutes since the scan, when the phone opens the link',
      },
    },
    graphInputs: [{ hasToken: true }, { hasToken: false }],
    graphEvents: [
      done('openSession', { kind: 'ok', data: phoneView('scanned') }),
      done('openSession', { kind: 'ok', data: phoneView('scanned', '2026-01-01T00:00:00.000Z') }),
      done('openSession', { kind: 'ok', data: phoneView('verifying', '2026-01-01T00:00:00.000Z') }),
      done('openSession', { kind: 'ok', data: phoneView('failed', '2026-01-01T00:00:00.000Z') }),
      done('openSession', { kind: 'ok', data: phoneView('verified', '2026-01-01T00:00:00.000Z') }),
      done('openSession', { kind: 'ok', data: phoneView('referred', '2026-01-01T00:00:00.000Z') }),
      done('openSession', { kind: 'ok', data: phoneView('failedFinal', '2026-01-01T00:00:00.000Z') }),
      done('openSession', { kind: 'ok', data: phoneView('cancelled') }),
      done('openSession', { kind: 'ok', data: phoneView('expired') }),
      done('openSession', { kind: 'refused', code: 'verificationExpired' }),
      done('openSession', { kind: 'refused', code: 'verificationCancelled' }),
      done('openSession', { kind: 'refused', code: 'verificationTokenUsed' }),
      failed('openSession'),
      done('recordConsent', { kind: 'ok', data: phoneView('scanned', '2026-01-01T00:00:00.000Z') }),
      done('recordConsent', { kind: 'refused', code: 'verificationExpired' }),
      done('recordConsent', { kind: 'refused', code: 'verificationCancelled' }),
      done('recordConsent', { kind: 'refused', code: 'transitionNotAllowed' }),
      failed('recordConsent'),
      { type: 'user.chooseFile', ...image('image/jpeg', 200_000) },
      { type: 'user.chooseFile', ...image('application/pdf', 200_000) },
      { type: 'user.chooseFile', ...image('image/png', 11 * 1024 * 1024) },
      { type: 'camera.guidance', hint: 'moveCloser' },
      { type: 'camera.faceReady' },
      { type: 'camera.captured', ...frames('image/jpeg', 200_000) },
      { type: 'camera.captured', ...frames('image/webp', 200_000) },
      { type: 'camera.captured', ...frames('image/jpeg', 3 * 1024 * 1024) },
      done('uploadCapture', { kind: 'ok', data: phoneView('verified', '2026-01-01T00:00:00.000Z') }),
      done('uploadCapture', { kind: 'ok', data: phoneView('referred', '2026-01-01T00:00:00.000Z') }),
      done('uploadCapture', { kind: 'ok', data: phoneView('failed', '2026-01-01T00:00:00.000Z') }),
      done('uploadCapture', { kind: 'ok', data: phoneView('failedFinal', '2026-01-01T00:00:00.000Z') }),
      done('uploadCapture', { kind: 'refused', code: 'faceEngineBusy' }),
      done('uploadCapture', { kind: 'refused', code: 'verificationExpired' }),
      done('uploadCapture', { kind: 'refused', code: 'verificationCancelled' }),
      done('uploadCapture', { kind: 'refused', code: 'fileTooLarge' }),
      failed('uploadCapture'),
      done('cancelVerification', { kind: 'ok', data: phoneView('cancelled') }),
      done('cancelVerification', { kind: 'refused', code: 'verificationExpired' }),
      done('cancelVerification', { kind: 'refused', code: 'transitionNotAllowed' }),
      failed('cancelVerification'),
    ],
  },
];
