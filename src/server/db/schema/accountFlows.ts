// The short-lived records of the account flows (issue 4): slider puzzles and their one-time tokens,
// email codes, activation and reset links, and the login history. All of it lives in PostgreSQL, so
// two API instances enforce one set of limits (docs/architecture.md "More than one instance"). Secrets
// (tokens, codes) are stored only as SHA-256 hashes.
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A slider puzzle: the gap position never leaves the server; one answer per puzzle. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gapX: integer('gap_x').notNull(),
    gapY: integer('gap_y').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set by the one verification attempt the puzzle allows, whatever its result. */
    answeredAt: ts('answered_at'),
    /** The idempotency key's hash of the request that answered: that request sent again after a cut
     *  may answer again (and gets a new token; the first never reached the client). */
    answeredBy: text('answered_by'),
    /** The one-time token a correct answer earns; consumed by one login, send-code or forgot request. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: ts('token_expires_at'),
    tokenUsedAt: ts('token_used_at'),
    /** The idempotency key's hash of the request that spent the token: that request sent again may
     *  spend it again (plugins/idempotency.ts), any other may not. */
    tokenUsedBy: text('token_used_by'),
  },
  (t) => [
    uniqueIndex('captcha_challenges_token_hash_unique').on(t.tokenHash),
    index('captcha_challenges_created_idx').on(t.createdAt),
  ],
);

/**
 * Registration email codes: the newest mailed row of an email is the live one; older ones are
 * voided. A send over the address's mail budget (Limits.targetMail, issue 29 §2) answers as if it
 * had sent and leaves an unmailed row: it times the 60-second rule like a sent code, but nobody
 * knows its code, nothing is voided by it, and the code check never reads it.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
    mailed: boolean('mailed').notNull().default(true),
  },
  (t) => [index('email_codes_email_sent_idx').on(t.email, t.sentAt)],
);

export const ACCOUNT_LINK_PURPOSES = ['activation', 'reset'] as const;
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

/** Activation and reset-password links: single use, and a newer link of the same purpose voids the older. */
export const accountLinks = pgTable(
  'account_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ACCOUNT_LINK_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
  },
  (t) => [
    uniqueIndex('account_links_token_hash_unique').on(t.tokenHash),
    index('account_links_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

export const LOGIN_RESULTS = [
  'success',
  'wrongPassword',
  'locked',
  'notActivated',
  'captchaFailed',
  'cipherRejected',
] as const;
export type LoginResultKind = (typeof LOGIN_RESULTS)[number];

/** Every login attempt. Attempts on unknown emails are kept with no user (nobody can list them). */
export const loginHistory = pgTable(
  'login_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    email: text('email').notNull(),
    at: ts('at').notNull(),
    ip: text('ip'),
    device: text('device'),
    result: text('result', { enum: LOGIN_RESULTS }).notNull(),
  },
  (t) => [index('login_history_user_at_idx').on(t.userId, t.at)],
);
