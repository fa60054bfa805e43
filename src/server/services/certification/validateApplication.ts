// Submit-time validation of the whole application (spec §5, issue 5 "Submit"): every step with the
// shared schemas, the rules that span steps (the authorizer names an existing beneficiary, a
// "none of these" authorizer has a verified QR session), and every document: present, this
// company's, live, and of the kind its field asks for. Returns the parsed values or the problems.
import type { z } from 'zod';
import {
  DRAFT_STEPS,
  stepSchemas,
  type CertificationDraft,
  type CertificationStepValues,
  type DraftStepId,
  type SubmitProblem,
  type SubmitProblemMessageId,
} from '../../../contract/api/certification';
import type { CompanyLocation } from '../../../contract/options';
import { companyInfoSchema } from '../../../contract/schemas/companyInfo';
import { isValidationMessageId } from '../../../contract/validationMessages';
import type { DbOrTx } from '../../types';
import { isVerificationSessionVerified } from '../verification/index';
import { fileReferencesIn, invalidReferences } from './fileReferences';

export interface ApplicationToValidate {
  companyId: string;
  location: CompanyLocation;
  authorizerStepApplies: boolean;
  draft: CertificationDraft;
}

export type SubmittedSteps = Partial<CertificationStepValues>;

/** What is stored as the submitted data: the location and every step that applies, parsed. */
export interface SubmittedData extends SubmittedSteps {
  location: CompanyLocation;
}

export type ValidationOutcome =
  { ok: true; data: SubmittedData } | { ok: false; step: DraftStepId; problems: SubmitProblem[] };

function messageOf(raw: string): SubmitProblemMessageId {
  if (isValidationMessageId(raw)) {
    return raw;
  }
  // A zod default message (an unexpected shape): the field is not filled in as the form fills it.
  return 'field.required';
}

function problemsOf(step: DraftStepId, error: z.ZodError): SubmitProblem[] {
  return error.issues.map((issue) => ({
    step,
    path: issue.path.map(String).join('.'),
    message: messageOf(issue.message),
  }));
}

function schemaFor(step: DraftStepId, location: CompanyLocation) {
  if (step === 'completeCompanyInfo') {
    return { schema: companyInfoSchema as z.ZodType, extra: { location } };
  }
  return { schema: stepSchemas[step] as z.ZodType, extra: {} };
}

function stepsThatApply(authorizerStepApplies: boolean): DraftStepId[] {
  return DRAFT_STEPS.filter((step) => step !== 'uploadAuthorizerInfo' || authorizerStepApplies);
}

/** The rules that read two steps or the database, for steps whose own values are valid. */
async function crossStepProblems(
  db: DbOrTx,
  input: ApplicationToValidate,
  parsed: SubmittedSteps,
): Promise<SubmitProblem[]> {
  const problems: SubmitProblem[] = [];
  const authorizer = parsed.uploadAuthorizerInfo;
  if (authorizer?.choice === 'sameAsBeneficiary') {
    const beneficiaries = parsed.uploadBeneficiaryInfo;
    if (beneficiaries && !beneficiaries.hasBeneficiaries) {
      problems.push({ step: 'uploadAuthorizerInfo', path: 'choice', message: 'authorizer.noBeneficiary' });
    } else if (beneficiaries && authorizer.beneficiaryIndex >= beneficiaries.beneficiaries.length) {
      problems.push({
        step: 'uploadAuthorizerInfo',
        path: 'beneficiaryIndex',
        message: 'authorizer.beneficiaryIndex',
      });
    }
  }
  if (authorizer?.choice === 'none') {
    const verified = await isVerificationSessionVerified(db, {
      sessionId: authorizer.verificationSessionId,
      companyId: input.companyId,
    });
    if (!verified) {
      problems.push({
        step: 'uploadAuthorizerInfo',
        path: 'verificationSessionId',
        message: 'verification.required',
      });
    }
  }
  for (const step of DRAFT_STEPS) {
    const values = parsed[step];
    if (values === undefined) continue;
    const invalid = await invalidReferences(db, input.companyId, fileReferencesIn(values));
    problems.push(...invalid.map((ref) => ({ step, path: ref.path, message: 'file.invalid' as const })));
  }
  return problems;
}

export async function validateApplication(
  db: DbOrTx,
  input: ApplicationToValidate,
): Promise<ValidationOutcome> {
  const steps = stepsThatApply(input.authorizerStepApplies);
  const parsed: Record<string, unknown> = {};
  const problems: SubmitProblem[] = [];
  for (const step of steps) {
    const { schema, extra } = schemaFor(step, input.location);
    const values = input.draft[step] ?? {};
    const result = schema.safeParse({ ...values, ...extra });
    if (result.success) parsed[step] = result.data;
    else problems.push(...problemsOf(step, result.error));
  }
  problems.push(...(await crossStepProblems(db, input, parsed)));
  if (problems.length > 0) {
    const first = steps.find((step) => problems.some((p) => p.step === step)) ?? steps[0]!;
    return { ok: false, step: first, problems };
  }
  return { ok: true, data: { location: input.location, ...(parsed as SubmittedSteps) } };
}
