// The card-issuing business application (issue 7): one application per company, its append-only
// history, and the questionnaire the application answers. The back office approves or rejects an
// application by moving `state` through machines/cardApplicationLifecycle.machine.ts, writing the
// reason, decided_at and decided_by, and appending a history row.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  CardQuestionnaireAnswers,
  LocalizedText,
  QuestionKind,
  QuestionOption,
} from '../../../contract/api/card';
import { companies, users } from './accounts';
import { storedFiles } from './files';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const cardApplications = pgTable('card_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .unique()
    .references(() => companies.id),
  /** The stored status of the lifecycle chart (meta.status): 'saved', 'under_review',
   *  'revision_requested', 'rejected', 'approved'. 'not_started' is the absence of a row. */
  state: text('state').notNull(),
  /** One of INDUSTRY_CATEGORIES (src/contract/options.ts); null until chosen. */
  businessPurpose: text('business_purpose'),
  /** The one supporting document (stored_files, kind 'cardApplication'). */
  fileId: uuid('file_id').references(() => storedFiles.id),
  /** Questionnaire answers keyed by question id, as last saved. */
  answers: jsonb('answers')
    .$type<CardQuestionnaireAnswers>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** What the reviewer decides on: the validated purpose, file facts, answers with the questions
   *  as they were asked (SubmittedCardApplication of services/card/submittedSnapshot.ts). */
  submittedData: jsonb('submitted_data'),
  submittedAt: ts('submitted_at'),
  submittedBy: uuid('submitted_by').references(() => users.id),
  /** The reviewer's reason (rejection) or revision comment; shown to the applicant, cleared by the
   *  next submit. */
  reason: text('reason'),
  /** "<stepId>.<path>" fields a revision request named (issue 21 §1); [] after any other decision. */
  flaggedFields: jsonb('flagged_fields')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  decidedAt: ts('decided_at'),
  /** The reviewer's users.id. */
  decidedBy: uuid('decided_by').references(() => users.id),
  /** Bumped by every change. */
  version: integer('version').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Append-only: every lifecycle change of an application (who, when, which event, from, to). */
export const cardApplicationHistory = pgTable(
  'card_application_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => cardApplications.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The applicant or reviewer who caused it (users.id). */
    actorId: uuid('actor_id').references(() => users.id),
    /** The chart event: 'applicant.saveDraft', 'applicant.reapply', 'applicant.submit',
     *  'reviewer.approve', 'reviewer.reject'. */
    action: text('action').notNull(),
    /** Stored statuses ('not_started' included). */
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** Anything the action needs on record (the reason of a rejection). */
    detail: jsonb('detail'),
    createdAt: ts('created_at').notNull(),
    /** Insertion order: rows of one instant (one transaction, or a test's fixed clock) still read in
     *  the order they happened (caseHistory.ts). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('card_application_history_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * The questionnaire on source of funds and payment purpose, served by GET /plat/card/questionnaire
 * so it can change without a release: operations edit these rows (seeded by a migration); inactive
 * rows are no longer asked. Submitted applications keep the questions as asked in their snapshot.
 */
export const cardQuestionnaireQuestions = pgTable('card_questionnaire_questions', {
  /** Stable id: the key of the answer. Never reuse an id for a different question. */
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  kind: text('kind').$type<QuestionKind>().notNull(),
  required: boolean('required').notNull().default(true),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  hint: jsonb('hint').$type<LocalizedText>(),
  options: jsonb('options')
    .$type<QuestionOption[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  maxLength: integer('max_length'),
  active: boolean('active').notNull().default(true),
});

export type CardApplication = typeof cardApplications.$inferSelect;
export type CardQuestionnaireQuestion = typeof cardQuestionnaireQuestions.$inferSelect;
