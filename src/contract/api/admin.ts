// The back-office API (issue 8): reviewers work the certification and card-application queues,
// open a case, decide it, and manage partner registration links. Shared by the back-office pages
// (src/web, lazy-loaded) and the server routes (src/server/routes/admin).
//
// Every path is under /plat and for the reviewer role only: anonymous → 401 (loginInvalid),
// an applicant → 403 (forbidden). Case ids are UUIDs; a malformed or unknown id → 404 (notFound).
// Documents are previewed and downloaded through GET /plat/files/:id (reviewers may read any file).
// Column settings of the queue tables reuse /plat/ums/user/menu/fields/list and /save with the
// menu keys of AdminMenuKeys. Failures answer with the envelope; code names are those of
// src/contract/codes.ts.
import { z } from 'zod';
import type { CertificationStatePath } from '../statuses';
import { CERTIFICATION_STEPS, type CertificationStepId } from './certification';
import type { CardApplicationState, LocalizedText, QuestionKind } from './card';
import type { Locale, Page } from '../envelope';
import { Limits } from '../limits';
import type { CaseClaim } from './caseClaims';
import type { CodeName } from '../codes';
import type { FaceAttackEvidence } from './verification';
import { COMPANY_LOCATIONS, COMPANY_TYPES, type CompanyLocation } from '../options';

/** Numbers of the back office. LEAD: move to limits.ts (Limits.admin). */
export const AdminLimits = {
  /** Longest reason / comment: the decision mails accept up to this many characters. */
  reasonMaxLength: 2000,
  /** Longest search text. */
  searchMaxLength: 200,
  /** Fields one revision request may flag. */
  maxFlaggedFields: 100,
  /** Longest flagged-field path ("<stepId>.<path>"). */
  flaggedFieldMaxLength: 200,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** The queue's "waiting at least N days" filter goes up to this. */
  minAgeDaysMax: 3650,
  partnerNameMaxLength: 200,
  /** Partner link codes: URL-safe, as the business-status check accepts them (≤ 128). */
  partnerCodeMinLength: 4,
  partnerCodeMaxLength: 64,
} as const;

/** All paths are under the API prefix /plat (docs/api-conventions.md). `:id` is a case UUID, `:code` a link code. */
export const AdminPaths = {
  /** GET AdminQueueQuery → CertificationQueuePage | 400 validationFailed | dateRangeTooLong (400). */
  certifications: '/admin/certifications',
  /** GET → CertificationCaseView | 404. */
  certificationCase: '/admin/certifications/:id',
  /** POST ApproveRequest → DecisionResult (approval 'proposed': four eyes, issue 21 §3) | decisionConflict (409)
   *  | transitionNotAllowed (409) | approvalPending (409) | caseClaimedByOther (409)
   *  | faceReviewPending / faceRejected (409: CertificationApprovalBlock, issue 28 §5) | 404. */
  certificationApprove: '/admin/certifications/:id/approve',
  /** POST ApproveRequest → DecisionResult (approved, operatorId set) | ownProposal (403: the proposer)
   *  | approvalNotProposed (409) | decisionConflict (409) | transitionNotAllowed (409)
   *  | faceReviewPending / faceRejected (409) | 404. Approvers only. */
  certificationConfirmApproval: '/admin/certifications/:id/confirm-approval',
  /** POST DeclineApprovalRequest → DecisionResult (approval 'awaitingProposal') | reasonRequired (400)
   *  | approvalNotProposed (409) | decisionConflict (409) | 404. Approvers only. */
  certificationDeclineApproval: '/admin/certifications/:id/decline-approval',
  /** POST RejectRequest → DecisionResult | reasonRequired (400) | decisionConflict (409) | transitionNotAllowed (409) | 404. */
  certificationReject: '/admin/certifications/:id/reject',
  /** POST RequestRevisionRequest → DecisionResult | reasonRequired (400) | validationFailed (400, FieldProblem[])
   *  | decisionConflict (409) | transitionNotAllowed (409) | 404. */
  certificationRequestRevision: '/admin/certifications/:id/request-revision',
  /** POST FaceOverrideRequest → FaceOverrideResult | reasonRequired (400) | validationFailed (400)
   *  | referredOverrideNotAllowed (409: the authorizer's face check is not referred) | 404. Issue 16 §5. */
  certificationFaceOverride: '/admin/certifications/:id/face-override',
  /** GET AdminQueueQuery → CardApplicationQueuePage | 400 validationFailed | dateRangeTooLong (400). */
  cardApplications: '/admin/card-applications',
  /** GET → CardApplicationCaseView | 404. */
  cardApplicationCase: '/admin/card-applications/:id',
  /** POST ApproveRequest → DecisionResult (approval 'proposed') | as certificationApprove. */
  cardApplicationApprove: '/admin/card-applications/:id/approve',
  /** POST ApproveRequest → DecisionResult (approved) | as certificationConfirmApproval. */
  cardApplicationConfirmApproval: '/admin/card-applications/:id/confirm-approval',
  /** POST DeclineApprovalRequest → DecisionResult | as certificationDeclineApproval. */
  cardApplicationDeclineApproval: '/admin/card-applications/:id/decline-approval',
  /** POST RejectRequest → DecisionResult | reasonRequired (400) | decisionConflict (409) | transitionNotAllowed (409) | 404. */
  cardApplicationReject: '/admin/card-applications/:id/reject',
  /** POST RequestRevisionRequest → DecisionResult (status 'revisionRequested') | as
   *  certificationRequestRevision (docs/decisions/back-office.md "Card applications: flags, comments and a revision request"). */
  cardApplicationRequestRevision: '/admin/card-applications/:id/request-revision',
  /** GET PartnerLinkQuery → Page<PartnerLinkItem> (newest first). */
  partnerLinks: '/admin/partner-links',
  /** POST CreatePartnerLinkRequest → PartnerLinkItem | validationFailed (400, [{ path: 'code', … }] when taken). */
  partnerLinkCreate: '/admin/partner-links',
  /** POST (empty body) → PartnerLinkItem (enabled false) | 404. Disabling twice keeps the first time. */
  partnerLinkDisable: '/admin/partner-links/:code/disable',
} as const;

/** A path of AdminPaths with its `:id` / `:code` filled in (encoded). */
export function adminPath(path: string, params: { id?: string; code?: string }): string {
  return path
    .replace(':id', encodeURIComponent(params.id ?? ''))
    .replace(':code', encodeURIComponent(params.code ?? ''));
}

/** Menu keys for the column settings of the back-office tables (/plat/ums/user/menu/fields/*). */
export const AdminMenuKeys = {
  certificationQueue: 'admin.certificationQueue',
  cardApplicationQueue: 'admin.cardApplicationQueue',
  partnerLinks: 'admin.partnerLinks',
} as const;

// ---- queues ---------------------------------------------------------------------------------------

/**
 * Where a certification case stands, as the queue filters it. Drafts are never in the queue.
 * 'rejected' and 'revisionRequested' are both lifecycle state 'rejected' (status 1 / audit 3);
 * the decision tells them apart.
 */
export const CERTIFICATION_QUEUE_STATUSES = [
  'underReview',
  'revisionRequested',
  'rejected',
  'approved',
] as const;
export type CertificationQueueStatus = (typeof CERTIFICATION_QUEUE_STATUSES)[number];

/** Where a card-application case stands (states of machines/cardApplicationLifecycle.machine.ts). */
export const CARD_QUEUE_STATUSES = [
  'underReview',
  'revisionRequested',
  'rejected',
  'approved',
] as const satisfies readonly CardApplicationState[];
export type CardQueueStatus = (typeof CARD_QUEUE_STATUSES)[number];

const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(AdminLimits.pageSizeMax).default(AdminLimits.pageSizeDefault),
};

/** How a queue is ordered: by submission (oldest first, the default, or newest) or company name. */
export const QUEUE_SORTS = ['oldest', 'newest', 'companyName'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** Whose claim (issue 21 §2): mine, nobody's, or one account's id. */
export const QUEUE_ASSIGNEES = ['me', 'unassigned'] as const;

/**
 * Queue filters (query string). All optional. Issue 21 §2 adds: `assignee` ('me', 'unassigned' or an
 * account id: whose live claim), `companyType` (as certified, COMPANY_TYPES), `minAgeDays` (waiting
 * at least that many days since submission), `approval` ('proposed': waiting for a second person),
 * `sort` (QUEUE_SORTS); `q` also matches the registration (credit) code. `from`/`to` bound the submission time (ISO 8601 with
 * offset; the page sends its local day boundaries), at most one calendar year (validators/dateRange.ts)
 * → dateRangeTooLong (400); `to` before `from` → validationFailed. `q` matches the company name or
 * the applicant's email, case-insensitively, as plain text (no wildcards). Items come oldest
 * submission first.
 */
function queueQuery<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z.object({
    status: z.enum(statuses, 'field.select').optional(),
    location: z.enum(COMPANY_LOCATIONS, 'field.select').optional(),
    from: z.iso.datetime({ offset: true, error: 'date.format' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'date.format' }).optional(),
    q: z.string().trim().max(AdminLimits.searchMaxLength, 'field.tooLong').optional(),
    // zod reports a string that is neither through the uuid option's own issue, so it carries the id too.
    assignee: z.union([z.enum(QUEUE_ASSIGNEES), z.uuid('field.invalid')], 'field.invalid').optional(),
    companyType: z.enum(COMPANY_TYPES, 'field.select').optional(),
    minAgeDays: z.coerce
      .number()
      .int('field.invalid')
      .min(0, 'field.invalid')
      .max(AdminLimits.minAgeDaysMax, 'field.invalid')
      .optional(),
    approval: z.enum(['proposed'], 'field.select').optional(),
    sort: z.enum(QUEUE_SORTS, 'field.select').default('oldest'),
    ...pageFields,
  });
}
/** What the page sends: the schema's input, with numbers for the paging (the query string carries text). */
type QueryInput<T extends z.ZodType> = Omit<z.input<T>, 'page' | 'pageSize'> & {
  page?: number;
  pageSize?: number;
};

export const certificationQueueQuery = queueQuery(CERTIFICATION_QUEUE_STATUSES);
export type CertificationQueueQuery = QueryInput<typeof certificationQueueQuery>;
export const cardQueueQuery = queueQuery(CARD_QUEUE_STATUSES);
export type CardQueueQuery = QueryInput<typeof cardQueueQuery>;

export interface CaseCompany {
  id: string;
  name: string;
  location: CompanyLocation;
  /** Set once a certification is approved. */
  operatorId: string | null;
  creditCode: string | null;
}

/** The account holder who submitted (users of the company; the submitter when known). */
export interface CaseApplicant {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  position: string | null;
  phoneAreaCode: string | null;
  phone: string | null;
  /** Decision mails go out in this language. */
  language: Locale;
}

export interface CaseReviewer {
  userId: string;
  email: string;
}

export interface CertificationQueueItem {
  /** The application id (the case id in URLs). */
  id: string;
  status: CertificationQueueStatus;
  lifecycleState: CertificationStatePath;
  companyId: string;
  companyName: string;
  location: CompanyLocation;
  applicantEmail: string | null;
  applicantName: string | null;
  /** ISO 8601 UTC. */
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: CaseReviewer | null;
  operatorId: string | null;
  /** Who works it now (issue 21 §2); null when nobody. */
  claim: CaseClaim | null;
  /** 'proposed': an approval waits for a second person (issue 21 §3). */
  approval: CaseApprovalState;
}

export interface CardApplicationQueueItem {
  id: string;
  status: CardQueueStatus;
  companyId: string;
  companyName: string;
  location: CompanyLocation;
  applicantEmail: string | null;
  applicantName: string | null;
  /** One of INDUSTRY_CATEGORIES (src/contract/options.ts), as submitted. */
  businessPurpose: string | null;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: CaseReviewer | null;
  claim: CaseClaim | null;
  approval: CaseApprovalState;
}

/** Cases per status under the same filters except `status` (so tabs can show their counts). */
export type QueueCounts<S extends string> = Record<S, number>;

export interface QueuePage<T, S extends string> extends Page<T> {
  counts: QueueCounts<S>;
}
export type CertificationQueuePage = QueuePage<CertificationQueueItem, CertificationQueueStatus>;
export type CardApplicationQueuePage = QueuePage<CardApplicationQueueItem, CardQueueStatus>;

// ---- case view ------------------------------------------------------------------------------------

/** A stored document, previewed inline (images, PDFs) and downloaded via GET /plat/files/:id. */
export interface CaseDocument {
  fileId: string;
  /** The upload kind ('businessLicense', 'idFront', 'faceCapture', 'cardApplication', …). */
  kind: string;
  /** 'image/jpeg' | 'image/png' | 'application/pdf' (decided from the content). */
  contentType: string;
  /** The uploaded name (display only). */
  name: string;
  size: number;
  /** "<stepId>.<path>" of the field that refers to it; null for a file no field names (face capture). */
  fieldPath: string | null;
  /** Deleted by the applicant since submit: the bytes may be gone; show the facts only. */
  deleted: boolean;
}

/** One submitted value: a leaf of the step's values. Arrays appear as numbered paths. */
export interface CaseField {
  /** "<stepId>.<path>" (e.g. "completeCompanyInfo.companyNameEnglish",
   *  "uploadBeneficiaryInfo.beneficiaries.0.mobile"): what a revision request flags. */
  path: string;
  /** The path inside the step ("companyNameEnglish", "beneficiaries.0.mobile"). */
  fieldPath: string;
  value: string | number | boolean | null;
  /** Set when the value is a document's file id. */
  fileId: string | null;
}

export interface CaseStep<S extends string = string> {
  stepId: S;
  fields: CaseField[];
}

/** The authorizer's ID photo(s) and the face captured by the QR verification, side by side. */
export interface AuthorizerIdentity {
  /** The authorizer's document photos (idFront / idBack / passportPhotoPage …). */
  documentPhotos: CaseDocument[];
  /** The face capture of the verified QR session; null when the step did not ask for one. */
  faceCapture: CaseDocument | null;
  verificationSessionId: string | null;
  /** The session's state ('verified', …) at view time. */
  verificationState: string | null;
  verifiedAt: string | null;
  /** The face check's evidence (issue 16 §5); null when the step had no QR session. */
  face: FaceEvidence | null;
}

/**
 * Issue 28 §5: the authorizer's face must be decided before a certification is approved. Each is a
 * code of codes.ts (HTTP 409 on approve and confirm-approval): 'faceReviewPending' while the check
 * is referred (a reviewer confirms it with the face override first), 'faceRejected' once a reviewer
 * rejected it (the case is rejected or sent back for a new capture).
 */
export const CERTIFICATION_APPROVAL_BLOCKS = [
  'faceReviewPending',
  'faceRejected',
] as const satisfies readonly CodeName[];
export type CertificationApprovalBlock = (typeof CERTIFICATION_APPROVAL_BLOCKS)[number];

/** What the face engine decided and on what: shown beside the ID photo. */
export interface FaceEvidence {
  /** 'verified' | 'failed' | 'referred'; null before any check was decided. */
  outcome: string | null;
  /** A FACE_OUTCOME_REASONS value (src/contract/api/verification.ts) or null. */
  reason: string | null;
  score: number | null;
  liveness: { passed: boolean; yawRangeDeg: number; pitchRangeDeg: number; frames: number } | null;
  engineName: string | null;
  engineVersion: string | null;
  captureSource: string | null;
  /** Every frame of every capture, in order (empty once housekeeping deleted them). */
  frames: CaseDocument[];
  framesPurgedAt: string | null;
  /** True when the session is referred and a reviewer may confirm or reject it. */
  overridable: boolean;
  review: { decision: 'confirm' | 'reject'; reason: string; by: CaseReviewer | null; at: string } | null;
  /** What the presentation-attack checks measured, each figure with its threshold (issue 28 §6);
   *  null when the capture was checked before those checks existed. */
  attack: FaceAttackEvidence | null;
}

/** A reviewer's decision on a referred face check: always with a written reason. */
export const FACE_OVERRIDE_DECISIONS = ['confirm', 'reject'] as const;
export type FaceOverrideDecision = (typeof FACE_OVERRIDE_DECISIONS)[number];

/** Why a face-override reason is refused: each a code of codes.ts, said by the form and the server. */
export type FaceOverrideReasonProblem = 'reasonRequired' | 'reasonTooShort' | 'reasonTooLong';

/**
 * The one rule for the reason (issue 16 §5), read by the back-office form (machines/faceOverride)
 * and the route: a sentence after trimming, within Limits.face. Each refusal's message is its code.
 */
export const faceOverrideReason = z
  .string('reasonRequired' satisfies FaceOverrideReasonProblem)
  .trim()
  // A blank reason reads as missing: the issue takes the string's error, 'reasonRequired'.
  .min(1)
  .min(Limits.face.overrideReasonMinLength, 'reasonTooShort' satisfies FaceOverrideReasonProblem)
  .max(Limits.face.overrideReasonMaxLength, 'reasonTooLong' satisfies FaceOverrideReasonProblem);

export const faceOverrideRequest = z.object({
  decision: z.enum(FACE_OVERRIDE_DECISIONS, 'field.select'),
  reason: faceOverrideReason,
});
export type FaceOverrideRequest = z.input<typeof faceOverrideRequest>;

/** The first problem of a reason (anything a body may carry), or null when the rule holds. */
export function faceOverrideReasonProblem(reason: unknown): FaceOverrideReasonProblem | null {
  const parsed = faceOverrideReason.safeParse(reason);
  if (parsed.success) return null;
  return (parsed.error.issues[0]?.message ?? 'reasonRequired') as FaceOverrideReasonProblem;
}
export interface FaceOverrideResult {
  verificationSessionId: string;
  /** 'verified' (confirm) or 'failedFinal' (reject). */
  state: string;
  reviewedAt: string;
}

/** One line of the case history: a lifecycle change or a back-office audit entry. Oldest first. */
export interface CaseHistoryEntry {
  id: string;
  source: 'lifecycle' | 'audit';
  /** The lifecycle event ('applicant.submit', 'reviewer.reject', …) or audit action
   *  ('certification.approve', 'certification.reject', 'certification.requestRevision',
   *  'cardApplication.approve', 'cardApplication.reject'). */
  action: string;
  fromState: string;
  toState: string;
  actor: { userId: string; email: string; role: 'applicant' | 'reviewer' } | null;
  reason: string | null;
  flaggedFields: string[];
  /** A field flag step's comment (contract/api/fieldFlags.ts); null elsewhere. */
  comment: string | null;
  at: string;
}

export interface CertificationCaseDecision {
  decision: 'approved' | 'rejected' | 'revisionRequested';
  reason: string | null;
  flaggedFields: string[];
  decidedAt: string | null;
  decidedBy: CaseReviewer | null;
}

export interface CertificationCaseView {
  id: string;
  status: CertificationQueueStatus | 'draft';
  lifecycleState: CertificationStatePath;
  certificationStatus: number;
  auditStatus: number | null;
  /** Send it back with a decision: a case changed since (another reviewer) → decisionConflict. */
  version: number;
  /** The decisions the chart allows now (the page offers only these; none while an approval waits). */
  allowedDecisions: Array<'approve' | 'reject' | 'requestRevision'>;
  approval: CaseApproval;
  /** Why no approval may be proposed or confirmed now although the chart allows it (issue 28 §5);
   *  null when nothing stands in the way. */
  approvalBlock: CertificationApprovalBlock | null;
  /** Who works the case now and until when (issue 21 §2); null when nobody does. */
  claim: CaseClaim | null;
  company: CaseCompany;
  applicant: CaseApplicant | null;
  submittedAt: string | null;
  /** The submitted values, every step that applied, in wizard order. The first step
   *  ('selectLocationCompany') carries the location. */
  steps: CaseStep<CertificationStepId>[];
  /** Every document the submitted values refer to, in step order. */
  documents: CaseDocument[];
  /** Null when the account holder is the legal person / director / a beneficiary (step skipped)
   *  or chose "same as …" (no separate person). */
  authorizer: AuthorizerIdentity | null;
  /** The last decision (kept through re-application). */
  decision: CertificationCaseDecision | null;
  history: CaseHistoryEntry[];
}

/** The card application's steps, as the applicant's pages name them. */
export const CARD_CASE_STEPS = ['selectBusinessPurpose', 'uploadRelevantInfo', 'questionnaire'] as const;
export type CardCaseStepId = (typeof CARD_CASE_STEPS)[number];

/** A questionnaire answer with the question as it was asked at submit. */
export interface CaseQuestionAnswer {
  questionId: string;
  kind: QuestionKind;
  title: LocalizedText;
  /** The option id(s) or the text. Null when not answered. */
  answer: string | string[] | null;
  /** The labels of the chosen options (choice questions); [] for text. */
  answerLabels: LocalizedText[];
}

export interface CardApplicationCaseView {
  id: string;
  status: CardQueueStatus | 'saved';
  version: number;
  allowedDecisions: Array<'approve' | 'reject' | 'requestRevision'>;
  approval: CaseApproval;
  claim: CaseClaim | null;
  company: CaseCompany;
  applicant: CaseApplicant | null;
  submittedAt: string | null;
  businessPurpose: string | null;
  /** The supporting document as submitted. */
  document: CaseDocument | null;
  questionnaire: CaseQuestionAnswer[];
  /** The same values as leaves per step (questionnaire fields: "questionnaire.<questionId>"). */
  steps: CaseStep<CardCaseStepId>[];
  reason: string | null;
  decidedAt: string | null;
  decidedBy: CaseReviewer | null;
  history: CaseHistoryEntry[];
}

// ---- decisions ------------------------------------------------------------------------------------

/** The case version the reviewer looked at (CertificationCaseView.version / CardApplicationCaseView.version). */
const version = z.number().int().min(0);

export const approveRequest = z.object({ version });
export type ApproveRequest = z.infer<typeof approveRequest>;

/** The reason is shown to the applicant and mailed; blank or missing → reasonRequired (400). */
export const rejectRequest = z.object({
  version,
  reason: z.string().trim().min(1, 'field.required').max(AdminLimits.reasonMaxLength, 'field.tooLong'),
});
export type RejectRequest = z.infer<typeof rejectRequest>;

const stepPrefix = [...CERTIFICATION_STEPS, ...CARD_CASE_STEPS].join('|');
/** "<stepId>.<path>", the form of CertificationReview.flaggedFields (e.g. "uploadBeneficiaryInfo.beneficiaries.0.mobile")
 *  and of a card application's ("questionnaire.sourceOfFunds"); the server checks the case has it. */
export const flaggedFieldPath = z
  .string()
  .max(AdminLimits.flaggedFieldMaxLength, 'field.tooLong')
  .regex(new RegExp(`^(${stepPrefix})\\.[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$`), 'field.invalid');

/**
 * A revision request names the fields or documents to fix (each must be a submitted field or a
 * subtree of one, i.e. a CaseField.path or a prefix of one at a dot) and a comment, which becomes
 * the reason the applicant reads. Blank comment → reasonRequired (400); no fields or an unknown
 * path → validationFailed (400, [{ path: 'fields.<i>', message }]).
 */
export const requestRevisionRequest = z.object({
  version,
  fields: z
    .array(flaggedFieldPath)
    .min(1, 'field.required')
    .max(AdminLimits.maxFlaggedFields, 'field.tooLong'),
  comment: z.string().trim().min(1, 'field.required').max(AdminLimits.reasonMaxLength, 'field.tooLong'),
});
export type RequestRevisionRequest = z.infer<typeof requestRevisionRequest>;

/** An approver declines a proposed approval with a reason the reviewers read (not the applicant). */
export const declineApprovalRequest = z.object({
  version,
  reason: z.string().trim().min(1, 'field.required').max(AdminLimits.reasonMaxLength, 'field.tooLong'),
});
export type DeclineApprovalRequest = z.infer<typeof declineApprovalRequest>;

/** Where a case's approval stands (machines/approvalLifecycle.machine.ts). */
export type CaseApprovalState = 'awaitingProposal' | 'proposed' | 'approved';

/** Four eyes (issue 21 §3): the waiting proposal, or the last declined one. */
export interface CaseApproval {
  state: CaseApprovalState;
  proposedBy: CaseReviewer | null;
  proposedAt: string | null;
  /** The last proposal's decline, while the case waits for a new proposal. */
  declined: { by: CaseReviewer | null; at: string; reason: string | null } | null;
}

/** `data` of a successful decision. */
export interface DecisionResult {
  /** Four eyes: 'proposed' after an approve, 'approved' after the confirmation. */
  approval: CaseApprovalState;
  id: string;
  /** The case's queue status after the decision (CardQueueStatus is a subset of these names). */
  status: CertificationQueueStatus;
  version: number;
  decidedAt: string;
  /** Certification approvals: the operator id now assigned to the company (OP + 8 digits). */
  operatorId: string | null;
}

/** `data` of decisionConflict (409): where the case stands now, so the page can reload it. */
export interface DecisionConflictData {
  status: string;
  version: number;
}

// ---- partner links --------------------------------------------------------------------------------

export const partnerLinkQuery = z.object(pageFields);
export type PartnerLinkQuery = QueryInput<typeof partnerLinkQuery>;

export const partnerLinkCode = z
  .string()
  .trim()
  .min(AdminLimits.partnerCodeMinLength, 'field.invalid')
  .max(AdminLimits.partnerCodeMaxLength, 'field.tooLong')
  .regex(/^[A-Za-z0-9_-]+$/, 'field.invalid');

/** Without `code` the server makes a random one. */
export const createPartnerLinkRequest = z.object({
  partnerName: z
    .string()
    .trim()
    .min(1, 'field.required')
    .max(AdminLimits.partnerNameMaxLength, 'field.tooLong'),
  code: partnerLinkCode.nullish(),
});
export type CreatePartnerLinkRequest = z.infer<typeof createPartnerLinkRequest>;

export interface PartnerLinkItem {
  code: string;
  partnerName: string;
  enabled: boolean;
  createdAt: string;
  disabledAt: string | null;
  /** The registration address partners hand out (`<portal>/register?businessInfo=<code>`, as the CLI prints it). */
  registerUrl: string;
}
