// Who a case is about and who decided it, as the case view and the decision mails need them.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CaseApplicant, CaseCompany, CaseReviewer } from '../../../contract/api/admin';
import type { CompanyLocation } from '../../../contract/options';
import type { companies } from '../../db/schema/accounts';
import { users } from '../../db/schema/accounts';
import type { DbOrTx } from '../../types';

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export function caseCompanyOf(company: CompanyRow): CaseCompany {
  return {
    id: company.id,
    name: company.name,
    location: company.location as CompanyLocation,
    operatorId: company.operatorId,
    creditCode: company.creditCode,
  };
}

export function caseApplicantOf(user: UserRow | null): CaseApplicant | null {
  if (!user) return null;
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    position: user.position,
    phoneAreaCode: user.phoneAreaCode,
    phone: user.phone,
    language: user.language,
  };
}

/**
 * The applicant of a case: the user who submitted it, else the company's first applicant account
 * (a company has one account holder today; the fallback keeps a case readable if that changes).
 */
export async function applicantOf(
  db: DbOrTx,
  companyId: string,
  submittedBy: string | null,
): Promise<UserRow | null> {
  if (submittedBy) {
    const [user] = await db.select().from(users).where(eq(users.id, submittedBy));
    if (user && user.companyId === companyId) return user;
  }
  const [first] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'applicant')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return first ?? null;
}

/** Reviewers by id, for "decided by" columns. */
export async function reviewersById(
  db: DbOrTx,
  ids: Array<string | null>,
): Promise<Map<string, CaseReviewer>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, { userId: r.id, email: r.email }]));
}
