// The QR verification API (issue 6, spec §4, DECISIONS.md "QR verification"): the desktop opens a
// session and shows its link as a QR code; the phone scans it, consents, captures a face and
// reports; the desktop follows along live (server-sent events, polling GET as the fallback).
// Paths are relative to /plat like every other contract file. Shared by the web client and the
// server routes; only additions from here on.
//
// Business outcomes the page handles answer HTTP 200 with their own code (API.md); refusals use the
// code names of src/contract/codes.ts: verificationExpired (409), verificationCancelled (409),
// regenerateTooSoon (409, data RegenerateTooSoonData), verificationTokenUsed (409),
// consentRequired (409), transitionNotAllowed (409), notFound (404: unknown, another company's
// session, or an unknown / stale phone key or token), validationFailed (400),
// fileTypeNotAllowed / fileTooLarge (upload checks). A failed face check is NOT a refusal: the
// capture answers HTTP 200 with code faceNotDetected and a PhoneVerificationView in state 'failed'
// (the phone may retry inside the 10 minutes).
import { z } from 'zod';
import { Limits } from '../limits';

export const VerificationPaths = {
  // ---- desktop: signed-in applicant, own company only ---------------------------------------
  sessions: '/verify/sessions', // POST CreateVerificationSessionRequest → VerificationSessionCreated
  session: (id: string) => `/verify/sessions/${id}`, // GET → VerificationSessionView
  /** POST (empty body) → VerificationSessionCreated of a NEW session; the old one becomes
   *  'cancelled' with replacedBy = the new id. Only 120 s after the old code was made. */
  regenerate: (id: string) => `/verify/sessions/${id}/regenerate`,
  /** POST (empty body) → VerificationSessionView ('cancelled'); refused while 'verifying'. */
  close: (id: string) => `/verify/sessions/${id}/close`,
  /** GET text/event-stream of VerificationStreamEvent; send Last-Event-ID to resume. */
  events: (id: string) => `/verify/sessions/${id}/events`,

  // ---- phone: public, authenticated by the scan token, then by the phone key -----------------
  scan: '/verify/scan', // POST ScanRequest → PhoneScanResult | verificationTokenUsed | verificationExpired | verificationCancelled
  phone: '/verify/phone', // GET ?key=… → PhoneVerificationView
  consent: '/verify/consent', // POST ConsentRequest → PhoneVerificationView
  /** POST multipart/form-data: field `key` and part `file` (jpg/png ≤ 10 MB), in any order
   *  → PhoneVerificationView ('verified', code ok) | faceNotDetected (HTTP 200, 'failed') */
  capture: '/verify/capture',
  cancel: '/verify/cancel', // POST PhoneKeyRequest → PhoneVerificationView ('cancelled')
} as const;

/** The phone page the QR code opens: `${PUBLIC_URL}${VERIFICATION_PHONE_PAGE}?session=<token>`. */
export const VERIFICATION_PHONE_PAGE = '/identityVerification';
export const VERIFICATION_LINK_PARAM = 'session';

/** The stored states (machines/verificationSessionLifecycle.machine.ts meta.status). */
export const VERIFICATION_SESSION_STATES = [
  'created',
  'scanned',
  'verifying',
  'verified',
  'failed',
  'cancelled',
  'expired',
] as const;
export type VerificationSessionState = (typeof VERIFICATION_SESSION_STATES)[number];

/** States after which nothing can happen to the session any more. */
export const FINAL_VERIFICATION_STATES: readonly VerificationSessionState[] = [
  'verified',
  'cancelled',
  'expired',
];

export const VERIFICATION_PURPOSES = ['authorizer'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/** The face capture: image types and the smallest plausible face image.
 *  LEAD: move to limits.ts (Limits.qr.capture). */
export const FaceCaptureRules = {
  contentTypes: ['image/jpeg', 'image/png'] as const,
  extensions: ['jpg', 'jpeg', 'png'] as const,
  maxBytes: Limits.upload.maxBytes,
  /** Both sides at least this many pixels. */
  minSidePx: 200,
} as const;

/** SSE: a comment line (`: heartbeat`) this often keeps proxies from closing the stream. */
export const VERIFICATION_HEARTBEAT_MS = 15_000;
/** SSE `event:` name of every state message. */
export const VERIFICATION_STREAM_EVENT = 'state';

// ---- requests ----------------------------------------------------------------------------------

export const createVerificationSessionRequest = z.object({
  purpose: z.enum(VERIFICATION_PURPOSES, { error: 'field.select' }),
  /** Who is going to verify (shown on the phone's home page). */
  subjectName: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, 'field.required')
    .max(Limits.text.personName, 'field.tooLong'),
});
export type CreateVerificationSessionRequest = z.infer<typeof createVerificationSessionRequest>;

/** 32 random bytes, base64url without padding. */
const scanToken = z.string({ error: 'field.required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'field.required');
/** Same format as the token. */
const phoneKey = z.string({ error: 'field.required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'field.required');

export const scanRequest = z.object({ token: scanToken });
export type ScanRequest = z.infer<typeof scanRequest>;

export const phoneKeyRequest = z.object({ key: phoneKey });
export type PhoneKeyRequest = z.infer<typeof phoneKeyRequest>;
/** GET /verify/phone query. */
export const phoneQuery = phoneKeyRequest;

export const consentRequest = z.object({
  key: phoneKey,
  /** Biometric processing consent (termsAndPrivacy / agreementDetail); only `true` is accepted. */
  accepted: z.literal(true, { error: 'serviceAgreement.required' }),
});
export type ConsentRequest = z.infer<typeof consentRequest>;

// ---- answers -----------------------------------------------------------------------------------

/** What the desktop sees of a session (GET, SSE data, and the base of the create answer).
 *  Times are ISO 8601 strings from the server clock. */
export interface VerificationSessionView {
  sessionId: string;
  purpose: VerificationPurpose;
  subjectName: string;
  state: VerificationSessionState;
  /** Increases by one with every change; also the SSE event id. */
  version: number;
  createdAt: string;
  /** When POST regenerate is accepted (120 s after this code was made). */
  regenerateAllowedAt: string;
  scannedAt: string | null;
  /** Ten minutes after the scan; null before the scan. */
  expiresAt: string | null;
  consentAt: string | null;
  /** The dialog may be closed now (false only while 'verifying'). */
  desktopMayClose: boolean;
  /** After 'cancelled' or 'expired' the desktop needs a new session (a new scan) before submit. */
  rescanRequired: boolean;
  /** Set when regenerate replaced this session: the id of the new one. */
  replacedBy: string | null;
  /** Why the provider said 'failed' (e.g. 'imageTooSmall'); null otherwise. */
  outcomeReason: string | null;
  /** The server's clock when this view was made (countdowns use it, not the device clock). */
  serverTime: string;
}

/** POST /verify/sessions and POST …/regenerate. The link is shown once; only its hash is stored. */
export interface VerificationSessionCreated extends VerificationSessionView {
  /** `${PUBLIC_URL}/identityVerification?session=<token>`: what the QR code encodes. */
  link: string;
}

/** `data` of a regenerateTooSoon refusal. */
export interface RegenerateTooSoonData {
  regenerateAllowedAt: string;
  retryAfterMs: number;
}

/** What the phone pages see. */
export interface PhoneVerificationView {
  state: VerificationSessionState;
  companyName: string;
  subjectName: string;
  purpose: VerificationPurpose;
  scannedAt: string;
  expiresAt: string;
  consentAt: string | null;
  outcomeReason: string | null;
  serverTime: string;
}

/** POST /verify/scan. Keep `phoneKey` (e.g. sessionStorage): the token works only once. */
export interface PhoneScanResult extends PhoneVerificationView {
  phoneKey: string;
}

/**
 * One SSE message: `id: <version>`, `event: state`, `data: <VerificationStreamEvent JSON>`. The
 * stream sends the current state at once, then every change in order. A reconnect with
 * Last-Event-ID = the last version seen first gets every change after it (from the session's event
 * log), then the live ones, so nothing is lost. A Last-Event-ID at or past the current version
 * gets only what follows. Heartbeats are SSE comment lines.
 */
export type VerificationStreamEvent = Omit<VerificationSessionView, 'serverTime'> & {
  /** When the change happened. */
  at: string;
};
