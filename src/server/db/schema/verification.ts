// QR verification sessions (issue 6, spec §4): the desktop's hand-off of an identity check to a
// phone. The row is the lifecycle's context (machines/verificationSessionLifecycle.machine.ts); the
// timers are the stored timestamps, compared with the app clock on every request. Secrets (the scan
// token, the phone key) are stored only as SHA-256 hashes.
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FaceAttackEvidence } from '../../../contract/api/verification';
import { companies, users } from './accounts';
import { storedFiles } from './files';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const verificationSessions = pgTable(
  'verification_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /** What the verification is for ('authorizer'). */
    purpose: text('purpose').notNull(),
    subjectName: text('subject_name').notNull(),
    /** The lifecycle's meta.status: created, scanned, verifying, verified, failed, referred,
     *  failedFinal, cancelled, expired. */
    state: text('state').notNull(),
    /** One more with every change; the SSE event id. */
    version: integer('version').notNull().default(1),
    /** Kept after the scan, so a second scan is told "already used" rather than "unknown". */
    tokenHash: text('token_hash').notNull(),
    /** When this code was made: regenerate is allowed 120 s later. */
    tokenCreatedAt: ts('token_created_at').notNull(),
    phoneKeyHash: text('phone_key_hash'),
    /** The 10-minute validity counts from here. */
    scannedAt: ts('scanned_at'),
    consentAt: ts('consent_at'),
    captureFileId: uuid('capture_file_id').references(() => storedFiles.id),
    /** The face provider that decided (its `name`). */
    provider: text('provider'),
    outcomeReason: text('outcome_reason'),
    /** Issue 16 §3: face checks decided with this scan (a busy engine or a provider fault spends none). */
    attempts: integer('attempts').notNull().default(0),
    /** Where the last capture's frames came from: 'camera' or 'file'. */
    captureSource: text('capture_source'),
    /** The last decided check: 'verified' | 'failed' | 'referred', its score and liveness. */
    outcome: text('outcome'),
    score: doublePrecision('score'),
    liveness: jsonb('liveness').$type<{
      passed: boolean;
      yawRangeDeg: number;
      pitchRangeDeg: number;
      frames: number;
    }>(),
    /** What the presentation-attack checks measured on the last decided capture (issue 28). */
    attackEvidence: jsonb('attack_evidence').$type<FaceAttackEvidence>(),
    /** The movements the next capture must show, chosen by the server for every attempt (issue 28 §3):
     *  'left-up-right'; a row from before session 13 may hold an old name ('leftThenRight'), so it
     *  is read through readFaceChallenge. */
    challenge: text('challenge').$type<string>(),
    engineName: text('engine_name'),
    engineVersion: text('engine_version'),
    /** The authorizer's ID photo the capture was compared with (null: none in the draft). */
    referenceFileId: uuid('reference_file_id').references(() => storedFiles.id),
    /** When the last outcome was recorded. */
    decidedAt: ts('decided_at'),
    /** A reviewer's decision on a referred verification (issue 16 §5), with its written reason. */
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewReason: text('review_reason'),
    reviewedAt: ts('reviewed_at'),
    /** Housekeeping deleted the frames (special-category data) at this time (issue 16 §6). */
    framesPurgedAt: ts('frames_purged_at'),
    /** A later session of the same company and purpose (regenerate, or a new dialog): this one no
     *  longer counts for certification. */
    supersededBy: uuid('superseded_by'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('verification_sessions_token_hash_unique').on(t.tokenHash),
    uniqueIndex('verification_sessions_phone_key_hash_unique').on(t.phoneKeyHash),
    index('verification_sessions_company_idx').on(t.companyId, t.purpose),
  ],
);

export type VerificationSessionRow = typeof verificationSessions.$inferSelect;

/** The frames of every capture of a session, in order (issue 16): the evidence the back office
 *  shows, deleted by housekeeping after the decision plus the retention period. */
export const verificationFrames = pgTable(
  'verification_frames',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => verificationSessions.id),
    /** Which capture of the session sent it (1, 2, …; a capture the busy engine did not check
     *  counts too, so the number can exceed the attempts). */
    capture: integer('capture').notNull(),
    position: integer('position').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
  },
  (t) => [
    uniqueIndex('verification_frames_file_unique').on(t.fileId),
    index('verification_frames_session_idx').on(t.sessionId, t.capture, t.position),
  ],
);

/** Append-only: every change of a session, with what the SSE stream sent for it (replayed on a
 *  reconnect with Last-Event-ID). */
export const verificationEvents = pgTable(
  'verification_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => verificationSessions.id),
    version: integer('version').notNull(),
    /** The lifecycle event ('phone.scan', …), or 'session.create' / 'phone.consent'. */
    event: text('event').notNull(),
    state: text('state').notNull(),
    /** The VerificationStreamEvent sent for this version. */
    payload: jsonb('payload').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [uniqueIndex('verification_events_session_version_unique').on(t.sessionId, t.version)],
);
