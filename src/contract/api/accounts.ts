// The accounts API (issue 4): paths, request schemas and answer shapes, shared by the web client
// and the server routes. Passwords never travel in clear: every `*Cipher` field is the base64
// RSA-OAEP (SHA-256) ciphertext of JSON `{ password, nonce, ts }` under the key from
// GET /plat/ums/crypto/public-key (docs/product-rules.md "Password transport").
//
// Business outcomes the page handles answer HTTP 200 with their own code (docs/api-conventions.md); the code names
// below are those of src/contract/codes.ts.
import { z } from 'zod';
import { AREA_CODES, CaptchaAnswerBounds } from '../limits';
import type { Locale } from '../envelope';
import type { BackOfficeRole } from './backOfficeRoles';

export { AccountPaths } from './accountPaths';

const cipher = z.string().min(16, 'field.required').max(2048, 'field.invalid');
const captchaToken = z.string().min(16, 'captcha.required').max(256, 'captcha.required');
const email = z.string().trim().toLowerCase().email('email.format').max(254, 'email.format');

export interface CaptchaChallenge {
  challengeId: string;
  /** Image data URLs drawn on the server (a JPEG background with decoy gaps, a WebP piece with
   *  transparency); the gap's x position never leaves the server. */
  background: string;
  piece: string;
  /** Where the piece sits vertically, and the sizes, in CSS pixels. */
  pieceY: number;
  width: number;
  height: number;
  pieceSize: number;
  /** The proof of work bound to this puzzle (issue 29 §1): the page solves it in a Web Worker while
   *  the person drags, and sends the key it found with the answer. */
  work: CaptchaWork;
}

/** ALTCHA v2's challenge format (altcha-lib), deterministic PBKDF2: the key starting with
 *  `keyPrefix` is `cost` iterations times an unknown counter away. */
export interface CaptchaWork {
  parameters: {
    algorithm: 'PBKDF2/SHA-256';
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    /** Seconds since the epoch: when the puzzle expires. */
    expiresAt: number;
  };
}

/**
 * The slider puzzle's geometry and the plausibility rules the server applies to an answer.
 * LEAD: move to limits.ts (Limits.captcha) beside tolerancePx.
 */
export const CaptchaPuzzle = {
  width: 320,
  height: 160,
  pieceSize: 52,
  /** A mouse or touch drag shorter than this was not made by a hand. */
  minDragMs: 100,
  /** Arrow keys move the piece by `keyboardStepPx`, Page keys by `keyboardLargeStepPx`; Home and End
   *  jump to the ends. A keyboard answer's positions all lie on the arrow-key grid (or at an end). */
  keyboardStepPx: 2,
  keyboardLargeStepPx: 20,
  /** A keyboard answer needs at least this many key presses. */
  minKeyPresses: 3,
} as const;

const B = CaptchaAnswerBounds;

export const captchaVerifyRequest = z.object({
  challengeId: z.string().uuid('captcha.required'),
  /** The piece's final left edge in CSS pixels. */
  x: z.number().min(0).max(B.maxX),
  /** The drag trajectory: the piece's left edge (x, same unit as `x`) and the pointer's vertical
   *  offset from where the drag started (y), over time (t, ms since the drag started). The last point
   *  is where the piece was let go. With the keyboard: one point per key press, starting at 0. */
  trail: z
    .array(
      z.object({
        x: z.number().min(B.minTrailX).max(B.maxX),
        y: z.number().min(-B.maxAbsY).max(B.maxAbsY),
        t: z.number().min(0).max(B.maxTrailMs),
      }),
    )
    .min(B.minPoints)
    .max(B.maxPoints),
  /** Solved with the arrow keys (WCAG 2.5.7): the trail is then key steps, judged accordingly. */
  keyboard: z.boolean().optional(),
  /** The key the puzzle's proof of work found (hex, the full derived key): the same for both paths. */
  work: z.string().regex(/^[0-9a-f]{64}$/, 'captcha.required'),
});

export const registerSendCodeRequest = z.object({
  email,
  captchaToken: captchaToken.optional(),
  locale: z.enum(['zh-cn', 'en-us']).optional(),
});

export const registerRequest = z.object({
  firstName: z.string().trim().min(1, 'field.required').max(50, 'field.invalid'),
  lastName: z.string().trim().min(1, 'field.required').max(50, 'field.invalid'),
  location: z.enum(['CN', 'HK', 'SG', 'US', 'GB'], 'field.required'),
  companyName: z.string().trim().min(1, 'field.required').max(200, 'field.invalid'),
  position: z.enum(['legalPerson', 'manager', 'employee', 'other'], 'field.required'),
  email,
  phoneAreaCode: z.enum(AREA_CODES).nullish(),
  phone: z.string().trim().max(20).nullish(),
  passwordCipher: cipher,
  invitationCode: z.string().trim().max(64).nullish(),
  serviceAgreement: z.literal(true, 'serviceAgreement.required'),
  emailCode: z.string().regex(/^\d{6}$/, 'emailCode.format'),
});

export const activateRequest = z.object({ token: z.string().min(16).max(200) });
export const activateResendRequest = z.object({ email });

export const loginRequest = z.object({ email, passwordCipher: cipher, captchaToken });

export interface SessionUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneAreaCode: string | null;
  phone: string | null;
  role: 'applicant' | 'reviewer';
  /** A back-office account's roles (issue 21 §4); [] for applicants. */
  backOfficeRoles: BackOfficeRole[];
  position: string | null;
  accountStatus: 'inactive' | 'active' | 'disabled';
  language: Locale;
  operatorId: string | null;
  companyId: string | null;
  companyName: string | null;
  companyLocation: string | null;
  companyCreditCode: string | null;
  /** Missing (-1) for reviewers (docs/product-rules.md "Status codes"). */
  enterpriseCertificationStatus: number;
  enterpriseAuditStatus: number | null;
}

export interface LoginResult {
  token: string;
  user: SessionUser;
}

export const forgotRequest = z.object({ email, captchaToken, locale: z.enum(['zh-cn', 'en-us']).optional() });
export const resetCheckRequest = z.object({ token: z.string().min(16).max(200) });
export const resetRequest = z.object({ token: z.string().min(16).max(200), passwordCipher: cipher });
export const changePasswordRequest = z.object({ currentPasswordCipher: cipher, newPasswordCipher: cipher });

export const loginHistoryQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export interface LoginHistoryItem {
  id: string;
  time: string;
  ip: string | null;
  device: string | null;
  /** `locked`: refused without looking at the password; `cipherRejected`: a stale or replayed ciphertext. */
  result: 'success' | 'wrongPassword' | 'locked' | 'notActivated' | 'captchaFailed' | 'cipherRejected';
}

export const preferencesRequest = z.object({ language: z.enum(['zh-cn', 'en-us']) });

/** Answer of registerSendCode: when the next code may be asked for, and how long this one lives. */
export interface SendCodeResult {
  resendAfterMs: number;
  validMs: number;
}

/** `data` of a codeResendTooSoon answer: how long to wait before another code can be sent. */
export interface CodeResendTooSoonData {
  retryAfterMs: number;
}

/** `data` of register (ok) and of activate (activationSuccess). */
export interface AccountEmail {
  email: string;
}
