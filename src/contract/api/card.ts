// The card-issuing business application API (issue 7): paths, request schemas, the questionnaire
// shape and the application view. Shared by the web steps (selectBusinessPurpose,
// uploadRelevantInfo, questionnaire) and the server routes (src/server/routes/card).
//
// Temporary saves may be incomplete; only submit validates everything (eligibility, purpose, one
// live file of kind 'cardApplication', the questionnaire). Every change goes through the lifecycle
// chart machines/cardApplicationLifecycle.machine.ts: a change the chart does not have answers
// transitionNotAllowed (409) and nothing is stored. Failures answer with the envelope; code names
// are those of src/contract/codes.ts.
import { z } from 'zod';
import type { Locale } from '../envelope';
import { fileIdField } from '../schemas/fields';
import { id } from '../schemas/messageIds';
import { INDUSTRY_CATEGORIES, type IndustryCategory } from '../options';
import type { CardApplicationStatus } from '../statuses';

export type { CardApplicationStatus } from '../statuses';

export { CardPaths } from './cardPaths';

/** Every CardPaths path is under the API prefix /plat (docs/api-conventions.md). */
export const CARD_API_PREFIX = '/plat';

/** The `kind` the application's file is uploaded with (POST /plat/files, multipart field `kind`). */
export const CARD_APPLICATION_FILE_KIND = 'cardApplication';

// ---- lifecycle ------------------------------------------------------------------------------------

/** The states of machines/cardApplicationLifecycle.machine.ts (the chart's state values). */
export const CARD_APPLICATION_STATES = [
  'notStarted',
  'saved',
  'underReview',
  'revisionRequested',
  'rejected',
  'approved',
] as const;
export type CardApplicationState = (typeof CARD_APPLICATION_STATES)[number];

/**
 * Whether the company may apply at all (spec §4): certification status 2 is required
 * ('certificationRequired' → "complete certification first"), and the company location must be in
 * the card-issuing list ('entityNotSupported' → "this entity is not supported").
 * certificationRequired is reported before entityNotSupported.
 */
export const CARD_ELIGIBILITIES = ['eligible', 'certificationRequired', 'entityNotSupported'] as const;
export type CardEligibility = (typeof CARD_ELIGIBILITIES)[number];

// ---- questionnaire --------------------------------------------------------------------------------

export const QUESTION_KINDS = ['singleChoice', 'multipleChoice', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export type LocalizedText = Record<Locale, string>;

export interface QuestionOption {
  /** Stable id: what an answer stores. */
  id: string;
  label: LocalizedText;
}

export interface Question {
  /** Stable id: the key of the answer in CardQuestionnaireAnswers. */
  id: string;
  kind: QuestionKind;
  required: boolean;
  title: LocalizedText;
  /** Optional help under the title. */
  hint: LocalizedText | null;
  /** The choices of a singleChoice / multipleChoice question; [] for text. */
  options: QuestionOption[];
  /** Longest accepted text answer (text questions); null for choices. */
  maxLength: number | null;
}

/** GET /plat/card/questionnaire: the questions on source of funds and payment purpose, in order. */
export interface CardQuestionnaire {
  /** Changes whenever the questions change (the web may use it as a cache key). */
  version: string;
  questions: Question[];
}

/**
 * Answers keyed by question id: singleChoice → the option id, multipleChoice → option ids (at least
 * one when required, no duplicates), text → the trimmed text. A saved draft may hold any subset.
 */
export type CardQuestionnaireAnswer = string | string[];
export type CardQuestionnaireAnswers = Record<string, CardQuestionnaireAnswer>;

/** Upper bounds of the request shape only; the questionnaire itself sets the real rules. */
export const CARD_ANSWER_LIMITS = { maxQuestions: 100, maxTextLength: 2000, maxChoices: 50 } as const; // LEAD: move to limits.ts (Limits.cardApplication.answers)

const answerValue = z.union([
  z.string().max(CARD_ANSWER_LIMITS.maxTextLength, id('field.tooLong')),
  z.array(z.string().max(200, id('field.tooLong'))).max(CARD_ANSWER_LIMITS.maxChoices, id('field.tooLong')),
]);

export const cardAnswersSchema = z
  .record(z.string().min(1).max(100), answerValue)
  .refine((answers) => Object.keys(answers).length <= CARD_ANSWER_LIMITS.maxQuestions, id('field.tooLong'));

// ---- requests -------------------------------------------------------------------------------------

export const businessPurposeSchema = z.enum(INDUSTRY_CATEGORIES, id('field.select'));

/**
 * Temporary save: every field optional; an absent field keeps what is stored, null clears it.
 * `answers` replaces the stored answers as a whole.
 * One file only: `fileId` is a single id. A request that sends a list of more than one id (as
 * `fileId: [...]` or `fileIds: [...]`) is refused with oneFileOnly (400); see sendsMoreThanOneFile.
 */
export const saveCardApplicationRequest = z.object({
  businessPurpose: businessPurposeSchema.nullish(),
  fileId: fileIdField.nullish(),
  answers: cardAnswersSchema.nullish(),
});
export type SaveCardApplicationRequest = z.infer<typeof saveCardApplicationRequest>;

/**
 * Submit: may carry the last changes (same fields as a save, applied first in the same
 * transaction), so the page need not save before submitting. An empty body submits what is stored.
 */
export const submitCardApplicationRequest = saveCardApplicationRequest;
export type SubmitCardApplicationRequest = SaveCardApplicationRequest;

/** True when a save/submit body lists more than one file: the API answers oneFileOnly. */
export function sendsMoreThanOneFile(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return [record['fileId'], record['fileIds']].some((v) => Array.isArray(v) && v.length > 1);
}

// ---- answers --------------------------------------------------------------------------------------

export interface CardPurposesView {
  /** The spec §3 categories; the web translates the labels (Lingui) by these keys. */
  purposes: IndustryCategory[];
}

/** The application's one file, as the steps show it. */
export interface CardApplicationFileView {
  id: string;
  /** The name it was uploaded with (display only). */
  name: string;
  /** Decided by the server from the content: 'image/jpeg' | 'image/png' | 'application/pdf'. */
  type: string;
  size: number;
}

export interface CardApplicationView {
  /** The state of machines/cardApplicationLifecycle.machine.ts. */
  lifecycleState: CardApplicationState;
  /** The stored status (docs/product-rules.md): not_started, saved, under_review, rejected, approved. */
  status: CardApplicationStatus;
  eligibility: CardEligibility;
  /** Eligible and in notStarted, saved, revisionRequested or rejected: the steps may save (and then submit). */
  mayEdit: boolean;
  businessPurpose: IndustryCategory | null;
  file: CardApplicationFileView | null;
  answers: CardQuestionnaireAnswers;
  /** The reviewer's reason when rejected, or the revision request's comment (kept visible until
   *  the next submit); else null. */
  reason: string | null;
  /** revisionRequested only: the "<stepId>.<path>" fields the reviewer asked to fix
   *  ('selectBusinessPurpose.businessPurpose', 'uploadRelevantInfo.fileId', 'questionnaire.<id>'). */
  flaggedFields: string[];
  /** revisionRequested only: flagged field → the reviewer's comment beside it. */
  fieldComments: Record<string, string>;
  /** ISO 8601 UTC. */
  savedAt: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  /** Approved only: the card system's address ("open card system"); null otherwise. */
  cardSystemUrl: string | null;
  /** Increases with every stored change (0 before anything is stored). */
  version: number;
}

/** One problem of a save/submit (data of validationFailed / questionnaireRequired): the field is
 *  'businessPurpose', 'fileId' or 'answers.<questionId>'; message is a validation message id. */
export interface CardFieldProblem {
  path: string;
  message: string;
}
