// The enterprise certification (KYB) API (issue 5): paths, request schemas, the step values the
// wizard saves and the server validates at submit, the file kinds each step uploads, and the view
// the wizard loads. Shared by the web wizard and the server routes (src/server/routes/kyb).
//
// Drafts are saved per step and may be incomplete: a draft save accepts any JSON object for the
// step. Only submit validates, with the full schemas below (the same ones the step forms use).
// Failures answer with the envelope; the code names are those of src/contract/codes.ts.
import { z } from 'zod';
import type { CertificationStatePath } from '../statuses';
import { beneficiariesSchema, type BeneficiariesForm } from '../schemas/beneficiaries';
import type { CompanyInfoForm } from '../schemas/companyInfo';
import { fileIdField, formObject, optionalText } from '../schemas/fields';
import { id } from '../schemas/messageIds';
import { personSchema, type PersonForm } from '../schemas/person';
import { COMPANY_LOCATIONS, type CompanyLocation, type CompanyPosition } from '../options';
import type { ValidationMessageId } from '../validationMessages';
import { jsonValueWithin } from '../validators/jsonBounds';

export { CertificationPaths } from './certificationPaths';

// ---- steps ---------------------------------------------------------------------------------------

/** The wizard's steps in order (spec §2). */
export const CERTIFICATION_STEPS = [
  'selectLocationCompany',
  'completeCompanyInfo',
  'uploadEquityStructureChart',
  'uploadLegalPersonInfo',
  'uploadBeneficiaryInfo',
  'uploadAuthorizerInfo',
  'uploadOtherInfo',
] as const;
export type CertificationStepId = (typeof CERTIFICATION_STEPS)[number];

/** The steps whose values live in the draft. The location is not one: POST /kyb/location confirms it. */
export const DRAFT_STEPS = [
  'completeCompanyInfo',
  'uploadEquityStructureChart',
  'uploadLegalPersonInfo',
  'uploadBeneficiaryInfo',
  'uploadAuthorizerInfo',
  'uploadOtherInfo',
] as const satisfies readonly CertificationStepId[];
export type DraftStepId = (typeof DRAFT_STEPS)[number];

// ---- message ids this API adds -------------------------------------------------------------------

/** Validation message ids only certification produces (their text is in validationMessages.ts). */
export type CertificationMessageId =
  'verification.required' | 'authorizer.noBeneficiary' | 'authorizer.beneficiaryIndex';
/** Every message id a submit problem can carry. */
export type SubmitProblemMessageId = ValidationMessageId | CertificationMessageId;

// ---- step values (what submit validates) ---------------------------------------------------------
// completeCompanyInfo: companyInfoSchema of src/contract/schemas/companyInfo.ts, the member of the
// company's location. Its `location` is set by the server from the confirmed location at submit
// (the draft need not carry it).
// uploadLegalPersonInfo: personSchema (the director / legal person).
// uploadBeneficiaryInfo: beneficiariesSchema.

export const equityStructureChartSchema = formObject({ equityStructureChartFileId: fileIdField });
export type EquityStructureChartForm = z.infer<typeof equityStructureChartSchema>;

export const AUTHORIZER_CHOICES = ['sameAsDirector', 'sameAsBeneficiary', 'none'] as const;
export type AuthorizerChoice = (typeof AUTHORIZER_CHOICES)[number];

/**
 * The authorizer step (docs/product-rules.md "Authorizer step"). "Same as director" and "same as a
 * beneficiary" end the step; "none of these" asks for the full person form, the signed
 * authorization letter (template: GET /kyb/authorization-letter-template) and a VERIFIED QR face
 * verification session. `beneficiaryIndex` points into uploadBeneficiaryInfo.beneficiaries.
 */
export const authorizerSchema = z.discriminatedUnion(
  'choice',
  [
    formObject({ choice: z.literal('sameAsDirector') }),
    formObject({
      choice: z.literal('sameAsBeneficiary'),
      beneficiaryIndex: z.number(id('field.select')).int(id('field.select')).min(0, id('field.select')),
    }),
    formObject({
      choice: z.literal('none'),
      person: personSchema,
      authorizationLetterFileId: fileIdField,
      verificationSessionId: z.uuid({ error: 'verification.required' as ValidationMessageId }),
    }),
  ],
  id('field.select'),
);
export type AuthorizerForm = z.infer<typeof authorizerSchema>;

/** Other info: optional supporting documents and a note (the spec names the step, not its fields). */
export const OTHER_INFO_MAX_FILES = 10;
export const OTHER_INFO_NOTE_MAX = 1000;
export const otherInfoSchema = formObject({
  otherFileIds: z.array(fileIdField).max(OTHER_INFO_MAX_FILES, id('field.tooLong')).default([]),
  note: optionalText({ maxLength: OTHER_INFO_NOTE_MAX }),
});
export type OtherInfoForm = z.infer<typeof otherInfoSchema>;

/** The full values of each draft step, as submit requires them. */
export interface CertificationStepValues {
  completeCompanyInfo: CompanyInfoForm;
  uploadEquityStructureChart: EquityStructureChartForm;
  uploadLegalPersonInfo: PersonForm;
  uploadBeneficiaryInfo: BeneficiariesForm;
  uploadAuthorizerInfo: AuthorizerForm;
  uploadOtherInfo: OtherInfoForm;
}

/** Step schemas that do not depend on the location (companyInfo: pick by location). */
export const stepSchemas = {
  uploadEquityStructureChart: equityStructureChartSchema,
  uploadLegalPersonInfo: personSchema,
  uploadBeneficiaryInfo: beneficiariesSchema,
  uploadAuthorizerInfo: authorizerSchema,
  uploadOtherInfo: otherInfoSchema,
} as const;

type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | null }
    : T;

/** A saved draft: any subset of any step, any field possibly unfinished. */
export type CertificationDraft = { [K in DraftStepId]?: DeepPartial<CertificationStepValues[K]> };

// ---- files ----------------------------------------------------------------------------------------

/**
 * The `kind` each document is uploaded with (POST /plat/files, multipart, field `kind`). Submit
 * refuses a file id of another kind, of another company, deleted, or unknown ('file.invalid').
 */
export const CertificationFileKinds = {
  businessLicense: 'businessLicense', // completeCompanyInfo.businessLicenseFileId
  equityStructureChart: 'equityStructureChart', // uploadEquityStructureChart.equityStructureChartFileId
  idFront: 'idFront', // <person>.document.frontFileId
  idBack: 'idBack', // <person>.document.backFileId
  passportPhotoPage: 'passportPhotoPage', // <person>.document.photoPageFileId
  passportSignaturePage: 'passportSignaturePage', // <person>.document.signaturePageFileId
  proofOfAddress: 'proofOfAddress', // <person>.proofOfAddressFileId
  authorizationLetter: 'authorizationLetter', // uploadAuthorizerInfo.authorizationLetterFileId
  otherDocument: 'otherDocument', // uploadOtherInfo.otherFileIds[]
} as const;
export type CertificationFileKind = (typeof CertificationFileKinds)[keyof typeof CertificationFileKinds];

/** Which kind a file-id field of a step must have, by the field's own name. */
export const FILE_KIND_BY_FIELD: Record<string, CertificationFileKind> = {
  businessLicenseFileId: 'businessLicense',
  equityStructureChartFileId: 'equityStructureChart',
  frontFileId: 'idFront',
  backFileId: 'idBack',
  photoPageFileId: 'passportPhotoPage',
  signaturePageFileId: 'passportSignaturePage',
  proofOfAddressFileId: 'proofOfAddress',
  authorizationLetterFileId: 'authorizationLetter',
  otherFileIds: 'otherDocument',
};

/** Where each step's files are uploaded and under which kinds. */
export const FILE_KINDS_BY_STEP: Record<DraftStepId, readonly CertificationFileKind[]> = {
  completeCompanyInfo: ['businessLicense'],
  uploadEquityStructureChart: ['equityStructureChart'],
  uploadLegalPersonInfo: [
    'idFront',
    'idBack',
    'passportPhotoPage',
    'passportSignaturePage',
    'proofOfAddress',
  ],
  uploadBeneficiaryInfo: [
    'idFront',
    'idBack',
    'passportPhotoPage',
    'passportSignaturePage',
    'proofOfAddress',
  ],
  uploadAuthorizerInfo: [
    'idFront',
    'idBack',
    'passportPhotoPage',
    'passportSignaturePage',
    'proofOfAddress',
    'authorizationLetter',
  ],
  uploadOtherInfo: ['otherDocument'],
};

/** A file referenced by the draft, as the wizard shows it (same fields as the files API answer). */
export interface CertificationFileView {
  id: string;
  kind: string;
  contentType: string;
  size: number;
  originalName: string;
}

// ---- requests -------------------------------------------------------------------------------------

const stepId = z.enum(CERTIFICATION_STEPS, 'field.select');
const draftStepId = z.enum(DRAFT_STEPS, 'field.select');
const version = z.number().int().min(0);

export const confirmLocationRequest = z.object({
  location: z.enum(COMPANY_LOCATIONS, 'field.select'),
  /** The user answered the "cannot be changed once confirmed" prompt. */
  confirm: z.literal(true, 'field.required'),
});
export type ConfirmLocationRequest = z.infer<typeof confirmLocationRequest>;

export const saveDraftRequest = z.object({
  step: draftStepId,
  /** The step's values as far as filled: replaces the step's saved values. Free-form, so bounded
   *  here (Limits.json: depth, members, string length) before it can be stored. */
  values: z.record(z.string(), z.unknown()).refine((v) => jsonValueWithin(v), id('field.tooLong')),
  /** The step the user is on, so another device resumes there. */
  currentStep: stepId,
  /** The version the page last loaded or saved; a stale one is refused (409, DraftConflictData). */
  version,
});
export type SaveDraftRequest = z.infer<typeof saveDraftRequest>;

export const submitRequest = z.object({
  /** The version the user reviewed: a draft changed since (another tab) is refused with 409. */
  version,
});
export type SubmitRequest = z.infer<typeof submitRequest>;

// ---- answers -----------------------------------------------------------------------------------------

/** The last review decision, kept through re-application so the wizard can show and mark it. */
export interface CertificationReview {
  decision: 'rejected' | 'revisionRequested';
  /** The reviewer's reason, as written. */
  reason: string | null;
  /** "<stepId>.<field path>" (e.g. "completeCompanyInfo.companyNameEnglish",
   *  "uploadBeneficiaryInfo.beneficiaries.0.mobile"): the fields the reviewer flagged. */
  flaggedFields: string[];
  /** Flagged field → the reviewer's comment on it (issue 21 §1); fields without one are absent. */
  fieldComments?: Record<string, string>;
  decidedAt: string | null;
}

export interface CertificationView {
  /** The state of machines/certificationLifecycle.machine.ts. */
  lifecycleState: CertificationStatePath;
  certificationStatus: number;
  auditStatus: number | null;
  /** Status 0, or 1 with audit 3 (the entry rule of spec §2): drafts may be saved and submitted. */
  mayEdit: boolean;
  companyName: string;
  location: CompanyLocation;
  /** True once confirmed: the location can never change again. */
  locationLocked: boolean;
  /** The account holder's company position (users.position). */
  accountPosition: CompanyPosition | null;
  /** The authorizer step is shown (account holder is not the legal person). Its "same as director"
   *  and "same as a beneficiary" choices then end the step. */
  authorizerStepApplies: boolean;
  currentStep: CertificationStepId;
  /** In 'rejected' before any new save: the submitted data (re-application starts from it). */
  draft: CertificationDraft;
  /** Metadata of every live file of this company the draft references. */
  files: CertificationFileView[];
  /** Optimistic concurrency: send it back with the next save or submit. 0 before anything is saved. */
  version: number;
  submittedAt: string | null;
  review: CertificationReview | null;
}

export interface SaveDraftResult {
  version: number;
  currentStep: CertificationStepId;
  savedAt: string;
  lifecycleState: CertificationStatePath;
}

/** `data` of the 409 answer to a save or submit with a stale version (`reason: 'staleVersion'`):
 *  what is stored now, so the page can merge or reload. Recognise it by `reason`, not by `code`. */
export interface DraftConflictData {
  reason: 'staleVersion';
  version: number;
  currentStep: CertificationStepId;
  draft: CertificationDraft;
}

export interface SubmitProblem {
  step: DraftStepId;
  /** Dot path inside the step's values, as the step's form names it ("document.number",
   *  "beneficiaries.0.shareholdingRatio"); '' for the step as a whole. */
  path: string;
  message: SubmitProblemMessageId;
}

/** `data` of the 400 validationFailed answer to submit: go to `step`, mark `problems`. */
export interface SubmitProblems {
  step: DraftStepId;
  problems: SubmitProblem[];
}

/** `data` of the successful submit (code 200). */
export interface SubmitResult {
  lifecycleState: CertificationStatePath;
  certificationStatus: number;
  auditStatus: number | null;
  submittedAt: string;
}
