// Signed-in callers for server tests: a company, an active user and a real session token, made
// through the same session service the login route uses.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BackOfficeRole } from '../../src/contract/api/backOfficeRoles';
import { companies, users } from '../../src/server/db/schema/index';

export interface SignedIn {
  token: string;
  userId: string;
  companyId: string | null;
  email: string;
  headers: { authorization: string };
}

export async function createCompany(app: FastifyInstance, init: { name?: string; location?: string } = {}) {
  const [row] = await app.db
    .insert(companies)
    .values({ name: init.name ?? `Test Co ${randomUUID().slice(0, 8)}`, location: init.location ?? 'CN' })
    .returning();
  return row!;
}

export async function signInAs(
  app: FastifyInstance,
  opts: {
    role: 'applicant' | 'reviewer';
    companyId?: string;
    language?: 'zh-cn' | 'en-us';
    /** A back-office account's roles (issue 21 §4); default ['reviewer'], as the CLI makes one. */
    roles?: BackOfficeRole[];
  },
): Promise<SignedIn> {
  const companyId = opts.role === 'reviewer' ? null : (opts.companyId ?? (await createCompany(app)).id);
  const email = `${opts.role}-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await app.db
    .insert(users)
    .values({
      companyId,
      email,
      firstName: 'Test',
      lastName: opts.role === 'reviewer' ? 'Reviewer' : 'Applicant',
      position: opts.role === 'reviewer' ? null : 'manager',
      // Not a hash any password verifies against: these accounts sign in only through this helper.
      passwordHash: '!test-account-without-password',
      role: opts.role,
      backOfficeRoles: opts.role === 'reviewer' ? (opts.roles ?? ['reviewer']) : [],
      status: 'active',
      language: opts.language ?? 'zh-cn',
    })
    .returning();
  const { token } = await app.sessions.create(user!.id);
  return { token, userId: user!.id, companyId, email, headers: { authorization: `Bearer ${token}` } };
}
