// A signed-in applicant for the /gateway audit: a company, an active user and a real session made
// by the server's own session service (tests/support/sessions.ts), and the session-store entry the
// login flow would write for them (src/web/session/sessionStore.ts, spec §3).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SESSION_STORE_KEY } from '../../src/contract/limits';
import { companies, users } from '../../src/server/db/schema/index';
import type { SessionUser } from '../../src/web/session/sessionStore';
import { createCompany, signInAs } from '../../tests/support/sessions';

export interface SessionStoreEntry {
  key: string;
  value: string;
}

/** An uncertified company (status 0): /gateway shows the certification card and the to-dos. */
export async function signedInApplicant(app: FastifyInstance): Promise<SessionStoreEntry> {
  const company = await createCompany(app);
  const signedIn = await signInAs(app, { role: 'applicant', companyId: company.id });
  const [user] = await app.db.select().from(users).where(eq(users.id, signedIn.userId));
  const [row] = await app.db.select().from(companies).where(eq(companies.id, company.id));
  if (!user || !row) throw new Error('the seeded user or company row is missing');
  const sessionUser: SessionUser = {
    isLogin: true,
    token: signedIn.token,
    operatorId: row.operatorId,
    userInfo: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      position: user.position,
      language: user.language,
    },
    enterpriseCertificationStatus: row.certificationStatus,
    enterpriseAuditStatus: row.auditStatus,
    companyCreditCode: row.creditCode,
    companyName: row.name,
  };
  return { key: SESSION_STORE_KEY, value: JSON.stringify(sessionUser) };
}
