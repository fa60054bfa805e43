// The QR verification API (issue 6, spec §4, docs/product-rules.md "QR verification"): the desktop opens a
// session and shows its link as a QR code; the phone scans it, consents, captures a face and
// reports; the desktop follows along live (server-sent events, polling GET as the fallback).
// Paths are relative to /plat like every other contract file. Shared by the web client and the
// server routes; only additions from here on.
//
// Business outcomes the page handles answer HTTP 200 with their own code (docs/api-conventions.md); refusals use the
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
  /** POST multipart/form-data (issue 16): fields `key` and `source` ('camera' | 'file') first,
   *  then the frames as parts named `frame`: from the camera FaceCaptureRules.camera.minFrames to
   *  maxFrames frames (jpg/png, each ≤ frameMaxBytes) taken during the head turn; from the file
   *  picker exactly one (jpg/png ≤ 10 MB). A part named `file` is read as a frame (older clients).
   *  → PhoneVerificationView: 'verified' or 'referred' (code ok) | faceCheckFailed (HTTP 200,
   *  'failed' with attempts left, or 'failedFinal'; outcomeReason says why) | faceEngineBusy (503,
   *  nothing spent: send again in a moment) | frameCountInvalid / frameTooLarge (400 / 413). */
  capture: '/verify/capture',
  cancel: '/verify/cancel', // POST PhoneKeyRequest → PhoneVerificationView ('cancelled')
  /** GET `${faceModels}/<file>`: the face-guidance models the phone page loads (issue 16 §4), served
   *  from our own origin; only the files in FACE_GUIDE_MODEL_FILES. */
  faceModels: '/verify/face-models',
} as const;

/** The Human models the phone's live guidance needs (detector and mesh, for size and head pose). */
export const FACE_GUIDE_MODEL_FILES = [
  'blazeface.json',
  'blazeface.bin',
  'facemesh.json',
  'facemesh.bin',
] as const;

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
  'referred',
  'failedFinal',
  'cancelled',
  'expired',
] as const;
export type VerificationSessionState = (typeof VERIFICATION_SESSION_STATES)[number];

/** States after which nothing can happen to the session any more. */
export const FINAL_VERIFICATION_STATES: readonly VerificationSessionState[] = [
  'verified',
  'referred',
  'failedFinal',
  'cancelled',
  'expired',
];

/** The states with which certification may be submitted (issue 16 §3: a referred verification
 *  does not block the submit; the back office sees it flagged). */
export const SUBMITTABLE_VERIFICATION_STATES: readonly VerificationSessionState[] = ['verified', 'referred'];

/** Where the frames of a capture came from: the live camera (motion challenge) or the file picker
 *  (the fallback, always referred to review). */
export const CAPTURE_SOURCES = ['camera', 'file'] as const;
export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

/** Why a face check failed or was referred (the provider's reasons, faceProvider.ts); the web
 *  translates each one. 'providerError' and 'faceEngineBusy' are the server's own. */
export const FACE_OUTCOME_REASONS = [
  'noFace',
  'multipleFaces',
  'faceTooSmall',
  'faceCutOff',
  'tooDark',
  'blurred',
  'notFrontal',
  'noMatch',
  'noLiveness',
  'consentMissing',
  'notAnImage',
  'imageTooSmall',
  'greyBand',
  'referenceHasNoFace',
  'noReference',
  'fileFallback',
  'presentationAttack',
  'challengeNotSeen',
  'providerError',
  'reviewerConfirmed',
  'reviewerRejected',
] as const;
export type FaceOutcomeReason = (typeof FACE_OUTCOME_REASONS)[number];

/** One head movement, in the person's own directions: "left" is the authorizer's left (the phone's
 *  preview is mirrored, the frames sent are not). */
export const FACE_MOVES = ['left', 'right', 'up', 'down'] as const;
export type FaceMove = (typeof FACE_MOVES)[number];

/**
 * The head movements a capture must show, in order (issue 28 §3), written as its moves joined by
 * '-' ('left-up-right'): readable as it is stored (verification_sessions.challenge) and shown. The
 * server chooses one of FACE_CHALLENGES for every attempt; frames that do not show those movements
 * in that order fail with 'challengeNotSeen'. A two-move one is a session row written before
 * session 13 (readFaceChallenge), never chosen any more.
 */
export type FaceChallenge = `${FaceMove}-${FaceMove}` | `${FaceMove}-${FaceMove}-${FaceMove}`;

const isYawMove = (move: FaceMove) => move === 'left' || move === 'right';

/** Three moves, none twice in a row, yaw and pitch mixed (so a recording of a turn alone, or of a
 *  nod alone, fits none). */
function isChosenSequence(moves: readonly FaceMove[]): boolean {
  const repeats = moves.some((move, i) => i > 0 && moves[i - 1] === move);
  const yaw = moves.filter(isYawMove).length;
  return moves.length === 3 && !repeats && yaw > 0 && yaw < moves.length;
}

/**
 * The challenges the server chooses from: every sequence of three moves with no move twice in a row
 * and both axes in it — 4 × 3 × 3 = 36 without a repeat, less the 2 yaw-only (left-right-left,
 * right-left-right) and 2 pitch-only: 32. One fixed recording fits one of them
 * (docs/decisions/face-challenge.md).
 */
export const FACE_CHALLENGES: readonly FaceChallenge[] = FACE_MOVES.flatMap((a) =>
  FACE_MOVES.flatMap((b) => FACE_MOVES.map((c) => [a, b, c] as const)),
)
  .filter(isChosenSequence)
  .map(([a, b, c]) => `${a}-${b}-${c}` as const);

/** The two-move names stored before session 13, and their moves. */
const LEGACY_FACE_CHALLENGES: ReadonlyMap<string, FaceChallenge> = new Map([
  ['leftThenRight', 'left-right'],
  ['rightThenLeft', 'right-left'],
  ['downThenUp', 'down-up'],
  ['upThenDown', 'up-down'],
]);

/** A challenge's moves, in order. */
export function faceChallengeMoves(challenge: FaceChallenge): FaceMove[] {
  return challenge.split('-') as FaceMove[];
}

/**
 * A stored challenge (the session row, stored evidence) as the contract's: a move list of two or
 * three moves, none twice in a row; an old two-move name as its two moves ('leftThenRight' →
 * 'left-right'); anything else null (no challenge: the older any-turn rule).
 */
export function readFaceChallenge(stored: unknown): FaceChallenge | null {
  if (typeof stored !== 'string') return null;
  const legacy = LEGACY_FACE_CHALLENGES.get(stored);
  if (legacy) return legacy;
  const moves = stored.split('-');
  const valid =
    (moves.length === 2 || moves.length === 3) &&
    moves.every((move, i) => (FACE_MOVES as readonly string[]).includes(move) && moves[i - 1] !== move);
  return valid ? (stored as FaceChallenge) : null;
}

/**
 * What the presentation-attack checks measured on a capture (issue 28 §1–§4), stored with the
 * session's outcome and shown to reviewers beside the frames. Each figure carries the threshold it
 * was held against; `decides` says whether that figure may fail a capture on its own (a measured
 * separation) or is evidence only.
 */
export interface FaceAttackEvidence {
  /** The movements asked for and what the frames showed, in order (e.g. ['left', 'up', 'right']). */
  challenge: { asked: FaceChallenge; seen: string[]; passed: boolean } | null;
  /** What one plane projective transform (homography) leaves unexplained between frames, in face
   *  widths: `value` is the part that follows the face's depth (a turning head's parallax; the
   *  figure judged), `rms` all of it (noise included). A flat picture stays near 0. With `points`
   *  the figures are the image's own texture, tracked between frames (that many points in the
   *  judged pair with the fewest; 0: none could be tracked, which fails), and `meshValue` is the
   *  mesh landmarks' figure beside it (evidence only: the mesh model gives any face depth).
   *  Without `points` (captures before session 12) the figures are the mesh landmarks'. */
  planeResidual: {
    value: number;
    threshold: number;
    passed: boolean;
    rms?: number;
    points?: number;
    meshValue?: number;
  } | null;
  /** How close the capture is to the ID photo itself: engine similarity and the perceptual-hash
   *  distance of the aligned face crops (0 = same pixels). Reuse fails when both say "the same". */
  idReuse: {
    similarity: number;
    similarityThreshold: number;
    hashDistance: number;
    hashThreshold: number;
    reused: boolean;
  } | null;
  /** The engine's own models (Human's antispoof and liveness), 0..1, higher = more real. */
  antispoof: { score: number; threshold: number; decides: boolean } | null;
  livenessModel: { score: number; threshold: number; decides: boolean } | null;
  /** A screen's lattice of emitters (session 12): the strongest isolated peak of the frames' spatial
   *  spectrum, in times the typical power at its frequency, its channel and where it lies (cycles per
   *  pixel); a capture reaching the threshold showed a screen. Absent before session 12. */
  screenLattice?: {
    value: number;
    threshold: number;
    passed: boolean;
    channel: 'luma' | 'chroma';
    cyclesPerPixel: [number, number];
  } | null;
  /** A pulsing display seen through the camera's rolling shutter (session 13): horizontal bands
   *  moving between frames; `value` is the light's modulation one row period explains (0.05 = ±5 %,
   *  median over `pairs` frame pairs), at `cyclesPerFrame` bands a frame height; a capture reaching
   *  the threshold showed a display's flicker. Absent before session 13. */
  screenBands?: {
    value: number;
    threshold: number;
    passed: boolean;
    cyclesPerFrame: number;
    pairs: number;
  } | null;
}

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
  /** The camera's frames during the head turn (issue 16 §2/§4): counts and size per frame. */
  camera: {
    minFrames: Limits.face.minFrames,
    maxFrames: Limits.face.maxFrames,
    frameMaxBytes: Limits.face.frameMaxBytes,
  },
  /** Attempts per QR scan before a new code is needed. */
  attemptsPerScan: Limits.face.attemptsPerScan,
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
    // A blank name reads as missing: the issue takes the string's error, 'field.required'.
    .min(1)
    .max(Limits.text.personName, 'field.tooLong'),
});
export type CreateVerificationSessionRequest = z.infer<typeof createVerificationSessionRequest>;

/** 32 random bytes, base64url without padding; any other value reads as missing (the string's error
 *  answers the pattern's issue too). */
const scanToken = z.string({ error: 'field.required' }).regex(/^[A-Za-z0-9_-]{43}$/);
/** Same format as the token. */
const phoneKey = z.string({ error: 'field.required' }).regex(/^[A-Za-z0-9_-]{43}$/);

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

/** The text fields of a capture (multipart), read before its frames. */
export const captureFields = z.object({
  key: phoneKey,
  source: z.enum(CAPTURE_SOURCES, { error: 'field.select' }),
});
export type CaptureFields = z.infer<typeof captureFields>;

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
  /** Why the provider said 'failed' or 'referred' (a FaceOutcomeReason, e.g. 'noMatch'); null otherwise. */
  outcomeReason: string | null;
  /** Face checks the phone may still make with this scan (issue 16 §3). */
  attemptsLeft: number;
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
  /** Face checks left with this scan (0 in 'failedFinal'). */
  attemptsLeft: number;
  /** The movement the next capture must show (issue 28 §3); null when no capture is expected. */
  challenge: FaceChallenge | null;
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
