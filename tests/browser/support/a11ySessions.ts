// The people and the server-side states the accessibility, keyboard and stored-text suites open pages
// as: a reviewer, an applicant whose certification wizard resumes at a given step, an applicant with
// a submitted certification, and a fresh phone-verification link. All through the real API or the
// same services the CLI uses; nothing is faked in the page.
import { BACK_OFFICE_ROLES, type BackOfficeRole } from '../../../src/contract/api/backOfficeRoles';
import { eq } from 'drizzle-orm';
import type { CertificationDraft, DraftStepId } from '../../../src/contract/api/certification';
import type { Locale } from '../../../src/contract/envelope';
import { VERIFICATION_LINK_PARAM, VerificationPaths } from '../../../src/contract/api/verification';
import { users } from '../../../src/server/db/schema/index';
import { createReviewer } from '../../../src/server/services/reviewers';
import type { SessionUser } from '../../../src/web/session/sessionStore';
import { call, confirm, submit, validCnDraft, view, type Caller } from '../../server/certification/support';
import { seedSignedInUser, type Portal, type SeededUser } from '../../support/portal';
import { signInAs } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';

/** The server tests' helpers take a TestApp; a browser portal has the two parts they use. */
export const asTestApp = (portal: Portal) => ({ app: portal.app, url: portal.url }) as unknown as TestApp;

export function callerOf(user: SeededUser, locale: Locale = 'zh-cn'): Caller {
  return {
    signedIn: user.signedIn,
    headers: { ...user.signedIn.headers, language: locale === 'zh-cn' ? '0' : '1' },
  };
}

/** A back-office session-store entry (what the login flow writes), with every role (issue 21 §4) unless `roles` names fewer,
 *  so that every back-office page and control is there to check. */
export async function reviewerSession(
  portal: Portal,
  locale: Locale,
  roles: readonly BackOfficeRole[] = BACK_OFFICE_ROLES,
): Promise<SessionUser> {
  const signedIn = await signInAs(portal.app, { role: 'reviewer', language: locale, roles: [...roles] });
  const [row] = await portal.app.db.select().from(users).where(eq(users.id, signedIn.userId));
  if (!row) throw new Error('the reviewer row is missing');
  return {
    isLogin: true,
    token: signedIn.token,
    operatorId: null,
    userInfo: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: 'reviewer',
      backOfficeRoles: row.backOfficeRoles,
    },
    enterpriseCertificationStatus: -1,
    enterpriseAuditStatus: null,
    companyCreditCode: null,
    companyName: null,
  };
}

export const REVIEWER_PASSWORD = 'Review#Pass1';

/** A reviewer account as `npm run admin -- create-reviewer` makes it, to log in with at /login. */
export async function newReviewerAccount(portal: Portal, locale: Locale): Promise<string> {
  const email = `reviewer-${Math.random().toString(36).slice(2, 10)}@example.test`;
  await createReviewer(portal.app.db, portal.app.clock, {
    email,
    password: REVIEWER_PASSWORD,
    firstName: 'Rita',
    lastName: 'Reviewer',
    language: locale,
  });
  return email;
}

const STEP_ORDER: DraftStepId[] = [
  'completeCompanyInfo',
  'uploadEquityStructureChart',
  'uploadLegalPersonInfo',
  'uploadBeneficiaryInfo',
  'uploadAuthorizerInfo',
  'uploadOtherInfo',
];

/** Saves `values` of `step` as `user` and says where another device resumes (`currentStep`). */
export async function saveStep(
  portal: Portal,
  user: SeededUser,
  locale: Locale,
  step: DraftStepId,
  values: unknown,
  resumeAt: DraftStepId,
) {
  const t = asTestApp(portal);
  const caller = callerOf(user, locale);
  const { version } = await view(t, caller);
  const answer = await call(t, caller, 'POST', '/kyb/draft', {
    step,
    values,
    currentStep: resumeAt,
    version,
  });
  if (answer.status !== 200) throw new Error(`save failed: ${JSON.stringify(answer.body)}`);
}

/**
 * An applicant (status 0, location CN confirmed) whose wizard resumes at `step`: every earlier step
 * saved with valid values. `change` edits the valid draft first (e.g. HTML in the names).
 */
export async function applicantAtStep(
  portal: Portal,
  locale: Locale,
  step: DraftStepId | 'review',
  change: (draft: Required<CertificationDraft>) => void = () => undefined,
): Promise<{ user: SeededUser; draft: Required<CertificationDraft> }> {
  const user = await seedSignedInUser(portal, { certificationStatus: 0, language: locale });
  const caller = callerOf(user, locale);
  const t = asTestApp(portal);
  await confirm(t, caller, 'CN');
  const draft = await validCnDraft(t, caller);
  change(draft);
  const stop = step === 'review' ? STEP_ORDER.length : STEP_ORDER.indexOf(step);
  const resumeAt = step === 'review' ? 'uploadOtherInfo' : step;
  for (const earlier of STEP_ORDER.slice(0, stop))
    await saveStep(portal, user, locale, earlier, draft[earlier], resumeAt);
  return { user, draft };
}

/** An applicant whose certification (valid, edited by `change`) is submitted and under review;
 *  `beforeSubmit` runs first (the submission records who the applicant is at that moment). */
export async function applicantWithSubmission(
  portal: Portal,
  locale: Locale,
  change: (draft: Required<CertificationDraft>) => void = () => undefined,
  beforeSubmit: (user: SeededUser) => Promise<unknown> = async () => undefined,
): Promise<{ user: SeededUser; draft: Required<CertificationDraft> }> {
  const ready = await applicantAtStep(portal, locale, 'review', change);
  await beforeSubmit(ready.user);
  const submitted = await submit(asTestApp(portal), callerOf(ready.user, locale));
  if (submitted.status !== 200 || submitted.body.code !== 200)
    throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
  return ready;
}

/** A fresh QR verification link of `user`'s company, as the desktop dialog shows it (path + query). */
export async function phoneLink(portal: Portal, user: SeededUser): Promise<string> {
  const answer = await call<{ link: string }>(
    asTestApp(portal),
    callerOf(user),
    'POST',
    VerificationPaths.sessions,
    {
      purpose: 'authorizer',
      subjectName: 'Li Na',
    },
  );
  if (answer.status !== 200) throw new Error(`verification session refused: ${JSON.stringify(answer.body)}`);
  const token = new URL(answer.body.data.link).searchParams.get(VERIFICATION_LINK_PARAM);
  return `/identityVerification?${VERIFICATION_LINK_PARAM}=${token}`;
}
