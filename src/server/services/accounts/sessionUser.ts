// The signed-in user as the browser keeps it (spec §3 "Session user store"), with the company's
// certification status; -1 when there is no company (reviewers; docs/product-rules.md "Status codes").
import { Column, eq, is, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../../contract/api/accounts';
import { companies, users } from '../../db/schema/index';
import type { DbOrTx } from '../../types';

export const NO_CERTIFICATION_STATUS = -1;

/**
 * The session user, built by PostgreSQL as one JSON value from `users` LEFT JOIN `companies` (issue
 * 31 §5). The session lookup runs on every signed-in request: as eighteen columns, pg described,
 * decoded and drizzle mapped each of them on every call (about a tenth of the authenticated read's
 * time in the worker); one json column is one JSON.parse. Every value is a text, uuid, integer or
 * text[] column, whose JSON is the value the page reads; the keys are SessionUser's, in its order.
 */
export const sessionUserJson: SQL<SessionUser> = sql<SessionUser>`json_build_object(
  'userId', ${users.id},
  'email', ${users.email},
  'firstName', ${users.firstName},
  'lastName', ${users.lastName},
  'phoneAreaCode', ${users.phoneAreaCode},
  'phone', ${users.phone},
  'role', ${users.role},
  'backOfficeRoles', ${users.backOfficeRoles},
  'position', ${users.position},
  'accountStatus', ${users.status},
  'language', ${users.language},
  'operatorId', ${companies.operatorId},
  'companyId', ${companies.id},
  'companyName', ${companies.name},
  'companyLocation', ${companies.location},
  'companyCreditCode', ${companies.creditCode},
  'enterpriseCertificationStatus', coalesce(${companies.certificationStatus}, ${sql.raw(String(NO_CERTIFICATION_STATUS))}),
  'enterpriseAuditStatus', ${companies.auditStatus}
)`;

/**
 * The database columns the session user reads. The session cache's triggers (migration 0019) must
 * announce a change to each of them; tests/server/security/sessionCache.test.ts holds them to it.
 */
export function sessionUserColumns(): string[] {
  return sessionUserJson.queryChunks.filter((chunk): chunk is Column => is(chunk, Column)).map((c) => c.name);
}

export async function loadSessionUser(db: DbOrTx, userId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ user: sessionUserJson })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row?.user ?? null;
}
