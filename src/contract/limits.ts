// Every number of spec §9 and docs/product-rules.md, once. Web, server and machines import from here;
// no view, machine or route repeats one of these as a literal.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const KB = 1024;
export const MB = 1024 * KB;

export const Limits = {
  password: { minLength: 8, maxLength: 20, historyDepth: 3 },
  login: { maxFailures: 5, lockoutMs: 30 * MINUTE },
  emailCode: {
    digits: 6,
    validMs: 3 * MINUTE,
    maxWrongTries: 5,
    resendAfterMs: 60 * SECOND,
    /** A resend within this time of the last code needs no new slider, even after that code expired. */
    sliderlessResendWindowMs: 10 * MINUTE,
  },
  activationLink: { validMs: 24 * HOUR },
  resetLink: { validMs: 30 * MINUTE },
  /** Mail that anyone can make the portal send to an address (issue 29 §2/§3): per address and
   *  kind, at most `max` within `windowMs`; past that, one more once the newest is `floorMs` old.
   *  A call over the budget answers exactly as one within it but mails nothing and voids nothing,
   *  so the newest mail in the inbox still holds a usable code or link: `floorMs` is never longer
   *  than that code's or link's validity (docs/decisions/abuse-limits.md). */
  targetMail: {
    registrationCode: { max: 3, windowMs: 15 * MINUTE, floorMs: 3 * MINUTE },
    resetPassword: { max: 3, windowMs: 30 * MINUTE, floorMs: 5 * MINUTE },
    activation: { max: 1, windowMs: 10 * MINUTE, floorMs: 10 * MINUTE },
  },
  /** minMouse…/maxStepShare: what a mouse or touch drag must look like (issue 22 §2): this many
   *  points at least, over this long, no single step covering more than this share of the way. */
  captcha: {
    tolerancePx: 5,
    tokenValidMs: 2 * MINUTE,
    challengeValidMs: 2 * MINUTE,
    minMousePoints: 6,
    minMouseDragMs: 250,
    maxStepShare: 0.5,
  },
  passwordTransport: { maxAgeMs: 2 * MINUTE },
  /** Account discovery (issue 22 §3, issue 29 §2): calls that can tell whether an email has an
   *  account (send-code, register, forgot) are counted per target email and for the whole portal.
   *  The counts refuse nobody: they are pressure (services/accounts/pressure.ts) that the puzzle's
   *  proof of work reads; `calm` is the count within one window at which pressure reaches 1. An
   *  unknown email's failed logins are remembered as long as unknownFailuresKeptMs. */
  discovery: {
    perEmail: { calm: 10, windowMs: 15 * MINUTE },
    portal: { calm: 300, windowMs: MINUTE },
    unknownFailuresKeptMs: 30 * 24 * HOUR,
  },
  session: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR, tokenBytes: 32 },
  qr: { validAfterScanMs: 10 * MINUTE, regenerateAfterMs: 120 * SECOND },
  /** The desktop's live view of a QR session (docs/decisions/small-decisions.md "Desktop live status"): a lost event stream
   *  reconnects after a pause doubling from the first to the longest; after this many failures in a
   *  row it polls instead, at this interval. */
  qrLive: {
    maxStreamFailures: 3,
    firstBackoffMs: 1 * SECOND,
    maxBackoffMs: 8 * SECOND,
    pollIntervalMs: 3 * SECOND,
  },
  /** The phone's live face capture (issue 16 §3/§4): a failed check may be retried this many times
   *  in all per QR scan; the camera sends a few JPEG frames taken during the head turn. */
  face: {
    attemptsPerScan: 3,
    /** The phone sends 7: the frontal frame and two per move of a three-move challenge
     *  (cameraActor.ts). Fewer than 4 can never show the three moves: such a capture is accepted
     *  and fails 'challengeNotSeen' like any other that does not show them. */
    minFrames: 3,
    maxFrames: 7,
    frameMaxBytes: 2 * MB,
    /** A reviewer's written reason for confirming or rejecting a referred face check (issue 16 §5):
     *  characters after trimming; the minimum asks for a sentence, not "ok" (face-rest decisions). */
    overrideReasonMinLength: 10,
    overrideReasonMaxLength: 2000,
  },
  /** The back office (issue 21 §2): a claim on a case lasts this long unless renewed or released. */
  backOffice: { claimMs: 30 * MINUTE, assigneesMax: 500 },
  beneficiary: { thresholdPercent: 25, totalMaxPercent: 100 },
  upload: {
    maxBytes: 10 * MB,
    maxMegabytes: 10,
    extensions: ['jpg', 'jpeg', 'png', 'pdf'] as const,
    mimeTypes: ['image/jpeg', 'image/png', 'application/pdf'] as const,
  },
  cardApplication: { maxFiles: 1, maxBytes: 10 * MB },
  /** A saved draft as a whole (issue 29 §4): its values as UTF-8 JSON, and the documents it names.
   *  Saving step after step once grew a draft to 5.7 MB. The largest valid certification (every
   *  text at its longest, four beneficiaries, ten other documents) is far below both
   *  (tests/unit/contract/draftBounds.test.ts). */
  draft: { maxBytes: 256 * KB, maxFiles: 60 },
  /** Every JSON body and every free-form JSON value (drafts): deeper, wider or longer is refused
   *  with jsonTooComplex before it is parsed into objects, stored or walked (issue 22 §1). Real forms
   *  nest a handful of levels and hold a few hundred members. */
  json: { maxDepth: 32, maxMembers: 10_000, maxStringLength: 10_000 },
  toast: { durationMs: 3 * SECOND },
  request: { timeoutMs: 90_000 },
  /** Writes a client may send again (issue 17 §5, contract/idempotency.ts). leaseMs: how long a
   *  claimed key waits for its first request's answer before a retry may run it again (renewed every
   *  renewEveryMs while that request runs, so only a dead worker's claim runs out); keptMs: how long
   *  an answer is kept for a retry. The web client retries a cut write retryDelaysMs apart. */
  idempotency: {
    leaseMs: 10 * SECOND,
    renewEveryMs: 3 * SECOND,
    keptMs: HOUR,
    retryDelaysMs: [1 * SECOND, 3 * SECOND] as readonly number[],
  },
  logoutDelayMs: 100,
  /** A date range spans at most this many calendar years, both ends counted (validators/dateRange.ts). */
  dateRange: { maxYears: 1 },
  chatDialog: { width: 400, height: 500 },
  draftAutosaveMs: 800,
  /** How long a failed certification autosave waits before it tries again. */
  draftAutosaveRetryMs: 5 * SECOND,
  /** Longest accepted free-text entries: any real name or address fits; the database and the
   *  back-office views stay sane. Web maxLength attributes read the same numbers. */
  text: {
    personName: 50,
    companyName: 200,
    address: 300,
    productDescription: 1000,
    invitationCode: 64,
    website: 2048,
  },
} as const;

/** The bounds of an answer the server accepts (captchaVerifyRequest); the web clamps to them. */
export const CaptchaAnswerBounds = {
  /** The piece's left edge, CSS pixels (a trail point may start a little left of the track). */
  maxX: 1000,
  minTrailX: -50,
  /** The pointer's vertical offset from where the drag started, either way, CSS pixels. */
  maxAbsY: 500,
  maxTrailMs: 2 * MINUTE,
  minPoints: 2,
  maxPoints: 500,
} as const;

export const AREA_CODES = ['+86', '+852', '+65', '+1', '+44'] as const;
export type AreaCode = (typeof AREA_CODES)[number];

export const SESSION_STORE_KEY = 'user';

export const Watermark = {
  rotateDeg: -20,
  opacity: 0.2,
  fontSize: 16,
  gapX: 200,
  gapY: 100,
  width: 120,
  height: 64,
  zIndex: 9999,
} as const;

export const RootFont = {
  desktop: { designWidth: 1920, minPx: 12 },
  mobile: { designWidth: 375, minPx: 14 },
} as const;

export const ErrorReporting = {
  release: '2.0.0',
  sampleRate: 1,
  tracesSampleRate: 0.01,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
  replayLoadDelayMs: 2 * SECOND,
  idleTimeoutMs: 1 * SECOND,
  finalTimeoutMs: 30 * SECOND,
  heartbeatMs: 5 * SECOND,
  maxSpans: 1000,
} as const;

/** Units of time in milliseconds: the web and the server convert with these, never with 1000 or
 *  60_000 written out (issue 19 §3; src/web's lint rule refuses such literals). */
export const Time = { SECOND, MINUTE, HOUR, DAY } as const;

/** A span in whole minutes or hours, for the messages that state a limit ("valid for 3 minutes"). */
export const inMinutes = (ms: number): number => ms / MINUTE;
export const inHours = (ms: number): number => ms / HOUR;
