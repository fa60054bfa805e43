// The signed-in user as the browser keeps it (spec §3 "Session user store"), with the company's
// certification status; -1 when there is no company (reviewers; docs/product-rules.md "Status codes").
import { eq } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SessionUser } from '../../../contract/api/accounts';
import { companies, users } from '../../db/schema/index';
import type { DbOrTx } from '../../types';

export const NO_CERTIFICATION_STATUS = -1;

/**
 * The columns a session user is made of, and no more: the session lookup runs on every signed-in
 * request, and each extra column is decoded on every call (companies carry the whole KYB record).
 */
export const sessionUserColumns = {
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    phoneAreaCode: users.phoneAreaCode,
    phone: users.phone,
    role: users.role,
    backOfficeRoles: users.backOfficeRoles,
    position: users.position,
    status: users.status,
    language: users.language,
    companyId: users.companyId,
  },
  company: {
    id: companies.id,
    operatorId: companies.operatorId,
    name: companies.name,
    location: companies.location,
    creditCode: companies.creditCode,
    certificationStatus: companies.certificationStatus,
    auditStatus: companies.auditStatus,
  },
};

type UserColumns = SelectResultFields<typeof sessionUserColumns.user>;
type CompanyColumns = SelectResultFields<typeof sessionUserColumns.company>;

/** The session user from its user columns and its company's (null without a company). */
export function toSessionUser(user: UserColumns, company: CompanyColumns | null): SessionUser {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneAreaCode: user.phoneAreaCode,
    phone: user.phone,
    role: user.role,
    backOfficeRoles: user.backOfficeRoles,
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

export async function loadSessionUser(db: DbOrTx, userId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row ? toSessionUser(row.user, row.company) : null;
}
