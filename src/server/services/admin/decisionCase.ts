// What both kinds of decision (certification, card application) share before they differ: who
// decides and when, and the rows locked in one order. The company row is locked first because the
// applicant's own changes lock it first too: one lock order, so a decision never deadlocks with a
// submit. A missing case, company or reviewer is a 404 before anything is written.
import { eq } from 'drizzle-orm';
import { companies, users } from '../../db/schema/accounts';
import { notFound } from '../../errors';
import type { Db, DbOrTx } from '../../types';
import type { CompanyRow, UserRow } from './caseParties';

export interface DecisionContext {
  db: Db;
  reviewerId: string;
  /** The portal's public address, for the link in the mail. */
  publicUrl: string;
  now: Date;
}

export interface CaseApplicationRows<A> {
  /** The case's company id, read without a lock (to know which company row to lock first). */
  companyIdOf(): Promise<string | undefined>;
  /** The case's row, read FOR UPDATE. */
  lockApplication(): Promise<A | undefined>;
}

export async function lockDecisionCase<A>(
  tx: DbOrTx,
  reviewerId: string,
  rows: CaseApplicationRows<A>,
): Promise<{ company: CompanyRow; application: A; reviewer: UserRow }> {
  const companyId = await rows.companyIdOf();
  // Stryker disable next-line ConditionalExpression: equivalent, without it the lookups below find no row for an unknown case and the check after them answers the same 404
  if (companyId === undefined) throw notFound();
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  const application = await rows.lockApplication();
  const [reviewer] = await tx.select().from(users).where(eq(users.id, reviewerId));
  if (!company || !application || !reviewer) throw notFound();
  return { company, application, reviewer };
}

/**
 * What a decision must also hold beyond the chart and the version, checked inside its transaction
 * with the case locked (issue 21): no approval waiting (rejections, revisions), the second person's
 * confirmation of a proposal (approvals), nobody else's claim. Throws the refusal; may write (the
 * proposal's confirmation) in the same transaction.
 */
export type DecisionGuard = (tx: DbOrTx, who: { reviewer: UserRow; companyId: string }) => Promise<void>;

/** A reviewer's decision on either kind of case. */
export type CaseDecision =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'requestRevision'; fields: string[]; comment: string };

/** The text a decision records and mails: a rejection's reason, a revision request's comment. */
export function recordedReasonOf(decision: CaseDecision): string | null {
  if (decision.kind === 'reject') return decision.reason;
  if (decision.kind === 'requestRevision') return decision.comment;
  return null;
}

/** The fields the applicant is asked to fix: a revision request's, once each; any other decision clears them. */
export function flaggedFieldsOf(decision: CaseDecision): string[] {
  // Stryker disable next-line ConditionalExpression: equivalent, another decision has no fields and a Set of undefined is empty
  return decision.kind === 'requestRevision' ? [...new Set(decision.fields)] : [];
}
