// The signed-in user as the browser keeps it (spec §3 "Session user store"), with the company's
// certification status; -1 when there is no company (reviewers; DECISIONS.md "Status codes").
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../contract/api/accounts';
import { companies, users } from '../../db/schema/index';
import type { DbOrTx } from '../../types';

export const NO_CERTIFICATION_STATUS = -1;

export async function loadSessionUser(db: DbOrTx, userId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { user, company } = row;
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneAreaCode: user.phoneAreaCode,
    phone: user.phone,
    role: user.role,
    position: user.position,
    accountStatus: user.status,
    language: user.language,
    operatorId: company?.operatorId ?? null,
    companyId: company?.id ?? null,
    companyName: company?.name ?? null,
    companyLocation: company?.location ?? null,
    companyCreditCode: company?.creditCode ?? null,
    enterpriseCertificationStatus: company?.certificationStatus ?? NO_CERTIFICATION_STATUS,
    enterpriseAuditStatus: company?.auditStatus ?? null,
  };
}
